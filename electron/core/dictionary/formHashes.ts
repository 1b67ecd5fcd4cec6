/**
 * Every written form and reading as a sorted array of 32-bit hashes: most strings a
 * lookup tries (each prefix, each deinflection) are no word at all, and this answers
 * "certainly not in the dictionary" without a query. A false "maybe" (about one in ten
 * thousand) only costs the query it would have made anyway.
 */
export function hashForm(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function buildFormHashes(forms: Iterable<string>): Uint32Array {
  const set = new Set<number>();
  for (const f of forms) set.add(hashForm(f));
  return Uint32Array.from(set).sort();
}

export function mayContain(hashes: Uint32Array, form: string): boolean {
  const h = hashForm(form);
  let lo = 0;
  let hi = hashes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = hashes[mid] as number;
    if (v === h) return true;
    if (v < h) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** From the BLOB SQLite returns (not necessarily 4-byte aligned). */
export function hashesFromBlob(blob: Buffer): Uint32Array {
  const out = new Uint32Array(blob.length >>> 2);
  new Uint8Array(out.buffer).set(blob.subarray(0, out.length * 4));
  return out;
}
