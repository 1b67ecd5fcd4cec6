/**
 * An answer that does not stop: a JSON start followed by filler, as long as the client
 * reads (or up to `bytes`), optionally gzip- or brotli-encoded, in which case a few KB
 * on the wire inflate to many MB (a "zip bomb"). For the caps on upstream reads.
 */
import type http from 'node:http';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

export interface FloodOptions {
  status?: number;
  /** Content-Encoding of the body; the filler is compressed on the fly. */
  encoding?: 'gzip' | 'br';
  /** Decoded bytes to send before ending; endless when absent. */
  bytes?: number;
  /** Text the body starts with, e.g. `{"candidates":[{"content":{"parts":[{"inlineData":{"data":"`. */
  prefix?: string;
  contentType?: string;
}

const CHUNK = Buffer.alloc(64 * 1024, 'A');

export interface FloodReport {
  /** Decoded bytes handed to the socket (or its encoder) before the client stopped reading. */
  sent: number;
  /** The client closed the connection before the body ended. */
  cutByClient: boolean;
}

/** Sends the flood on `res`; resolves once the body ended or the client went away. */
export function flood(res: http.ServerResponse, opts: FloodOptions = {}): Promise<FloodReport> {
  const headers: Record<string, string> = { 'Content-Type': opts.contentType ?? 'application/json' };
  if (opts.encoding) headers['Content-Encoding'] = opts.encoding;
  res.writeHead(opts.status ?? 200, headers);
  const encoder = opts.encoding === 'gzip' ? zlib.createGzip() : opts.encoding === 'br' ? zlib.createBrotliCompress() : undefined;
  const out: Writable = encoder ?? res;
  if (encoder) encoder.pipe(res);
  const report: FloodReport = { sent: 0, cutByClient: false };
  return new Promise((resolve) => {
    let over = false;
    const finish = (): void => {
      if (over) return;
      over = true;
      resolve(report);
    };
    res.once('close', () => {
      if (!res.writableFinished) report.cutByClient = true;
      encoder?.destroy();
      finish();
    });
    const pump = (): void => {
      if (report.sent === 0 && opts.prefix) {
        out.write(opts.prefix);
        report.sent += Buffer.byteLength(opts.prefix);
      }
      while (!res.destroyed) {
        const left = opts.bytes === undefined ? CHUNK.length : Math.min(CHUNK.length, opts.bytes - report.sent);
        if (left <= 0) {
          out.end();
          return;
        }
        report.sent += left;
        if (!out.write(left === CHUNK.length ? CHUNK : CHUNK.subarray(0, left))) {
          out.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}
