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

/**
 * Gathered in a growing typed array, then sorted and deduplicated in place: 4 bytes a form.
 * A Set of JMdict's 400,000 forms' hashes (half of them too big for a small integer, so each
 * a heap number) cost ten times that.
 */
export function buildFormHashes(forms: Iterable<string>): Uint32Array {
  let all = new Uint32Array(1024);
  let n = 0;
  for (const f of forms) {
    if (n === all.length) {
      const grown = new Uint32Array(all.length * 2);
      grown.set(all);
      all = grown;
    }
    all[n++] = hashForm(f);
  }
  const sorted = all.subarray(0, n).sort();
  let unique = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i] as number;
  return sorted.slice(0, unique);
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

/**
 * What each form looked up found, behind the hashes' "certainly not here". Lookups repeat the
 * same short prefixes (one per hover), so a small cache keeps them cheap.
 */
export class FormLookup<T> {
  private readonly cache = new Map<string, T[]>();
  constructor(
    private readonly hashes: Uint32Array,
    private readonly read: (form: string) => T[],
    private readonly size = 5_000,
  ) {}

  hits(form: string): T[] {
    if (!mayContain(this.hashes, form)) return [];
    const cached = this.cache.get(form);
    if (cached) return cached;
    const hits = this.read(form);
    if (this.cache.size > this.size) this.cache.clear();
    this.cache.set(form, hits);
    return hits;
  }

  /**
   * The forms that hits() would query, read at once (`readMany`: one statement for them all)
   * and cached: a first-time lookup asks a dozen or more forms, and each statement of its own
   * cost more than the rows it returns. hits() then answers them from the cache, as before.
   */
  prefetch(forms: readonly string[], readMany: (forms: string[]) => Map<string, T[]>): void {
    const wanted = [...new Set(forms)].filter((f) => mayContain(this.hashes, f) && !this.cache.has(f));
    if (wanted.length < 2) return;
    const found = readMany(wanted);
    if (this.cache.size + wanted.length > this.size) this.cache.clear();
    for (const f of wanted) this.cache.set(f, found.get(f) ?? []);
  }
}

/** A batched read's rows grouped by their form or text, for FormLookup.prefetch: each group in the rows' order. */
export function groupRows<R, T>(rows: Iterable<R>, keyOf: (row: R) => string, valueOf: (row: R) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const key = keyOf(r);
    const group = out.get(key);
    if (group) group.push(valueOf(r));
    else out.set(key, [valueOf(r)]);
  }
  return out;
}

/** The hashes of these forms as the blob a dictionary file stores (read back with hashesFromBlob). */
export function hashesBlob(forms: Iterable<string>): Buffer {
  const hashes = buildFormHashes(forms);
  return Buffer.from(hashes.buffer, hashes.byteOffset, hashes.byteLength);
}
