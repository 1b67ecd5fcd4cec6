/**
 * A dictionary sent from the browser, written to a temp file as it arrives: the bytes are
 * counted by boundedChunks and the write stops (the file removed by the caller) the moment
 * they pass the cap, so a large or endless body costs disk up to the cap and memory of a
 * chunk or two (the write stream's backpressure holds the socket back).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { boundedChunks } from '../net/boundedRead';
import { isUpstreamTooLarge } from '../net/upstreamLimits';
import { DictionaryInputError } from './errors';

const MiB = 1024 * 1024;

export function uploadTooLarge(limit: number): DictionaryInputError {
  return new DictionaryInputError('too_large', `The file is larger than ${Math.round(limit / MiB)} MiB. Nothing was changed.`);
}

export async function receiveUpload(opts: {
  body: AsyncIterable<Uint8Array>;
  file: string;
  limit: number;
  signal: AbortSignal;
  onBytes?: (n: number) => void;
}): Promise<number> {
  let received = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of boundedChunks(opts.body, opts.limit)) {
      received += chunk.byteLength;
      opts.onBytes?.(chunk.byteLength);
      yield chunk;
    }
  }
  try {
    await pipeline(Readable.from(counted()), fs.createWriteStream(opts.file, { flags: 'wx' }), { signal: opts.signal });
  } catch (e) {
    throw isUpstreamTooLarge(e) ? uploadTooLarge(opts.limit) : e;
  }
  return received;
}
