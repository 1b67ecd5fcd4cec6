/**
 * Browser mode's streamed uploads: `POST /upload/<kind>` with the file as the raw body
 * (`Content-Type: application/octet-stream`, its name URI-encoded in `X-File-Name`), handed
 * on as a stream so a large file (a 100 MB Yomitan dictionary) is never held in memory; the
 * handler bounds it and writes it to disk. The answer is JSON as /rpc's: the value, or
 * `{ error }` with the contract's status. An octet-stream POST is not a "simple" request, so a
 * page of another origin cannot send one without a CORS preflight, which this server never grants.
 */
import type http from 'node:http';
import { err, ok, type Result } from '../../../shared/result';
import { httpStatusOf } from '../rpc/errorStatus';
import { logToConsole, publicErrorData } from '../rpc/internalErrors';
import { sendJson } from './respond';

export const UPLOAD_PREFIX = '/upload/';

export interface Upload {
  name: string;
  body: AsyncIterable<Uint8Array>;
  /** Content-Length, null when the body is chunked. */
  declared: number | null;
  signal: AbortSignal;
}

export type UploadHandler = (upload: Upload) => Promise<unknown>;

const NAME_MAX = 300;

function fileName(req: http.IncomingMessage): string | null {
  const raw = req.headers['x-file-name'];
  if (typeof raw !== 'string') return null;
  let name: string;
  try {
    name = decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
  // A name is shown and logged, never used as a path.
  // eslint-disable-next-line no-control-regex
  return name.length >= 1 && name.length <= NAME_MAX && !/[\u0000-\u001f\u007f]/.test(name) ? name : null;
}

export async function handleUpload(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, uploads: Readonly<Record<string, UploadHandler>>): Promise<void> {
  const kind = pathname.slice(UPLOAD_PREFIX.length);
  const refuse = (status: number, code: string, message: string) => {
    // The rest of a refused body is not read: the connection closes once the answer is out.
    req.resume();
    sendJson(res, status, { error: { code, message } }, { Connection: 'close' });
  };
  if (req.method !== 'POST') return refuse(405, 'bad_request', 'use POST');
  const handler = Object.hasOwn(uploads, kind) ? uploads[kind] : undefined;
  if (!handler) return refuse(404, 'not_found', 'no such upload');
  if (!/^application\/octet-stream\s*(?:;|$)/i.test(req.headers['content-type'] ?? '')) return refuse(415, 'bad_request', 'an upload must be sent as application/octet-stream');
  const name = fileName(req);
  if (!name) return refuse(400, 'bad_request', 'X-File-Name must name the file (URI-encoded, 1–300 characters)');
  const length = Number(req.headers['content-length']);
  const aborter = new AbortController();
  // The client went away (or cancelled) before the answer: the handler stops and cleans up.
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort();
  });
  let result: Result<unknown>;
  try {
    result = ok(await handler({ name, body: req, declared: Number.isFinite(length) ? length : null, signal: aborter.signal }));
  } catch (e) {
    result = err(publicErrorData(e, `upload ${kind}`, logToConsole));
  }
  if (res.destroyed) return;
  const close = req.complete ? {} : { Connection: 'close' };
  if (!req.complete) req.resume();
  if (result.ok) return sendJson(res, 200, result.value === undefined ? null : result.value, close);
  sendJson(res, httpStatusOf(result.error), { error: result.error }, close);
}
