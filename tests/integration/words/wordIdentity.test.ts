import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { DictionaryService } from '../../../electron/core/dictionary';
import { WordIdentity } from '../../../electron/core/words/wordIdentity';
import { jmdictXml } from '../../support/dictionary/jmdictXml';
import { makeTempDir } from '../../support/tempDir';

const WORDS = jmdictXml([
  { id: 1, kanji: ['猫'], readings: ['ねこ'], pri: ['ichi1'], pos: ['n'], glosses: ['cat'] },
  { id: 2, kanji: ['此れ'], readings: ['これ'], pri: ['ichi1'], pos: ['pn'], misc: ['uk'], glosses: ['this'] },
  { id: 3, kanji: ['来る', '來る'], readings: ['くる'], pri: ['ichi1'], pos: ['vk'], glosses: ['to come'] },
  { id: 4, readings: ['コーヒー'], pri: ['ichi1'], pos: ['n'], glosses: ['coffee'] },
  { id: 5, kanji: ['泣く'], readings: ['なく'], pri: ['ichi1'], pos: ['v5k'], glosses: ['to cry'] },
  { id: 6, kanji: ['食べる'], readings: ['たべる'], pri: ['ichi1'], pos: ['v1'], glosses: ['to eat'] },
  { id: 7, kanji: ['東京大学'], readings: ['とうきょうだいがく'], pos: ['n'], glosses: ['University of Tokyo'] },
  { id: 8, kanji: ['方'], readings: ['ほう'], pri: ['ichi1'], pos: ['n'], glosses: ['direction'] },
  { id: 9, kanji: ['方'], readings: ['かた'], pri: ['ichi1'], pos: ['n'], glosses: ['person'] },
  { id: 10, kanji: ['居る'], readings: ['いる'], pri: ['ichi1'], pos: ['v1'], misc: ['uk'], glosses: ['to be'] },
  { id: 11, kanji: ['勉強'], readings: ['べんきょう'], pri: ['ichi1'], pos: ['n', 'vs-i'], glosses: ['study'] },
]);

let analyzer: Analyzer;
let tmp: ReturnType<typeof makeTempDir>;
let dictionary: DictionaryService;
let none: DictionaryService;
let words: WordIdentity;
let bare: WordIdentity;
beforeAll(async () => {
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji') });
  tmp = makeTempDir();
  dictionary = new DictionaryService({ dir: path.join(tmp.dir, 'with'), downloadBase: 'http://127.0.0.1:9' });
  none = new DictionaryService({ dir: path.join(tmp.dir, 'without'), downloadBase: 'http://127.0.0.1:9' });
  await dictionary.importBuffer('JMdict_e', Buffer.from(WORDS));
  words = new WordIdentity({ analyzer, dictionary });
  bare = new WordIdentity({ analyzer, dictionary: none });
}, 60_000);
afterAll(async () => {
  dictionary.close();
  none.close();
  await analyzer.close();
  tmp.cleanup();
});

const keyOf = (tokens: readonly Token[], word: string) => {
  const t = tokens.find((x) => x.word === word);
  return t?.key ? `${t.key.term}/${t.key.reading}` : '-';
};

describe('word identity: one key per word, the dictionary headword when there is a dictionary', () => {
  it('katakana, variant kanji and usually-kana words become the headword', async () => {
    const tokens = await words.tokens('ネコがこれを見た。');
    expect(keyOf(tokens, 'ネコ')).toBe('猫/ねこ');
    expect(keyOf(tokens, 'これ')).toBe('これ/これ');
    // The analyzer does not know 來 (IPADIC): the dictionary's rule is what unites the spellings.
    expect(words.normalise({ term: '來る', reading: 'くる' })).toEqual({ term: '来る', reading: 'くる' });
  });

  it('without a dictionary: the analyzer base form, kana in hiragana', async () => {
    expect(keyOf(await bare.tokens('ネコがいた。'), 'ネコ')).toBe('ねこ/ねこ');
    expect(keyOf(await words.tokens('ネコがいた。'), 'ネコ')).toBe('猫/ねこ');
  });

  it('a word in the dictionary written in kanji but usually in kana is keyed by its kana (居る → いる)', async () => {
    expect(await words.wordKey('居る')).toEqual({ term: 'いる', reading: 'いる' });
  });

  it('homographs stay two words, by reading (方: ほう, かた); a misread form takes the common reading', () => {
    expect(words.normalise({ term: '方', reading: 'ほう' })).toEqual({ term: '方', reading: 'ほう' });
    expect(words.normalise({ term: '方', reading: 'かた' })).toEqual({ term: '方', reading: 'かた' });
    expect(words.normalise({ term: '猫', reading: 'びょう' })).toEqual({ term: '猫', reading: 'ねこ' });
    // Unknown to the dictionary: the analyzer's key stands.
    expect(words.normalise({ term: '吾輩', reading: 'わがはい' })).toEqual({ term: '吾輩', reading: 'わがはい' });
  });

  it('a word given as written, inflected, is its dictionary form', async () => {
    expect(await words.wordKey('泣いていた', '子供が泣いていた。')).toEqual({ term: '泣く', reading: 'なく' });
    expect(await words.wordKey('食べさせられた')).toEqual({ term: '食べる', reading: 'たべる' });
    expect(await words.wordKey('コーヒー')).toEqual({ term: 'コーヒー', reading: 'こーひー' });
    expect(await words.wordKey('東京大学')).toEqual({ term: '東京大学', reading: 'とうきょうだいがく' });
    expect(await words.wordKey('勉強しました')).toEqual({ term: '勉強する', reading: 'べんきょうする' });
    expect(await words.wordKey('。')).toBeNull();
  });

  it('a model analysis takes its keys from the offline tokens of the same text', async () => {
    const model: Token[] = [
      { word: 'ネコ', pos: 'noun', furigana: 'ねこ' },
      { word: 'が', pos: 'particle', furigana: 'が' },
      { word: '泣いていた', pos: 'verb', furigana: 'ないていた' },
    ];
    const keyed = await words.align('ネコが泣いていた', model);
    expect(keyed.map((t) => (t.key ? `${t.key.term}/${t.key.reading}` : '-'))).toEqual(['猫/ねこ', '-', '泣く/なく']);
  });
});

describe('word identity of a word list (WordIdentity.wordKeys: one analysis for every line)', () => {
  it('inflected forms, kana and katakana words, compounds: each line its dictionary form, in order', async () => {
    const lines = ['食べさせられた', '泣いていた', 'ネコ', 'コーヒー', 'たべる', '勉強しました', '東京大学', 'hello', '猫'];
    const keys = await words.wordKeys(lines);
    expect(keys.map((k) => (k ? `${k.term}/${k.reading}` : '-'))).toEqual([
      '食べる/たべる',
      '泣く/なく',
      '猫/ねこ',
      'コーヒー/こーひー',
      '食べる/たべる',
      '勉強する/べんきょうする',
      '東京大学/とうきょうだいがく',
      '-',
      '猫/ねこ',
    ]);
  });

  it('agrees with the key of each word given alone, with and without a dictionary', async () => {
    const lines = ['走っている', 'ネコ', '美しかった', 'ゆっくり', '本'];
    for (const identity of [words, bare]) {
      const batch = await identity.wordKeys(lines);
      const alone = await Promise.all(lines.map((w) => identity.wordKey(w)));
      expect(batch).toEqual(alone);
    }
    expect((await bare.wordKeys(['ネコ']))[0]).toEqual({ term: 'ねこ', reading: 'ねこ' });
  });
});
