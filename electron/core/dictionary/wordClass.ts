/**
 * Word classes as bits, shared by the deinflection rules and the stored entries: a
 * deinflected candidate (食べ → 食べる as an ichidan verb) only matches an entry whose
 * parts of speech include that class.
 *
 * The six first bits are stored in dictionary files as they were before the others existed;
 * a file imported then lacks only the newer stored bits (v5aru … masu) until it is imported again.
 */
export const WordClass = {
  v1: 1 << 0,
  v5: 1 << 1,
  vk: 1 << 2,
  /** する and its compounds (vs-i, vs-s). */
  vs: 1 << 3,
  vz: 1 << 4,
  adjI: 1 << 5,
  /** いらっしゃる, なさる, くださる…: masu stem and imperative in い. */
  v5aru: 1 << 6,
  noun: 1 << 7,
  adjNa: 1 << 8,
  /** A noun that takes する (勉強, JMdict's `vs`). */
  vsNoun: 1 << 9,
  /** A set phrase ending in ます (ございます, ありがとうございます): it conjugates as ます does. */
  masu: 1 << 10,
  /** Every entry: what a rule that takes any word (～っす) produces. Not stored: added when matching. */
  word: 1 << 11,
  // Intermediate forms, never an entry's: a chain goes on from them.
  /** A te-form (食べて, 高くて). */
  te: 1 << 12,
  /** A polite negative in ません (its past is ませんでした). */
  masen: 1 << 13,
  /** A hypothetical in ば (its contraction is ～りゃ/～きゃ). */
  ba: 1 << 14,
  /** An adverbial in く (Kansai 高う is one). */
  adv: 1 << 15,
  /** The text as written (a form that ends a word), before any rule. */
  final: 1 << 16,
} as const;

const C = WordClass;

/** The classes of verbs (what a rule on the dictionary form of any verb produces). */
export const VERB_CLASSES = C.v1 | C.v5 | C.vk | C.vs | C.vz;
/** Classes a dictionary entry can have. */
export const DICTIONARY_CLASSES = VERB_CLASSES | C.adjI | C.v5aru | C.noun | C.adjNa | C.vsNoun | C.masu | C.word;
export const ANY_CLASS = (1 << 17) - 1;

const NOUN_CODES = new Set(['n', 'n-adv', 'n-t', 'n-pr', 'n-pref', 'n-suf', 'pn', 'adj-no', 'ctr', 'num']);

/** The classes of an entry from its JMdict part-of-speech codes (v1-s, v5k-s, vs-i, adj-ix…) and its forms. */
export function entryClasses(codes: Iterable<string>, forms: Iterable<string> = []): number {
  let bits = 0;
  for (const c of codes) {
    if (c === 'v1' || c.startsWith('v1-')) bits |= C.v1;
    else if (c === 'v5aru') bits |= C.v5 | C.v5aru;
    // Yodan verbs (EDICT's 御座る) conjugate as godan ones in every form the rules undo.
    else if (c.startsWith('v5') || c.startsWith('v4')) bits |= C.v5;
    else if (c === 'vk') bits |= C.vk;
    else if (c === 'vs-i' || c === 'vs-s') bits |= C.vs;
    else if (c === 'vs') bits |= C.vsNoun;
    else if (c === 'vz') bits |= C.vz;
    else if (c === 'adj-i' || c === 'adj-ix') bits |= C.adjI;
    else if (c === 'adj-na') bits |= C.adjNa;
    else if (NOUN_CODES.has(c)) bits |= C.noun;
  }
  for (const f of forms) if (f.endsWith('ます')) bits |= C.masu;
  return bits;
}
