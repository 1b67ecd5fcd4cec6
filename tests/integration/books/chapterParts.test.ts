/** `books.chapter` in parts: the saved place first with the chapter's outline, the rest by index; without options the whole chapter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookChapterPart, ImportedBook, OpenedBook } from '../../../shared/contract/books';
import { buildEpub, PNG_1x1 } from '../../support/books/epubBuilder';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
let book: ImportedBook;
let whole: BookChapterPart;
// 60 paragraphs of different lengths, one of them with a character outside the BMP (two UTF-16 units), and an illustration.
const texts = Array.from({ length: 60 }, (_, i) => `${'あ'.repeat(1 + (i % 7))}${i === 30 ? '𠮷' : ''}段落${i}。`);
beforeAll(async () => {
  core = makeTestCore();
  const body = texts.map((t, i) => (i === 10 ? `<p><img src="../images/a.png"/></p><p>${t}</p>` : `<p>${t}</p>`)).join('');
  const data = buildEpub({ version: 3, title: '長い章', author: '', chapters: [{ title: '一', body }, { title: '二', body: '<p>次。</p>' }], images: { 'a.png': PNG_1x1 } });
  book = await callOk<ImportedBook>(core, 'books.import', { name: 'long.epub', dataBase64: Buffer.from(data).toString('base64') });
  whole = await callOk<BookChapterPart>(core, 'books.chapter', book.id, book.chapters[0]!.id);
});
afterAll(() => core.cleanupDir());

describe('books.chapter in parts', () => {
  it('without options sends every paragraph', () => {
    expect(whole.paragraphs.filter((p) => p.text).map((p) => p.text)).toEqual(texts);
    expect(whole).toMatchObject({ title: '一', from: 0, count: whole.paragraphs.length });
  });

  it('around the saved paragraph: a few before it, the limit, the count, and the outline with JavaScript lengths', async () => {
    const saved = whole.paragraphs[40]!;
    const part = await callOk<BookChapterPart>(core, 'books.chapter', book.id, book.chapters[0]!.id, { around: saved.id, limit: 20, outline: true });
    expect(part.from).toBeLessThan(40);
    expect(part.from).toBeGreaterThanOrEqual(30);
    expect(part.paragraphs).toEqual(whole.paragraphs.slice(part.from, part.from + 20));
    expect(part.count).toBe(whole.paragraphs.length);
    expect(part.outline!.ids).toEqual(whole.paragraphs.map((p) => p.id));
    expect(part.outline!.chars).toEqual(whole.paragraphs.map((p) => (p.image ? -1 : p.text.length)));
    expect(part.outline!.chars.reduce((n, c) => n + Math.max(0, c), 0)).toBe(book.chapters[0]!.chars);
  });

  it('by index, without the outline; a paragraph of another chapter is no place to start from', async () => {
    const part = await callOk<BookChapterPart>(core, 'books.chapter', book.id, book.chapters[0]!.id, { from: 50, limit: 100 });
    expect(part.paragraphs).toEqual(whole.paragraphs.slice(50));
    expect(part.outline).toBeUndefined();
    const other = await callOk<BookChapterPart>(core, 'books.chapter', book.id, book.chapters[1]!.id, null);
    const elsewhere = await callOk<BookChapterPart>(core, 'books.chapter', book.id, book.chapters[0]!.id, { around: other.paragraphs[0]!.id, limit: 5 });
    expect(elsewhere.paragraphs).toEqual(whole.paragraphs.slice(0, 5));
    const past = await callOk<BookChapterPart>(core, 'books.chapter', book.id, book.chapters[0]!.id, { from: 10_000, limit: 5 });
    expect(past).toMatchObject({ paragraphs: [], count: whole.paragraphs.length });
  });

  it('books.open with firstPart brings the part around the saved paragraph (else the first chapter from its start)', async () => {
    const plain = await callOk<OpenedBook>(core, 'books.open', book.id, { firstPart: 5 });
    expect(plain.part).toMatchObject({ chapterId: book.chapters[0]!.id, from: 0, paragraphs: whole.paragraphs.slice(0, 5) });
    const saved = whole.paragraphs[40]!;
    await callOk(core, 'books.setPosition', book.id, { chapterId: book.chapters[0]!.id, paragraphId: saved.id, offset: 0 });
    const opened = await callOk<OpenedBook>(core, 'books.open', book.id, { firstPart: 10 });
    expect(opened.part!.paragraphs).toContainEqual(saved);
    expect(opened.part!.outline!.ids).toEqual(whole.paragraphs.map((p) => p.id));
    // Without the option, as before: no part.
    expect(await callOk<OpenedBook>(core, 'books.open', book.id)).not.toHaveProperty('part');
  });

  it('refuses a limit over the maximum and an unknown chapter', async () => {
    expect((await callErr(core, 'books.chapter', book.id, book.chapters[0]!.id, { limit: 100_000 })).code).toBe('bad_request');
    expect((await callErr(core, 'books.chapter', book.id, 999_999, { limit: 5 })).code).toBe('not_found');
  });
});
