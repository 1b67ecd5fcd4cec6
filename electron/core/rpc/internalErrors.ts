import { randomBytes } from 'node:crypto';
import { toErrorData, type AppErrorData } from '../../../shared/result';

/** Where the detail of an internal error goes (main's console/log by default). */
export type InternalErrorLog = (line: string, error: unknown) => void;

export const logToConsole: InternalErrorLog = (line, error) => console.error(line, error);

/**
 * The error a caller may see. An `internal` error's text is ours, not the
 * caller's business (raw SQL, file paths, stack-ish detail): the caller gets a
 * generic message with a short id, and the log gets the detail under that id.
 */
export function publicErrorData(e: unknown, method: string, log: InternalErrorLog): AppErrorData {
  const data = toErrorData(e);
  if (data.code !== 'internal') return data;
  const errorId = randomBytes(4).toString('hex');
  log(`[rpc] internal error ${errorId} in ${method}:`, e);
  return {
    code: 'internal',
    message: `Something went wrong inside the app (error id ${errorId}). The details are in the app's log.`,
    ...(data.status !== undefined ? { status: data.status } : {}),
    details: { errorId },
  };
}
