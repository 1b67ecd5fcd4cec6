/**
 * "Analyse this chapter": paragraphs go to the model without a history document
 * each (`history: false`), and those the model has analysed are known in one call
 * so the estimate and the run leave them out.
 */
import { describe, expect, it } from 'vitest';
import type { BookChapter, ImportedBook } from '../../../shared/contract/books';
import type { AnalyzeChunk, AnalyzeResult } from '../../../shared/contract/reader';
import type { DocumentList } from '../../../shared/contract/library';
import { callOk, streamResult } from '../../support/dispatch';
import { useReaderStack } from '../../support/readerStack';

const stack = useReaderStack('sk-or-chapter-run');

const analyze = (args: Record<string, unknown>) => streamResult<AnalyzeChunk, AnalyzeResult>(stack.core, 'reader.analyze', [args]);
const historyTotal = async () => (await callOk<DocumentList>(stack.core, 'library.list', { limit: 200 })).total;

describe('a chapter analysed paragraph by paragraph', () => {
  it('asks the model and caches each paragraph, with no history document; the reader still makes one', async () => {
    const text = '吾輩は猫である。\n\n名前はまだ無い。\n\nどこで生れたかとんと見当がつかぬ。\n';
    const book = await callOk<ImportedBook>(stack.core, 'books.import', { name: 'neko.txt', dataBase64: Buffer.from(text).toString('base64') });
    const chapter = await callOk<BookChapter>(stack.core, 'books.chapter', book.id, book.chapters[0]!.id);
    const ids = chapter.paragraphs.map((p) => p.id);
    expect(await callOk<number[]>(stack.core, 'books.analysedParagraphs', book.id, ids)).toEqual([]);

    const before = await historyTotal();
    const calls = stack.modelCalls();
    for (const p of chapter.paragraphs.slice(0, 2)) {
      const r = await analyze({ text: p.text, history: false });
      expect(r.result.source).toBe('model');
      expect(r.result.documentId).toBeUndefined();
    }
    expect(stack.modelCalls()).toBe(calls + 2);
    expect(await historyTotal()).toBe(before);
    // Known as analysed, in the order asked; another book's paragraph ids are ignored.
    expect(await callOk<number[]>(stack.core, 'books.analysedParagraphs', book.id, [...ids, 999_999])).toEqual(ids.slice(0, 2));

    // The same paragraph sent to the reader (a learner reading it there) is a text in History, from the cache.
    const inReader = await analyze({ text: chapter.paragraphs[0]!.text });
    expect(inReader.result.source).toBe('cache');
    expect(inReader.result.documentId).toBeGreaterThan(0);
    expect(await historyTotal()).toBe(before + 1);
  });
});
