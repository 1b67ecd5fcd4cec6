/**
 * Where a zip's bytes come from: memory, or a file read by position (the central
 * directory and one entry at a time), so a large archive is never held whole.
 */
import fs from 'node:fs';
import { damaged } from './archiveError';

export interface ZipSource {
  readonly size: number;
  /** Exactly `length` bytes at `offset`; past the end the archive is damaged. */
  read(offset: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

function checkRange(size: number, offset: number, length: number): void {
  if (offset < 0 || length < 0 || offset + length > size) throw damaged('a part of it lies past the end of the file');
}

export function memorySource(bytes: Uint8Array): ZipSource {
  return {
    size: bytes.length,
    read: (offset, length) => {
      checkRange(bytes.length, offset, length);
      return Promise.resolve(bytes.subarray(offset, offset + length));
    },
    close: () => Promise.resolve(),
  };
}

export async function fileSource(file: string): Promise<ZipSource> {
  const handle = await fs.promises.open(file, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (e) {
    await handle.close();
    throw e;
  }
  let closed = false;
  return {
    size,
    async read(offset, length) {
      if (closed) throw new Error('The archive is closed.');
      checkRange(size, offset, length);
      const out = Buffer.allocUnsafe(length);
      for (let at = 0; at < length; ) {
        const { bytesRead } = await handle.read(out, at, length - at, offset + at);
        // The file shrank under us: as damaged as a truncated one.
        if (bytesRead === 0) throw damaged('the file ended early');
        at += bytesRead;
      }
      return out;
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}
