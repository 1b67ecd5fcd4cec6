/**
 * Downloads one file to disk, reporting bytes as they arrive (EDRDG's servers send Content-Length).
 * No more than an import takes is written (DICTIONARY_MAX_BYTES, 64 MiB): a larger or endless
 * body is cut off as it passes the limit, so a download cannot fill the disk.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DICTIONARY_MAX_BYTES } from '../../../shared/contract/dictionary';
import { AppError } from '../../../shared/result';
import { boundedChunks } from '../net/boundedRead';
import { upstreamTooLarge } from '../net/upstreamLimits';
import { countBytes } from './inputStream';

export async function downloadFile(url: string, dest: string, onProgress: (done: number, total: number | null) => void, signal?: AbortSignal): Promise<number> {
  let res: Response;
  try {
    res = await fetch(url, signal ? { signal } : {});
  } catch (e) {
    throw new AppError({ code: 'offline', message: `Could not reach ${new URL(url).host} to download the dictionary (${(e as Error).message}).`, details: { service: 'dictionary', reason: 'unreachable' } });
  }
  if (!res.ok || !res.body) {
    throw new AppError({ code: 'upstream_error', message: `The dictionary download from ${url} failed: HTTP ${res.status}.`, status: 502, details: { service: 'dictionary', reason: 'refused' } });
  }
  const declared = Number(res.headers.get('content-length'));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  if (total !== null && total > DICTIONARY_MAX_BYTES) {
    void res.body.cancel().catch(() => undefined);
    throw upstreamTooLarge(DICTIONARY_MAX_BYTES);
  }
  let done = 0;
  onProgress(0, total);
  const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  await pipeline(
    countBytes(boundedChunks(body as AsyncIterable<Buffer>, DICTIONARY_MAX_BYTES), (n) => {
      done += n;
      onProgress(done, total);
    }),
    fs.createWriteStream(dest),
  );
  return done;
}
