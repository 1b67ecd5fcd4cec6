import { randomBytes } from 'node:crypto';
import { toErrorData, type AppErrorData } from '../../../shared/result';
import { redactSecrets } from '../net/transportError';

/** Where the detail of an internal error goes (main's console/log by default); `detail` has credentials masked. */
export type InternalErrorLog = (line: string, detail: string) => void;

export const logToConsole: InternalErrorLog = (line, detail) => console.error(line, detail);

/**
 * The error a caller may see. An `internal` error's text is ours, not the
 * caller's business (raw SQL, file paths, stack-ish detail): the caller gets a
 * generic message with a short id, and the log gets the detail under that id.
 */
export function publicErrorData(e: unknown, method: string, log: InternalErrorLog): AppErrorData {
  const data = toErrorData(e);
  if (data.code !== 'internal') return data;
  const errorId = randomBytes(4).toString('hex');
  // The stack says where; a key quoted by some library's message is masked even here.
  log(`[rpc] internal error ${errorId} in ${method}:`, redactSecrets(e instanceof Error ? (e.stack ?? e.message) : String(e)));
  return {
    code: 'internal',
    message: `Something went wrong inside the app (error id ${errorId}). The details are in the app's log.`,
    ...(data.status !== undefined ? { status: data.status } : {}),
    details: { errorId },
  };
}
