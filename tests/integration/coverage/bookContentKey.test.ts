/**
 * A book's coverage asked again (a status change refetches it) is answered from the worker
 * without reading the book's text: whether the index is current comes from the content key on
 * the book's row. A book imported again with other text is measured from its text; one imported
 * before the key was kept gets the same key as its text gives, reckoned once.
 * Real SQLite (every migration), real BookStore, analyzer and worker.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { BookStore } from '../../../electron/core/books/bookStore';
import { CoverageCache } from '../../../electron/core/coverage/coverageCache';
import { CoverageService, type StatusSource } from '../../../electron/core/coverage/coverageService';
import { CoverageWorker } from '../../../electron/core/coverage/coverageWorker';
import { DictionaryService } from '../../../electron/core/dictionary';
import { openDatabase } from '../../../electron/core/store/database';
import { WordIdentity } from '../../../electron/core/words/wordIdentity';
import type { ParsedBook } from '../../../electron/core/books/bookTypes';
import { makeTempDir } from '../../support/tempDir';

let analyzer: Analyzer;
let tmp: ReturnType<typeof makeTempDir>;
let worker: CoverageWorker;
let words: WordIdentity;
let db: ReturnType<typeof openDatabase>['db'];
let books: BookStore;

/** Nobody knows anything, and nothing changes. */
const statuses: StatusSource = { statuses: (keys) => keys.map(() => 'new'), onChange: () => () => undefined };

const book = (paragraphs: string[]): ParsedBook => ({ format: 'text', title: '猫の本', author: '', images: [], chapters: [{ title: '第一章', paragraphs: paragraphs.map((text) => ({ text })) }] });
const file = { name: 'neko.txt', data: Buffer.from('neko') };

beforeAll(async () => {
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji') });
  tmp = makeTempDir();
  words = new WordIdentity({ analyzer, dictionary: new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' }) });
  worker = new CoverageWorker();
  db = openDatabase({ dir: tmp.dir }).db;
  books = new BookStore(db, tmp.dir);
}, 60_000);
afterAll(async () => {
  await worker.close();
  await analyzer.close();
  db.close();
  tmp.cleanup();
});

describe("a book's coverage and its content key", () => {
  it('asked again, it reads one row, not the text; a restart with the index cached reads no text either', async () => {
    const { id } = books.add(book(['猫が魚を食べた。', '犬が走る。']), file);
    const texts = vi.spyOn(books, 'texts');
    const s = new CoverageService({ words, books, statuses, worker, cache: new CoverageCache(db) });
    const first = await s.book(id);
    expect(texts).toHaveBeenCalledTimes(1);
    expect(first.unknown.map((u) => u.term)).toEqual(expect.arrayContaining(['猫', '魚', '犬']));
    const again = await s.book(id);
    expect(texts).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    s.close();

    // A new service (a restart): the index comes from SQLite under the same key.
    const restarted = new CoverageService({ words, books, statuses, worker, cache: new CoverageCache(db) });
    expect(await restarted.book(id)).toEqual(first);
    expect(texts).toHaveBeenCalledTimes(1);
    restarted.close();
    texts.mockRestore();
  });

  it('a book imported again with other text is measured from that text', async () => {
    const s = new CoverageService({ words, books, statuses, worker, cache: new CoverageCache(db) });
    const old = books.add(book(['猫が寝る。']), file);
    expect((await s.book(old.id)).unknown.map((u) => u.term)).toEqual(['猫', '寝る']);
    books.delete(old.id);
    const again = books.add(book(['鳥が飛ぶ。']), file);
    const texts = vi.spyOn(books, 'texts');
    expect((await s.book(again.id)).unknown.map((u) => u.term)).toEqual(['鳥', '飛ぶ']);
    expect(texts).toHaveBeenCalledTimes(1);
    texts.mockRestore();
    s.close();
  });

  it('the key on the row is the one the text gives (indexes cached before it was kept stay valid), reckoned once for older books', () => {
    const { id } = books.add(book(['猫が魚を食べた。', '', '犬が走る。']), file);
    const kept = books.head(id);
    expect(kept).toMatchObject({ title: '猫の本', contentKey: books.texts(id).contentKey, chapters: [{ title: '第一章' }] });
    // As a book imported before the column existed.
    db.prepare('UPDATE books SET content_key = NULL WHERE id = ?').run(id);
    expect(books.head(id).contentKey).toBe(kept.contentKey);
    expect(db.prepare<[number], { content_key: string | null }>('SELECT content_key FROM books WHERE id = ?').get(id)?.content_key).toBe(kept.contentKey);
    // Another text, another key.
    expect(books.head(books.add(book(['猫が魚を食べる。', '', '犬が走る。']), file).id).contentKey).not.toBe(kept.contentKey);
  });
});
