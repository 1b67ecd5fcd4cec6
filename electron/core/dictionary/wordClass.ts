/**
 * Word classes as bits, shared by the deinflection rules and the stored entries: a
 * deinflected candidate (食べ → 食べる as an ichidan verb) only matches an entry whose
 * parts of speech include that class.
 */
export const WordClass = {
  v1: 1,
  v5: 2,
  vk: 4,
  vs: 8,
  vz: 16,
  adjI: 32,
  /** Intermediate forms: a te-form (食べて) and a masu stem (食べ, 読み). */
  te: 64,
  stem: 128,
  /** A form that ends a word as written (the cursor's text before any rule). */
  final: 256,
} as const;

/** Classes a dictionary entry can have. */
export const DICTIONARY_CLASSES = WordClass.v1 | WordClass.v5 | WordClass.vk | WordClass.vs | WordClass.vz | WordClass.adjI;
export const ANY_CLASS = 0x1ff;

/** The classes of an entry from its JMdict part-of-speech codes (v1-s, v5k-s, vs-i, adj-ix…). */
export function classesOfPos(codes: Iterable<string>): number {
  let bits = 0;
  for (const c of codes) {
    if (c === 'v1' || c.startsWith('v1-')) bits |= WordClass.v1;
    else if (c.startsWith('v5')) bits |= WordClass.v5;
    else if (c === 'vk') bits |= WordClass.vk;
    else if (c === 'vs-i' || c === 'vs-s') bits |= WordClass.vs;
    else if (c === 'vz') bits |= WordClass.vz;
    else if (c === 'adj-i' || c === 'adj-ix') bits |= WordClass.adjI;
  }
  return bits;
}
