/**
 * Writes electron/core/books/gaiji/jisx0213.json: every JIS X 0213 code
 * (plane-row-cell) and the Unicode text it stands for, read from glibc's
 * `iconv -f EUC-JISX0213` (a few codes are two code points, such as か゚).
 * Run once by hand (`node electron/cli/generateJisX0213.mjs`); the JSON is
 * committed, so the app and its tests never need iconv.
 *
 * Format: `"p-r"` → the row's 94 cells joined by a space (an empty cell has no
 * character); rows without any character are left out.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../core/books/gaiji/jisx0213.json');

/** EUC-JISX0213 bytes of a code: plane 1 is two bytes 0xA0+row, 0xA0+cell; plane 2 is prefixed with SS3 (0x8F). */
const bytesOf = (plane, row, cell) => (plane === 1 ? [0xa0 + row, 0xa0 + cell] : [0x8f, 0xa0 + row, 0xa0 + cell]);

/** The text of one code, or '' when iconv refuses it (no character there). */
function convert(bytes) {
  try {
    return execFileSync('iconv', ['-f', 'EUC-JISX0213', '-t', 'UTF-8'], { input: Buffer.from(bytes), stdio: ['pipe', 'pipe', 'ignore'] }).toString('utf8');
  } catch {
    return '';
  }
}

/**
 * A row's 94 cells. A row iconv converts whole, one cell a line, is read in one
 * call; otherwise cell by cell, never with -c: that drops a refused SS3 byte
 * alone and reads the rest as plane 1.
 */
function convertRow(plane, row) {
  const input = [];
  for (let cell = 1; cell <= 94; cell++) input.push(...bytesOf(plane, row, cell), 0x0a);
  const whole = convert(input).split('\n');
  if (whole.length === 95 && whole.slice(0, 94).every(Boolean)) return whole.slice(0, 94);
  return Array.from({ length: 94 }, (_, i) => convert(bytesOf(plane, row, i + 1)));
}

const rows = {};
let count = 0;
for (const plane of [1, 2]) {
  for (let row = 1; row <= 94; row++) {
    const cells = convertRow(plane, row);
    for (const [i, c] of cells.entries()) {
      if ([...c].length > 2 || c.includes(' ')) throw new Error(`${plane}-${row}-${i + 1}: unexpected ${JSON.stringify(c)}`);
      if (c) count++;
    }
    if (cells.some(Boolean)) rows[`${plane}-${row}`] = cells.join(' ');
  }
}
const data = {
  $comment: `JIS X 0213:2004 → Unicode, from glibc iconv EUC-JISX0213 (electron/cli/generateJisX0213.mjs). ${count} codes.`,
  rows,
};
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(data, null, 1)}\n`);
console.log(`${count} codes in ${Object.keys(rows).length} rows → ${out}`);
