/**
 * A Yomitan dictionary larger than any in-memory cap, written straight to disk a MiB at a
 * time (fflate's streaming Zip): a small term bank and many large stored entries the
 * importer never reads (as a dictionary's images would be), so the test's own memory stays flat.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

const MiB = 1024 * 1024;

export function writeBigYomitanZip(file: string, opts: { title: string; padMiB: number; terms: unknown[][] }): number {
  const fd = fs.openSync(file, 'w');
  let failed: Error | null = null;
  const zip = new Zip((e, chunk) => {
    if (e) failed = e;
    else fs.writeSync(fd, chunk);
  });
  const add = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level: 6 });
    zip.add(f);
    f.push(new TextEncoder().encode(text), true);
  };
  add('index.json', JSON.stringify({ title: opts.title, revision: '1', format: 3 }));
  add('term_bank_1.json', JSON.stringify(opts.terms));
  // Random bytes in files of 4 MiB: incompressible, like the images that make real dictionaries large.
  for (let at = 0; at < opts.padMiB; at += 4) {
    const pad = new ZipPassThrough(`media/pad-${at / 4}.bin`);
    zip.add(pad);
    const n = Math.min(4, opts.padMiB - at);
    for (let i = 0; i < n; i++) pad.push(crypto.randomBytes(MiB), i === n - 1);
  }
  zip.end();
  fs.closeSync(fd);
  if (failed) throw failed;
  return fs.statSync(file).size;
}
