/** A word card is headed by the word's dictionary form and reading, whatever form it was starred in; its meaning is a dictionary sense. */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { starInput, type StarArgs, type StarDeps } from '../../../electron/core/cards/starCard';
import { DictionaryService } from '../../../electron/core/dictionary';
import { ReviewService } from '../../../electron/core/review/reviewService';
import { WordIdentity } from '../../../electron/core/words/wordIdentity';
import { jmdictXml } from '../../support/dictionary/jmdictXml';
import { memoryDb } from '../../support/memoryDb';
import { makeTempDir } from '../../support/tempDir';

const WORDS = jmdictXml([
  { id: 5, kanji: ['泣く'], readings: ['なく'], pri: ['ichi1'], pos: ['v5k'], glosses: ['to cry'] },
  { id: 6, kanji: ['食べる'], readings: ['たべる'], pri: ['ichi1'], pos: ['v1'], glosses: ['to eat'] },
  { id: 1, kanji: ['猫'], readings: ['ねこ'], pri: ['ichi1'], pos: ['n'], glosses: ['cat'] },
  { id: 4, readings: ['コーヒー'], pri: ['ichi1'], pos: ['n'], glosses: ['coffee'] },
  { id: 12, readings: ['とても'], pri: ['ichi1'], pos: ['n'], glosses: ['very'] },
]);

let analyzer: Analyzer;
let tmp: ReturnType<typeof makeTempDir>;
let dictionary: DictionaryService;
let deps: StarDeps;
beforeAll(async () => {
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji') });
  tmp = makeTempDir();
  dictionary = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
  await dictionary.importBuffer('JMdict_e', Buffer.from(WORDS));
  const words = new WordIdentity({ analyzer, dictionary });
  deps = { wordKey: (w, s, o, sig) => words.wordKey(w, s, o, sig), lookup: (t, r) => dictionary.lookup(t, r) };
}, 60_000);
afterAll(async () => {
  dictionary.close();
  await analyzer.close();
  tmp.cleanup();
});

const star = (word: string, sentence: string, more: Partial<StarArgs> = {}): StarArgs => ({
  kind: 'word',
  word,
  reading: '',
  meaning: '',
  sentence,
  translation: '',
  explanation: '',
  ...more,
});

describe('the card headword', () => {
  it('an inflected verb is its dictionary form and reading; the written form is kept', async () => {
    expect(await starInput(star('泣いていた', '子供が泣いていた。', { reading: 'ない' }), deps)).toMatchObject({ word: '泣く', reading: 'なく', surface: '泣いていた', meaning: 'to cry' });
    expect(await starInput(star('食べさせられた', '野菜を食べさせられた。'), deps)).toMatchObject({ word: '食べる', reading: 'たべる', surface: '食べさせられた' });
  });

  it('kana words: hiragana as written, katakana read in hiragana, a kana spelling of a kanji word is its headword', async () => {
    expect(await starInput(star('とても', 'とても寒い。'), deps)).toMatchObject({ word: 'とても', reading: 'とても', meaning: 'very' });
    const coffee = await starInput(star('コーヒー', 'コーヒーを飲む。'), deps);
    expect(coffee).toMatchObject({ word: 'コーヒー', reading: 'こーひー', meaning: 'coffee' });
    expect(coffee.surface).toBeUndefined();
    expect(await starInput(star('ネコ', 'ネコがいる。'), deps)).toMatchObject({ word: '猫', reading: 'ねこ', surface: 'ネコ' });
  });

  it('the meaning is the sense picked, else the first; the model explanation stays beside it; a meaning picked from the model wins', async () => {
    const picked = await starInput(star('泣いた', '泣いた。', { sense: { entryId: 5, index: 0 }, explanation: '哭' }), deps);
    expect(picked).toMatchObject({ meaning: 'to cry', sense: { entryId: 5, index: 0 }, explanation: '哭' });
    const model = await starInput(star('泣いた', '泣いた。', { meaning: '哭泣', explanation: '哭' }), deps);
    expect(model).toMatchObject({ meaning: '哭泣', explanation: '哭' });
    expect(model.sense).toBeUndefined();
  });

  it('a word the dictionary lacks takes the model explanation as its meaning', async () => {
    expect(await starInput(star('ぬぬぬ', 'ぬぬぬ。', { explanation: 'nonsense' }), deps)).toMatchObject({ meaning: 'nonsense', explanation: 'nonsense' });
  });

  it('text with no Japanese word stays as written', async () => {
    expect(await starInput(star('OK', 'OK.', { reading: '' }), deps)).toMatchObject({ word: 'OK', reading: '' });
  });

  it('starring another form of a carded word finds that card, never a second one', async () => {
    const review = new ReviewService(memoryDb());
    const first = review.star(await starInput(star('泣いていた', '子供が泣いていた。'), deps));
    expect(first.existed).toBe(false);
    const again = review.star(await starInput(star('泣かない', '私は泣かない。'), deps));
    expect(again).toMatchObject({ id: first.id, existed: true, word: '泣く', sentence: '子供が泣いていた。' });
    expect(review.count()).toBe(1);
    expect(review.idOf({ kind: 'word', word: '泣く', reading: 'なく' })).toBe(first.id);
  });
});
