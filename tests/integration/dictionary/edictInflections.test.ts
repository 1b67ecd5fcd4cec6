/**
 * Lookups of inflected forms in Debian's real EDICT: the forms the issue names (食べちゃ, しなきゃ,
 * 待たされる…) land on the right word first, with the chain that got there.
 *
 * Then the lookup measured against a large table of inflected forms: common EDICT verbs and
 * adjectives conjugated by an independent forward conjugator (./conjugator.ts), each form looked
 * up in Debian's real EDICT. A form counts as resolved when the first entry is the word it was
 * made from (or a ～ずる verb's ～じる double) and the match covers the whole form ("strict"); the second share also counts a first
 * entry that is a word of its own the form belongs to (開けた: 開ける before 開く's potential;
 * 悪さ, 支度), as a learner would want it. Both shares are printed (the report quotes them).
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DictionaryService } from '../../../electron/core/dictionary';
import type { WordRecord } from '../../../electron/core/dictionary/records';
import { edictLine } from '../../../electron/core/dictionary/textDictionary';
import { makeTempDir } from '../../support/tempDir';
import { conjugate, type ConjugationClass } from './conjugator';

const EDICT = '/usr/share/edict/edict';

/** JMdict's verb and adjective codes, as the conjugator groups them. */
function classOf(codes: readonly string[]): ConjugationClass | null {
  for (const c of codes) {
    if (c === 'v1') return 'v1';
    if (c === 'v5k-s' || c === 'v5u-s' || c === 'v5aru' || c === 'vk' || c === 'vs-i' || c === 'vz' || c === 'adj-i' || c === 'adj-ix') return c;
    if (/^v5[ukgstnbmr]$/.test(c)) return 'v5';
  }
  return null;
}

interface Word {
  word: string;
  cls: ConjugationClass;
}

/** Common words of each class: all of the rare classes, every few of the large ones (about 700 words). */
function sampleWords(lines: readonly string[]): Word[] {
  const byClass = new Map<ConjugationClass, Word[]>();
  for (const line of lines) {
    if (!line.includes('(P)')) continue;
    let record: WordRecord | undefined;
    edictLine(line, { word: (w) => (record = w) });
    if (!record) continue;
    const cls = classOf(record.senses[0]?.posCodes ?? []);
    if (!cls) continue;
    const word = record.kanji[0]?.text ?? record.readings[0]?.text;
    if (!word) continue;
    byClass.set(cls, [...(byClass.get(cls) ?? []), { word, cls }]);
  }
  const out: Word[] = [];
  for (const words of byClass.values()) {
    const step = Math.max(1, Math.floor(words.length / 250));
    for (let i = 0; i < words.length; i += step) out.push(words[i] as Word);
  }
  return out;
}

let tmp: ReturnType<typeof makeTempDir>;
let dict: DictionaryService;
let words: Word[];
beforeAll(async () => {
  expect(fs.existsSync(EDICT), `${EDICT} is missing: apt-get install edict`).toBe(true);
  const raw = fs.readFileSync(EDICT);
  words = sampleWords(iconv.decode(raw, 'euc-jp').split('\n'));
  tmp = makeTempDir();
  dict = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
  await dict.importBuffer('edict', raw);
}, 180_000);
afterAll(() => {
  dict.close();
  tmp.cleanup();
});

/**
 * `text`, the first entry's headword (a written form or reading) and its chain; a word that must be
 * offered too. EDICT has some forms as words of their own (知らない, 寒がる, なさいます): those come first.
 */
const EXAMPLES: [string, string, string, string?][] = [
  ['食べちゃ', '食べる', 'te›cha'],
  ['しなきゃ', 'する', 'negative›conditionalContracted'],
  ['待たされる', '待つ', 'causativePassive', '待たす'],
  ['食べとる', '食べる', 'te›teoru'],
  ['食べやがった', '食べる', 'yagaru›past'],
  ['すげえ', 'すげえ', '', '凄い'],
  ['来ず', '来る', 'zu'],
  ['為ない', '為る', 'negative'],
  ['論じた', '論じる', 'past', '論ずる'],
  ['のたもうた', 'のたまう', 'past'],
  ['いらっしゃいます', 'いらっしゃる', 'polite'],
  ['なさいます', 'なさいます', '', '為さる'],
  ['ございました', 'ございます', 'past', '御座る'],
  ['ありがとうございました', 'ありがとうございました', '', 'ありがとうございます'],
  ['おめでとうございました', 'おめでとうございます', 'past'],
  ['食べませんでした', '食べる', 'polite›negative›past'],
  ['食べませんかった', '食べる', 'polite›negative›past'],
  ['申しますれば', '申す', 'polite›conditional'],
  ['高くありませんでした', '高い', 'polite›negative›past'],
  ['食べさす', '食べる', 'shortCausative'],
  ['待たす', '待たす', ''],
  ['問うた', '問う', 'past'],
  ['請うて', '請う', 'te'],
  
  ['論ずれば', '論ずる', 'conditional'],
  ['感じない', '感じる', 'negative', '感ずる'],
  ['來る', '來る', ''],
  ['知らねえ', '知らない', 'slang', '知る'],
  ['やべえ', 'やべえ', '', 'やばい'],
  ['行かはる', '行く', 'kansaiHonorific'],
  ['食べへん', '食べる', 'kansaiNegative'],
  ['行かへんかった', '行く', 'kansaiNegative›past'],
  ['買うた', '買う', 'past'],
  ['行かんかった', '行く', 'colloquialNegative›past'],
  ['美しゅう', '美しい', 'adverbial›uOnbin'],
  ['勉強した', '勉強', 'suru›past'],
  ['読んどる', '読む', 'te›teoru'],
  ['読んじゃった', '読む', 'te›chau›past'],
  ['食べないどく', '食べる', 'negative›naide›teoku'],
  ['泣かんばかり', '泣く', 'nbakari'],
  ['行かんとする', '行く', 'ntosuru'],
  ['美しき', '美しい', 'ki'],
  ['行くべし', '行く', 'beshi'],
  ['行くまい', '行く', 'mai'],
  ['知らざる', '知る', 'zaru'],
  ['行かねば', '行く', 'neba'],
  ['行かにゃ', '行く', 'neba'],
  ['いいっす', 'いい', 'ssu'],
  ['悲しげ', '悲しげ', '', '悲しい'],
  ['憎らしげ', '憎らしい', 'ge'],
  ['寒がる', '寒がる', '', '寒い'],
  ['怖がった', '怖がる', 'past', '怖い'],
  ['降りそう', '降る', 'sou', '降りる'],
  ['食べすぎた', '食べすぎる', 'past', '食べる'],
  ['歩きすぎた', '歩く', 'sugiru›past'],
  ['書かされた', '書く', 'causativePassive›past'],
  ['食べさせられなかった', '食べる', 'causative›potentialOrPassive›negative›past'],
];

describe("the issue's forms in EDICT", () => {
  it('行った: 行く and 行う both offered (as common as each other in EDICT)', () => {
    const words = dict.lookup('行った').filter((e) => e.matched === '行った').map((e) => e.kanji[0]);
    expect(words.slice(0, 3)).toEqual(expect.arrayContaining(['行く', '行う']));
  });

  it.each(EXAMPLES)('%s → %s (%s)', (text, headword, chain, next) => {
    const entries = dict.lookup(text);
    const has = (e: (typeof entries)[number] | undefined, w: string) => !!e && (e.kanji.includes(w) || e.readings.includes(w));
    const first = entries[0];
    expect(has(first, headword), `${text}: ${entries.map((e) => `${e.kanji[0] ?? e.readings[0]}[${e.reasons.join('›')}]`).join(' ')}`).toBe(true);
    expect(first).toMatchObject({ matched: text, reasons: chain ? chain.split('›') : [] });
    if (next) expect(entries.some((e) => has(e, next) && e.matched === text), `${text}: ${next} is not offered`).toBe(true);
  });
});

describe('inflected forms of common EDICT words', () => {
  it('resolves nearly every form to the word it was made from', { timeout: 300_000 }, () => {
    let total = 0;
    let resolved = 0;
    let lexical = 0;
    const missesByLabel = new Map<string, string[]>();
    for (const { word, cls } of words) {
      const forms = conjugate(word, cls);
      const ownForms = new Set(forms.map((f) => f.form));
      for (const f of forms) {
        total++;
        const first = dict.lookup(f.form)[0];
        const whole = first !== undefined && first.matched === f.form;
        // A ～ずる verb's ～じる double is the same word (論じた: 論じる or 論ずる).
        const same = cls === 'vz' ? [word, word.replace(/ずる$/, 'じる')] : [word];
        const right = whole && same.some((w) => first.kanji.includes(w) || first.readings.includes(w));
        if (right) resolved++;
        if (right || (whole && (first.reasons.length === 0 || ownForms.has(first.term)))) lexical++;
        else missesByLabel.set(`${cls} ${f.label}`, [...(missesByLabel.get(`${cls} ${f.label}`) ?? []), `${f.form}→${first ? `${first.kanji[0] ?? first.readings[0]}(${first.matched})` : '∅'}`]);
      }
    }
    const share = resolved / total;
    const lexicalShare = lexical / total;
    const worst = [...missesByLabel.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 25);
    console.log(`inflection coverage: ${resolved} of ${total} forms of ${words.length} words (${(share * 100).toFixed(1)} % strict, ${(lexicalShare * 100).toFixed(1)} % with words of their own)`);
    for (const [label, misses] of worst) console.log(`  ${label}: ${misses.length} missed, e.g. ${misses.slice(0, 4).join(' ')}`);
    expect(words.length).toBeGreaterThan(500);
    expect(share).toBeGreaterThan(0.95);
    expect(lexicalShare).toBeGreaterThan(0.99);
  });
});
