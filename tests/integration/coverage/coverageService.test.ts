import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer, type TokenizeOptions } from '../../../electron/core/analyzer/analyzer';
import { DictionaryService } from '../../../electron/core/dictionary';
import { WordIdentity } from '../../../electron/core/words/wordIdentity';
import { CoverageService, type StatusSource } from '../../../electron/core/coverage/coverageService';
import { CoverageWorker } from '../../../electron/core/coverage/coverageWorker';
import { CoverageCache } from '../../../electron/core/coverage/coverageCache';
import type { BookHead, BookTexts } from '../../../electron/core/books/bookStore';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import { wordKeyId, type WordKey, type WordStatus } from '../../../shared/words';
import { makeTempDir } from '../../support/tempDir';

/** The learner's statuses in memory, telling listeners of changes as core.knowledge does. */
class MemoryStatuses implements StatusSource {
  readonly map = new Map<string, WordStatus>();
  private readonly listeners = new Set<(c: Array<{ key: WordKey; status: WordStatus }>) => void>();
  statuses(keys: readonly WordKey[]): WordStatus[] {
    return keys.map((k) => this.map.get(wordKeyId(k)) ?? 'new');
  }
  onChange(l: (c: Array<{ key: WordKey; status: WordStatus }>) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  set(key: WordKey, status: WordStatus) {
    this.map.set(wordKeyId(key), status);
    for (const l of this.listeners) l([{ key, status }]);
  }
}

const BOOK = [
  ['猫が庭で寝ている。', '猫は魚を食べた。', '犬が走る。'],
  ['猫と犬が遊ぶ。'],
];

/** The paragraphs' ids and the chapters' (as a book store numbers them). */
const PLACES = [
  { chapterId: 10, title: '第一章', paragraphIds: [101, 102, 103] },
  { chapterId: 11, title: '第二章', paragraphIds: [111] },
];

let analyzer: Analyzer;
let tmp: ReturnType<typeof makeTempDir>;
let words: WordIdentity;
let worker: CoverageWorker;
let db: Database.Database;
const tokenized: string[] = [];
/** Whether each tokenize call was background work (a whole book: the reader and lookups go first). */
const background: boolean[] = [];
/** A book's head as BookStore.head gives it, from a fake store's texts. */
const headOf = (t: BookTexts): BookHead => ({ title: t.title, contentKey: t.contentKey, chapters: t.places.map((p) => ({ id: p.chapterId, title: p.title })) });
const books = {
  head: (id: number) => headOf(books.texts(id)),
  texts: (id: number): BookTexts => {
    if (id === 1) return { chapters: BOOK, places: PLACES, title: '猫の本', contentKey: 'one' };
    if (id === 2) return { chapters: [['Hello, world. 123'], ['']], places: [{ chapterId: 20, title: 'One', paragraphIds: [201] }, { chapterId: 21, title: 'Two', paragraphIds: [211] }], title: 'English', contentKey: 'two' };
    throw new Error('no such book');
  },
};

beforeAll(async () => {
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji') });
  tmp = makeTempDir();
  const dictionary = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
  words = new WordIdentity({ analyzer, dictionary });
  worker = new CoverageWorker();
  db = new Database(path.join(tmp.dir, 'app.db'));
  // The books the fake store serves (the cache's rows hang off them).
  db.exec('CREATE TABLE books (id INTEGER PRIMARY KEY); INSERT INTO books (id) VALUES (1), (2);');
  // Found by name: its number moves when branches merge.
  MIGRATIONS.find((m) => m.name === 'coverage cache and reading statistics')!.up(db);
}, 60_000);
afterAll(async () => {
  await worker.close();
  await analyzer.close();
  db.close();
  tmp.cleanup();
});

function service(statuses: StatusSource, wordFacts?: ConstructorParameters<typeof CoverageService>[0]['wordFacts']) {
  const counting = {
    tokens: (text: string, signal?: AbortSignal, corrected?: boolean, opts?: TokenizeOptions) => (tokenized.push(text), background.push(opts?.background === true), words.tokens(text, signal, corrected, opts)),
  };
  return new CoverageService({ words: counting, books, statuses, worker, cache: new CoverageCache(db), ...(wordFacts ? { wordFacts } : {}) });
}

describe('coverage service (real analyzer, worker, SQLite)', () => {
  it('computes a text: counted words only, unknown most frequent first, i+1 sentences', async () => {
    const statuses = new MemoryStatuses();
    statuses.set({ term: '猫', reading: 'ねこ' }, 'known');
    background.length = 0;
    const c = await service(statuses).text('猫が魚を食べた。猫は寝る。');
    // A text's coverage is asked by someone waiting for it.
    expect(background).toEqual([false]);
    // 猫 猫 魚 食べる 寝る: particles and the auxiliary た do not count.
    expect(c.tokens).toBe(5);
    expect(c.known).toBe(2);
    expect(c.percent).toBeCloseTo(40);
    expect(c.unknown.map((u) => u.term)).toEqual(['魚', '食べる', '寝る']);
    expect(c.iPlusOne).toEqual([{ sentence: '猫は寝る。', term: '寝る', reading: 'ねる' }]);
  });

  it('computes a book once, caches it in SQLite, and follows status changes without tokenizing again', async () => {
    const statuses = new MemoryStatuses();
    const s = service(statuses, (k) => (k.term === '犬' ? { jlpt: 5, frequency: 1200 } : null));
    tokenized.length = 0;
    background.length = 0;
    const first = await s.book(1);
    expect(tokenized).toHaveLength(2); // one request per chapter (each is short)
    expect(background).toEqual([true, true]);
    expect(first.percent).toBe(0);
    expect(first.unknown[0]).toMatchObject({ term: '猫', count: 3 });
    expect(first.unknown.find((u) => u.term === '犬')).toMatchObject({ count: 2, jlpt: 5, frequency: 1200 });

    statuses.set({ term: '猫', reading: 'ねこ' }, 'known');
    statuses.set({ term: '犬', reading: 'いぬ' }, 'ignored');
    const after = await s.book(1);
    expect(tokenized).toHaveLength(2);
    expect(after.known).toBe(5);
    expect(after.unknown.map((u) => u.term)).not.toContain('猫');
    // 犬が走る。 is one word away; 猫と犬が遊ぶ。 too.
    expect(after.iPlusOne.map((x) => x.term)).toEqual(expect.arrayContaining(['走る', '遊ぶ']));
    // Each names its book, chapter and paragraph: the reader opens there.
    expect(after.iPlusOne.find((x) => x.term === '走る')?.source).toEqual({ bookId: 1, chapterId: 10, paragraphId: 103, bookTitle: '猫の本', chapterTitle: '第一章' });
    expect(after.iPlusOne.find((x) => x.term === '遊ぶ')?.source).toEqual({ bookId: 1, chapterId: 11, paragraphId: 111, bookTitle: '猫の本', chapterTitle: '第二章' });

    // A new service (a restart) reads the index from SQLite, with the statuses of now.
    tokenized.length = 0;
    const again = await service(statuses).book(1);
    expect(tokenized).toHaveLength(0);
    expect(again.known).toBe(5);
    expect(again.iPlusOne.find((x) => x.term === '走る')?.source).toMatchObject({ chapterId: 10, paragraphId: 103 });
    s.close();
  });

  it('places a sentence in its paragraph when a piece joins many paragraphs, some with line breaks of their own', async () => {
    const statuses = new MemoryStatuses();
    statuses.set({ term: '猫', reading: 'ねこ' }, 'known');
    const paragraphs = ['猫が鳴く。', '猫と犬。\n猫と鳥。', '猫が泳ぐ。猫が飛ぶ。', '猫が寝る。'];
    const ids = [501, 502, 503, 504];
    const poem: BookTexts = { chapters: [paragraphs], places: [{ chapterId: 50, title: '', paragraphIds: ids }], title: '詩', contentKey: 'lines' };
    const texts = { texts: () => poem, head: () => headOf(poem) };
    const progress: Array<{ bookId: number; done: number; total: number }> = [];
    const s = new CoverageService({ words, books: texts, statuses, worker, onProgress: (p) => progress.push(p) });
    const c = await s.book(3);
    // Measured from scratch: the progress runs from nothing to every character, once.
    const total = paragraphs.join('').length;
    expect(progress[0]).toEqual({ bookId: 3, done: 0, total });
    expect(progress.at(-1)).toEqual({ bookId: 3, done: total, total });
    progress.length = 0;
    await s.book(3);
    expect(progress).toEqual([]);
    expect(c.iPlusOne.map((x) => [x.sentence, x.source?.paragraphId])).toEqual([
      ['猫が鳴く。', 501],
      ['猫と犬。', 502],
      ['猫と鳥。', 502],
      ['猫が泳ぐ。', 503],
      ['猫が飛ぶ。', 503],
      ['猫が寝る。', 504],
    ]);
    s.close();
  });

  it('refuses a text or a book with no Japanese words, with a reason', async () => {
    const s = service(new MemoryStatuses());
    await expect(s.book(2)).rejects.toMatchObject({ data: { code: 'bad_request', details: { reason: 'no_japanese' } } });
    await expect(s.text('Hello, world!')).rejects.toMatchObject({ data: { details: { reason: 'no_japanese' } } });
  });
});
