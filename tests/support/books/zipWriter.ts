import { zipSync, type Zippable } from 'fflate';

export type ZipEntries = Record<string, string | Uint8Array>;

const bytes = (v: string | Uint8Array) => (typeof v === 'string' ? new TextEncoder().encode(v) : v);

/** A zip built in the test (fflate). `mimetype` goes first and stored, as EPUB requires. */
export function makeZip(entries: ZipEntries, opts: { level?: 0 | 6 | 9 } = {}): Uint8Array {
  const files: Zippable = {};
  if (entries.mimetype !== undefined) files.mimetype = [bytes(entries.mimetype), { level: 0 }];
  for (const [name, data] of Object.entries(entries)) {
    if (name !== 'mimetype') files[name] = [bytes(data), { level: opts.level ?? 6 }];
  }
  return zipSync(files);
}
