/** `books.sourceOf`: the book paragraph a text is, so a text reopened from History names its book again. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookChapter, ImportedBook } from '../../../shared/contract/books';
import type { CardSource } from '../../../shared/contract/review';
import { buildEpub } from '../../support/books/epubBuilder';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
beforeAll(() => {
  core = makeTestCore();
});
afterAll(() => core.cleanupDir());

const importEpub = (title: string, chapters: Array<{ title: string; body: string }>) =>
  callOk<ImportedBook>(core, 'books.import', { name: `${title}.epub`, dataBase64: Buffer.from(buildEpub({ version: 3, title, author: '', chapters })).toString('base64') });
const sourceOf = (text: string) => callOk<CardSource | null>(core, 'books.sourceOf', { text });

describe('books.sourceOf', () => {
  it('names the book and chapter of a paragraph’s text (outer blanks aside), and nothing for other texts', async () => {
    const book = await importEpub('猫の本', [
      { title: '一', body: '<p>吾輩は猫である。</p>' },
      { title: '二', body: '<p>\u3000名前はまだ無い。</p><p>どこで生れたかとんと見当がつかぬ。</p>' },
    ]);
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, book.chapters[1]!.id);
    const p = chapter.paragraphs.find((x) => x.text.includes('名前'))!;
    expect(await sourceOf(p.text)).toEqual({ bookId: book.id, chapterId: book.chapters[1]!.id, paragraphId: p.id, bookTitle: '猫の本', chapterTitle: '二' });
    expect(await sourceOf('名前はまだ無い。\n')).toMatchObject({ paragraphId: p.id });
    // Part of a paragraph, another text, a text too short to look up: none.
    expect(await sourceOf('名前はまだ')).toBeNull();
    expect(await sourceOf('今日は天気がいいです。')).toBeNull();
    expect(await sourceOf('猫')).toBeNull();
    // A quote in the text is no query syntax.
    expect(await sourceOf('"名前" OR 吾輩')).toBeNull();
    expect((await callErr(core, 'books.sourceOf', { text: '' })).code).toBe('bad_request');
  });

  it('the same paragraph in two books: the one opened last', async () => {
    const a = await importEpub('甲', [{ title: '甲一', body: '<p>同じ段落がここにある。</p>' }]);
    const b = await importEpub('乙', [{ title: '乙一', body: '<p>同じ段落がここにある。</p>' }]);
    await callOk(core, 'books.open', a.id);
    expect(await sourceOf('同じ段落がここにある。')).toMatchObject({ bookId: a.id, bookTitle: '甲' });
    await new Promise((r) => setTimeout(r, 5));
    await callOk(core, 'books.open', b.id);
    expect(await sourceOf('同じ段落がここにある。')).toMatchObject({ bookId: b.id, chapterTitle: '乙一' });
  });
});
