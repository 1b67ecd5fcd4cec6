/**
 * Deinflection by suffix rules, in the manner of Yomitan: each rule turns an inflected
 * ending back into a less inflected one (なかった → ない, ない → る) and says which word
 * class the result must be. Rules chain (食べられなかった → 食べられない → 食べられる →
 * 食べる), and a candidate only counts if an entry of its class exists (./lookup.ts). The
 * offline analyzer's dictionary form is tried too; this table covers what it splits or misses.
 */
import { ANY_CLASS, WordClass as C } from './wordClass';

export interface Candidate {
  /** The form to look up. */
  term: string;
  /** Classes the entry must have (any entry for the text as written, with no reasons). */
  classes: number;
  /** Steps taken, outermost first. */
  reasons: string[];
}

interface Rule {
  from: string;
  to: string;
  /** Classes the inflected form may have for the rule to apply. */
  in: number;
  /** Class of the result. */
  out: number;
  reason: string;
  /** `from` has a kanji (来た → 来る): such an ending alone is still a word. */
  hanFrom: boolean;
}

const FINAL = C.final;
const rules: Rule[] = [];
const add = (reason: string, inClass: number, outClass: number, pairs: [string, string][]) => {
  for (const [from, to] of pairs) rules.push({ from, to, in: inClass, out: outClass, reason, hanFrom: /\p{Script=Han}/u.test(from) });
};

// Godan endings: [dictionary ending, a-row, i-row, e-row, o-row, te, ta].
const GODAN: [string, string, string, string, string, string, string][] = [
  ['う', 'わ', 'い', 'え', 'お', 'って', 'った'],
  ['く', 'か', 'き', 'け', 'こ', 'いて', 'いた'],
  ['ぐ', 'が', 'ぎ', 'げ', 'ご', 'いで', 'いだ'],
  ['す', 'さ', 'し', 'せ', 'そ', 'して', 'した'],
  ['つ', 'た', 'ち', 'て', 'と', 'って', 'った'],
  ['ぬ', 'な', 'に', 'ね', 'の', 'んで', 'んだ'],
  ['ぶ', 'ば', 'び', 'べ', 'ぼ', 'んで', 'んだ'],
  ['む', 'ま', 'み', 'め', 'も', 'んで', 'んだ'],
  ['る', 'ら', 'り', 'れ', 'ろ', 'って', 'った'],
];
const godan = (col: 1 | 2 | 3 | 4 | 5 | 6, suffix: string): [string, string][] => GODAN.map((g) => [g[col] + suffix, g[0]]);
// する and 来る, kana and kanji.
const suru = (stem: string, suffix: string): [string, string][] => [[stem + suffix, 'する']];
const kuru = (kanaStem: string, suffix: string): [string, string][] => [
  [kanaStem + suffix, 'くる'],
  ['来' + suffix, '来る'],
];

// Past and te-form.
add('past', FINAL, C.v1, [['た', 'る']]);
add('past', FINAL, C.v5, [...godan(6, ''), ['行った', '行く'], ['いった', 'いく']]);
add('past', FINAL, C.vs, suru('し', 'た'));
add('past', FINAL, C.vk, kuru('き', 'た'));
add('past', FINAL, C.adjI, [['かった', 'い']]);
add('te', FINAL | C.te, C.v1, [['て', 'る']]);
add('te', FINAL | C.te, C.v5, [...godan(5, ''), ['行って', '行く'], ['いって', 'いく']]);
add('te', FINAL | C.te, C.vs, suru('し', 'て'));
add('te', FINAL | C.te, C.vk, kuru('き', 'て'));
add('te', FINAL | C.te, C.adjI, [['くて', 'い']]);
add('-tara', FINAL, FINAL, [['たら', 'た'], ['だら', 'だ']]);
add('-tari', FINAL, FINAL, [['たり', 'た'], ['だり', 'だ']]);

// Negative (conjugates as an i-adjective) and its classical forms.
add('negative', C.adjI, C.v1, [['ない', 'る']]);
add('negative', C.adjI, C.v5, godan(1, 'ない'));
add('negative', C.adjI, C.vs, suru('し', 'ない'));
add('negative', C.adjI, C.vk, kuru('こ', 'ない'));
add('negative', C.adjI, C.adjI, [['くない', 'い']]);
add('-zu', FINAL, C.v1, [['ず', 'る'], ['ずに', 'る']]);
add('-zu', FINAL, C.v5, [...godan(1, 'ず'), ...godan(1, 'ずに')]);
add('-zu', FINAL, C.vs, [['せず', 'する'], ['せずに', 'する']]);
add('-nu', FINAL, C.v1, [['ぬ', 'る'], ['ん', 'る']]);
add('-nu', FINAL, C.v5, [...godan(1, 'ぬ'), ...godan(1, 'ん')]);

// Polite forms and other endings on the masu stem: first back to the stem, then the stem to the verb.
add('polite', FINAL, C.stem, [['ます', ''], ['ません', ''], ['ました', ''], ['ませんでした', ''], ['ましょう', ''], ['まして', '']]);
add('-tai', C.adjI, C.stem, [['たい', '']]);
add('-nagara', FINAL, C.stem, [['ながら', '']]);
add('-nasai', FINAL, C.stem, [['なさい', '']]);
add('-sou', FINAL, C.stem, [['そう', '']]);
add('-sugiru', C.v1, C.stem, [['すぎる', ''], ['過ぎる', '']]);
add('-yasui', C.adjI, C.stem, [['やすい', '']]);
add('-nikui', C.adjI, C.stem, [['にくい', '']]);
add('masu stem', C.stem, C.v1, [['', 'る']]);
add('masu stem', C.stem, C.v5, godan(2, ''));
add('masu stem', C.stem, C.vs, [['し', 'する']]);
add('masu stem', C.stem, C.vk, kuru('き', ''));
add('-sou', FINAL, C.adjI, [['そう', 'い']]);
add('-sugiru', C.v1, C.adjI, [['すぎる', 'い']]);
add('noun', FINAL, C.adjI, [['さ', 'い']]);
add('adverb', FINAL, C.adjI, [['く', 'い']]);

// Potential, passive, causative: the result conjugates as an ichidan verb.
add('potential or passive', C.v1, C.v1, [['られる', 'る']]);
add('passive', C.v1, C.v5, godan(1, 'れる'));
add('potential', C.v1, C.v5, godan(3, 'る'));
add('passive', C.v1, C.vs, suru('さ', 'れる'));
add('potential', C.v1, C.vs, [['できる', 'する']]);
add('potential or passive', C.v1, C.vk, [...kuru('こ', 'られる'), ...kuru('こ', 'れる')]);
add('causative', C.v1, C.v1, [['させる', 'る']]);
add('causative', C.v1, C.v5, godan(1, 'せる'));
add('causative', C.v1, C.vs, suru('さ', 'せる'));
add('causative', C.v1, C.vk, kuru('こ', 'させる'));

// Conditional, volitional, imperative.
add('-ba', FINAL, C.v1 | C.v5, [['れば', 'る']]);
add('-ba', FINAL, C.v5, godan(3, 'ば'));
add('-ba', FINAL, C.vs, suru('す', 'れば'));
add('-ba', FINAL, C.vk, kuru('く', 'れば'));
add('-ba', FINAL, C.adjI, [['ければ', 'い']]);
add('volitional', FINAL, C.v1, [['よう', 'る']]);
add('volitional', FINAL, C.v5, godan(4, 'う'));
add('volitional', FINAL, C.vs, suru('し', 'よう'));
add('volitional', FINAL, C.vk, kuru('こ', 'よう'));
add('imperative', FINAL, C.v1, [['ろ', 'る'], ['よ', 'る']]);
add('imperative', FINAL, C.v5, godan(3, ''));
add('imperative', FINAL, C.vs, [['しろ', 'する'], ['せよ', 'する']]);
add('imperative', FINAL, C.vk, [['こい', 'くる'], ['来い', '来る']]);

// Auxiliaries after the te-form (見せてくれる, 食べている, 読んでしまう), and their contractions.
const TE_AUX: [string, number][] = [
  ['いる', C.v1], ['る', C.v1], ['くれる', C.v1], ['あげる', C.v1], ['みる', C.v1], ['しまう', C.v5], ['おく', C.v5],
  ['ある', C.v5], ['もらう', C.v5], ['いく', C.v5], ['くる', C.vk], ['ください', FINAL],
];
for (const [aux, cls] of TE_AUX) {
  add(`-te ${aux}`, cls, C.te, [['て' + aux, 'て'], ['で' + aux, 'で']]);
}
add('-te shimau', C.v5, C.te, [['ちゃう', 'て'], ['じゃう', 'で'], ['ちまう', 'て'], ['じまう', 'で']]);
add('-te oku', C.v5, C.te, [['とく', 'て'], ['どく', 'で']]);

/** Rules by the last character of their `from`, so each step tests only the few that can apply. */
const byLastChar = new Map<string, Rule[]>();
const emptyFrom: Rule[] = [];
for (const r of rules) {
  if (!r.from) {
    emptyFrom.push(r);
    continue;
  }
  const last = r.from.slice(-1);
  byLastChar.set(last, [...(byLastChar.get(last) ?? []), r]);
}

const MAX_STEPS = 6;

/** Every form `text` may be an inflection of, starting with `text` itself. */
export function deinflect(text: string): Candidate[] {
  // The text as written may be any form but a bare masu stem (東京 is not the stem of 東京る).
  const out: Candidate[] = [{ term: text, classes: ANY_CLASS & ~C.stem, reasons: [] }];
  const seen = new Set<string>([`${text}\u0000`]);
  for (let i = 0; i < out.length; i++) {
    const c = out[i] as Candidate;
    if (c.reasons.length >= MAX_STEPS || !c.term) continue;
    // Two lists walked in turn, not joined: a lookup deinflects every prefix, and each copy is garbage.
    apply(c, byLastChar.get(c.term.charAt(c.term.length - 1)), out, seen);
    apply(c, emptyFrom, out, seen);
  }
  return out;
}

function apply(c: Candidate, applicable: readonly Rule[] | undefined, out: Candidate[], seen: Set<string>): void {
  if (!applicable) return;
  for (const r of applicable) {
    if ((c.classes & r.in) === 0 || !c.term.endsWith(r.from)) continue;
    // A bare ending is no word (た is not the past of る), except the irregular verbs (しない → する, 来た → 来る).
    if (c.term.length === r.from.length && !(r.out & (C.vs | C.vk)) && !r.hanFrom) continue;
    const term = c.term.slice(0, c.term.length - r.from.length) + r.to;
    if (!term) continue;
    const key = `${term}\u0000${r.out}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ term, classes: r.out, reasons: c.reasons.length ? [r.reason, ...c.reasons] : [r.reason] });
  }
}
