/**
 * Readings through the contract, on a real core (fake gateway, real analyzer, a JMdict file):
 * the analyzer's furigana checked against the dictionary, and a reading corrected by hand shown
 * wherever the word appears: the offline and the model's analysis, history, a book, the daily
 * sentence and a review card. Forgetting it brings the checked reading back.
 */
import { describe, expect, it } from 'vitest';
import type { BookChapter, ImportedBook } from '../../../shared/contract/books';
import type { OpenedDocument } from '../../../shared/contract/library';
import type { AnalyzeChunk, AnalyzeResult } from '../../../shared/contract/reader';
import type { ReadingCorrection } from '../../../shared/contract/readings';
import type { DueList } from '../../../shared/contract/review';
import type { DailySentence, Token } from '../../../shared/domain';
import { callErr, callOk, streamResult } from '../../support/dispatch';
import { jmdictXml } from '../../support/dictionary/jmdictXml';
import { useReaderStack } from '../../support/readerStack';

const stack = useReaderStack('sk-or-readings-test');

const WORDS = jmdictXml([
  { id: 1, kanji: ['毛'], readings: ['け'], pri: ['ichi1'], pos: ['n'], glosses: ['hair'] },
  { id: 2, kanji: ['毛'], readings: ['もう'], pos: ['num'], glosses: ['one-thousandth'] },
  { id: 3, kanji: ['恐ろしい'], readings: ['おそろしい'], pri: ['ichi1'], pos: ['adj-i'], glosses: ['terrible'] },
  { id: 4, kanji: ['恐い'], readings: ['こわい'], pri: ['ichi1'], pos: ['adj-i'], glosses: ['scary'] },
  { id: 5, kanji: ['人'], readings: ['ひと'], pri: ['ichi1'], pos: ['n'], glosses: ['person'] },
  { id: 6, kanji: ['人'], readings: ['にん'], pos: ['ctr'], glosses: ['counter for people'] },
  { id: 7, kanji: ['夜'], readings: ['よる'], pri: ['ichi1'], pos: ['n'], glosses: ['night'] },
  { id: 8, kanji: ['夜'], readings: ['よ'], pri: ['ichi1'], pos: ['n'], glosses: ['night'] },
]);

const TEXT = '第一毛をもって恐しい夜。一人で夜。';
const analyze = (args: Record<string, unknown>) => streamResult<AnalyzeChunk, AnalyzeResult>(stack.core, 'reader.analyze', [args]);
const readingOf = (tokens: readonly Token[] | undefined, word: string) => tokens?.find((t) => t.word === word)?.furigana;
const keyOf = (tokens: readonly Token[] | undefined, word: string) => {
  const k = tokens?.find((t) => t.word === word)?.key;
  return k ? `${k.term}/${k.reading}` : '-';
};

describe('the analyzer’s furigana checked against the dictionary', () => {
  it('a rare or wrong reading gives way to the common one; a counter’s stays', async () => {
    await callOk(stack.core, 'dictionary.import', { name: 'JMdict_e', dataBase64: Buffer.from(WORDS).toString('base64') });
    const { result } = await analyze({ text: TEXT, offlineOnly: true });
    // kuromoji reads 毛 after 一 as the unit もう, and splits 恐しい into 恐し (こわし) and い.
    expect(readingOf(result.tokens, '毛')).toBe('け');
    expect(readingOf(result.tokens, '恐し')).toBe('おそろし');
    expect(keyOf(result.tokens, '恐し')).toBe('恐ろしい/おそろしい');
    expect(readingOf(result.tokens, '人')).toBe('にん');
    expect(readingOf(result.tokens, '夜')).toBe('よる');
  });
});

describe('a reading corrected by hand', () => {
  let documentId: number;

  it('is refused without a kanji or in other than kana, and nothing changes', async () => {
    expect((await callErr(stack.core, 'readings.correct', { word: 'ねこ', reading: 'ねこ' })).code).toBe('bad_request');
    expect((await callErr(stack.core, 'readings.correct', { word: '夜', reading: 'yo' })).code).toBe('bad_request');
    expect((await callErr(stack.core, 'readings.correct', { word: '', reading: 'よ' })).code).toBe('bad_request');
    expect(await callOk<ReadingCorrection[]>(stack.core, 'readings.list')).toEqual([]);
  });

  it('is announced, listed, and shown in the offline analysis, with the word keyed by it', async () => {
    const seen: unknown[] = [];
    const off = stack.core.bus.subscribe((m) => m.event === 'readings.changed' && seen.push(m.payload));
    try {
      const c = await callOk<ReadingCorrection>(stack.core, 'readings.correct', { word: '夜', reading: 'ヨ' });
      expect(c).toMatchObject({ word: '夜', reading: 'よ' });
      expect(seen).toEqual([{ word: '夜', correction: c }]);
    } finally {
      off();
    }
    expect((await callOk<ReadingCorrection[]>(stack.core, 'readings.list')).map((c) => c.word)).toEqual(['夜']);
    const { result } = await analyze({ text: TEXT, offlineOnly: true });
    expect(result.tokens.filter((t) => t.word === '夜').map((t) => t.furigana)).toEqual(['よ', 'よ']);
    // The analysis's own reading goes along, for a view to show once the correction is forgotten.
    expect(result.tokens.find((t) => t.word === '夜')?.uncorrected).toBe('よる');
    expect(keyOf(result.tokens, '夜')).toBe('夜/よ');
    // The learner's reading wins over the dictionary's check as well.
    await callOk(stack.core, 'readings.correct', { word: '毛', reading: 'もう' });
    expect(readingOf((await analyze({ text: TEXT, offlineOnly: true })).result.tokens, '毛')).toBe('もう');
  });

  it("is shown in a model's analysis (streamed, then from the cache) and in history", async () => {
    const first = await analyze({ text: TEXT });
    expect(first.result.source).toBe('model');
    documentId = first.result.documentId!;
    const finals = first.chunks.filter((c) => c.source === 'model' && c.final).flatMap((c) => c.tokens);
    expect(readingOf(finals, '夜')).toBe('よ');
    const cached = await analyze({ text: TEXT });
    expect(cached.result.source).toBe('cache');
    expect(readingOf(cached.result.tokens, '夜')).toBe('よ');
    const opened = await callOk<OpenedDocument>(stack.core, 'library.open', documentId);
    expect(readingOf(opened.tokens, '夜')).toBe('よ');
  });

  it('is shown in a book, the daily sentence and a review card', async () => {
    const book = await callOk<ImportedBook>(stack.core, 'books.import', { name: '夜.txt', dataBase64: Buffer.from('長い夜。\n').toString('base64') });
    const chapter = await callOk<BookChapter>(stack.core, 'books.chapter', book.id, book.chapters[0]!.id);
    const id = chapter.paragraphs[0]!.id;
    const tokens = await callOk<Record<number, Token[]>>(stack.core, 'books.tokens', book.id, [id]);
    expect(readingOf(tokens[id], '夜')).toBe('よ');

    // The daily sentence's tokens are the model's: the fake's 散歩し (a model token spans kanji and one kana).
    await callOk(stack.core, 'readings.correct', { word: '散歩し', reading: 'さんぽし' });
    const daily = await callOk<DailySentence>(stack.core, 'daily.get');
    expect(readingOf(daily.tokens, '散歩し')).toBe('さんぽし');

    await callOk(stack.core, 'review.star', { kind: 'sentence', sentence: '一人で夜。', translation: 'Alone at night.' });
    const due = await callOk<DueList>(stack.core, 'review.due', { limit: 10 });
    const card = due.cards.find((c) => c.sentence === '一人で夜。');
    expect(readingOf(card?.tokens, '夜')).toBe('よ');
  });

  it('once forgotten, the checked reading shows again everywhere', async () => {
    expect(await callOk(stack.core, 'readings.reset', { word: '夜' })).toEqual({ removed: true });
    expect(await callOk(stack.core, 'readings.reset', { word: '夜' })).toEqual({ removed: false });
    expect(readingOf((await analyze({ text: '秋の夜。', offlineOnly: true })).result.tokens, '夜')).toBe('よる');
    // The model's analysis was stored without the learner's reading: its own (the fake's) is back.
    expect(readingOf((await analyze({ text: TEXT })).result.tokens, '夜')).toBe('かな');
    const opened = await callOk<OpenedDocument>(stack.core, 'library.open', documentId);
    expect(readingOf(opened.tokens, '夜')).toBe('かな');
  });
});
