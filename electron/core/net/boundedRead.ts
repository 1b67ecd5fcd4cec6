/**
 * Every read of an upstream body goes through here: bytes are counted as they arrive and
 * the read stops — the body cancelled, the socket (or the decompressor before it) destroyed —
 * the moment they pass the limit, with upstreamTooLarge (upstream_error, 502,
 * `details.tooLarge`). Nothing is buffered whole and checked afterwards, so a huge, endless
 * or inflating body costs at most its limit in memory (or on disk, for a download).
 *
 * Users and their limits (upstreamLimits.ts and beside each caller): gateway and Gemini JSON,
 * key info, the model catalog (16 MiB), Gemini TTS (32 MiB), AnkiConnect replies (16 MiB),
 * the dictionary download (64 MiB, streamed to disk). Edge TTS's WebSocket is bounded by
 * `ws`'s own maxPayload, which refuses a message before buffering it (edgeTts.ts).
 */
import type { Readable } from 'node:stream';
import { upstreamTooLarge } from './upstreamLimits';

/** A response that reads its own body up to a limit (keepAliveFetch's NodeResponse). */
interface SelfBoundedResponse {
  bytesUpTo(limit: number): Promise<Buffer>;
}

const selfBounded = (res: Response): res is Response & SelfBoundedResponse => typeof (res as Partial<SelfBoundedResponse>).bytesUpTo === 'function';

/** A web body read whole up to `limit` bytes; past it the body is cancelled and upstreamTooLarge thrown. */
export async function readWebBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const step = await reader.read();
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw upstreamTooLarge(limit);
    }
    chunks.push(step.value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A whole node stream up to `limit` bytes; events rather than `for await`, whose iterator
 * costs more than a small body's read. Past the limit the stream (and so the socket, or
 * the decompressor before it inflates further) is destroyed.
 */
export function readNodeBounded(stream: Readable, limit: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stream.off('data', onData);
      chunks.length = 0;
      reject(upstreamTooLarge(limit));
      stream.destroy();
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    stream.once('error', reject);
    // Destroyed without an error (e.g. the socket closed): not a whole body.
    stream.once('close', () => {
      if (!stream.readableEnded) reject(new TypeError('terminated'));
    });
  });
}

/**
 * A response's whole body, at most `limit` bytes after decoding, from keepAliveFetch's
 * responses and the global fetch's alike; past the limit the read stops with upstreamTooLarge.
 */
export function readResponseBounded(res: Response, limit: number): Promise<Buffer> {
  if (selfBounded(res)) return res.bytesUpTo(limit);
  if (res.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
  const declared = Number(res.headers.get('content-length') ?? NaN);
  // Known too large and not compressed (a decoded body is counted as it comes): no need to start.
  if (declared > limit && !res.headers.get('content-encoding')) {
    void res.body?.cancel().catch(() => undefined);
    return Promise.reject(upstreamTooLarge(limit));
  }
  return readWebBounded(res.body, limit);
}

/** `readResponseBounded` as UTF-8 text. */
export async function readResponseTextBounded(res: Response, limit: number): Promise<string> {
  return (await readResponseBounded(res, limit)).toString('utf8');
}

/**
 * The chunks of a body passed on as they come (to a file, say), throwing upstreamTooLarge
 * before yielding the chunk that passes `limit`; the source is closed by the throw.
 */
export async function* boundedChunks<T extends Uint8Array>(src: AsyncIterable<T>, limit: number): AsyncGenerator<T> {
  let size = 0;
  for await (const chunk of src) {
    size += chunk.byteLength;
    if (size > limit) throw upstreamTooLarge(limit);
    yield chunk;
  }
}
