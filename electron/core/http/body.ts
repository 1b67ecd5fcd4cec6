import type http from 'node:http';
import { APP_MESSAGES } from '../../../shared/messages';

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: http.OutgoingHttpHeaders = {}) {
    super(message);
  }
}

export const MiB = 1024 * 1024;

const BODY_INCOMPLETE = '请求体未完整送达';

/**
 * Reads a request body up to `limit` bytes. A larger body is refused as soon as
 * it is known to be too large (from Content-Length or while streaming), without
 * buffering the rest.
 */
export async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new HttpError(413, APP_MESSAGES.bodyTooLarge);
  }
  // Not `for await`: leaving that loop early destroys the request, which leaves a keep-alive
  // connection wedged (the next request on it is never read). Draining keeps it usable.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // With a known length the chunks are copied in as they come: a large upload is never
    // concatenated in one long turn that other requests would wait behind.
    let whole = Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        chunks.length = 0;
        req.resume();
        reject(new HttpError(413, APP_MESSAGES.bodyTooLarge));
        return;
      }
      if (whole && size <= whole.length) chunk.copy(whole, size - chunk.length);
      else {
        // More than declared (the parser would refuse it; kept for safety): back to the chunks.
        if (whole) chunks.push(whole.subarray(0, size - chunk.length));
        whole = undefined;
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      done();
      resolve(whole ? whole.subarray(0, size) : Buffer.concat(chunks, size));
    };
    // The client went away, or the server's request deadline cut it, before the body was
    // complete: nobody is left to answer, and it is no server fault worth logging.
    const onError = () => {
      done();
      reject(new HttpError(400, BODY_INCOMPLETE));
    };
    const onClose = onError;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Parses a JSON body. Malformed JSON → 400; `expect: 'object' | 'array'` checks the top-level shape. */
export async function readJson(req: http.IncomingMessage, limit: number, expect: 'object' | 'array' | 'any' = 'any'): Promise<unknown> {
  const buf = await readBody(req, limit);
  let value: unknown;
  try {
    value = buf.length === 0 ? undefined : JSON.parse(buf.toString('utf8'));
  } catch {
    throw new HttpError(400, APP_MESSAGES.invalidJson);
  }
  if (expect === 'object' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw new HttpError(400, APP_MESSAGES.bodyNotObject);
  }
  if (expect === 'array' && value !== undefined && !Array.isArray(value)) {
    throw new HttpError(400, 'arguments must be a JSON array');
  }
  return value;
}
