/** Books through the contract on a real core and SQLite file: import, read, position, search, delete, failures, backup. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookChapter, ImportedBook, OpenedBook } from '../../../shared/contract/books';
import type { BackupInfo } from '../../../shared/contract/library';
import { loadConfig } from '../../../electron/core/config/config';
import { createCore } from '../../../electron/core/app/createCore';
import { buildEpub, PNG_1x1, type FixtureEpub } from '../../support/books/epubBuilder';
import { encodeLegacy } from '../../support/books/legacyEncoding';
import { BOTCHAN_TXT } from '../../support/books/pandocEpub';
import { importBookFile } from '../../../electron/core/books/importBookFile';
import { b64, bookCalls } from '../../support/books/bookCalls';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore, memoryBackend, withDispatcher } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
beforeAll(() => {
  core = makeTestCore();
});
afterAll(() => core.cleanupDir());

const { importFile, list } = bookCalls(() => core);
const booksDir = () => path.join(core.config.appDataDir, 'books');

const epub: FixtureEpub = {
  version: 3,
  title: '挿絵の本',
  author: '画家',
  chapters: [
    { title: '始まり', body: '<h1>始まり</h1><p><ruby>漢字<rt>かんじ</rt></ruby>を読む。</p><p><img src="../images/a.png"/></p><p>二つ目の段落。</p>' },
    { title: '終わり', body: '<h1>終わり</h1><p>最後の段落です。</p>' },
  ],
  images: { 'a.png': PNG_1x1, 'cover.png': PNG_1x1 },
  cover: 'cover.png',
};

describe('books.import and reading', () => {
  let book: ImportedBook;

  it('imports an EPUB: ids, chapters with sizes, images in the data dir', async () => {
    book = await importFile('illustrated.epub', buildEpub(epub));
    expect(book).toMatchObject({ title: '挿絵の本', author: '画家' });
    expect(book.chapters.map((c) => [c.title, c.chars])).toEqual([
      ['始まり', '始まり'.length + '漢字を読む。'.length + '二つ目の段落。'.length],
      ['終わり', '終わり'.length + '最後の段落です。'.length],
    ]);
    expect(fs.readdirSync(path.join(booksDir(), String(book.id))).sort()).toEqual(['img-1.png', 'img-2.png']);
    const [summary] = await list();
    expect(summary).toMatchObject({ id: book.id, title: '挿絵の本', author: '画家', progress: 0, openedAt: 0, cover: 'img-2.png', format: 'epub' });
    expect(summary!.chars).toBe(book.chapters[0]!.chars + book.chapters[1]!.chars);
  });

  it('serves a chapter as plain text with ruby, and the images', async () => {
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, book.chapters[0]!.id);
    expect(chapter.title).toBe('始まり');
    expect(chapter.paragraphs.map(({ id: _id, ...p }) => p)).toEqual([
      { text: '始まり', heading: true },
      { text: '漢字を読む。', ruby: [{ base: '漢字', reading: 'かんじ', start: 0 }] },
      { text: '', image: 'img-1.png' },
      { text: '二つ目の段落。' },
    ]);
    const { dataUrl } = await callOk<{ dataUrl: string }>(core, 'books.image', book.id, 'img-1.png');
    expect(dataUrl).toBe(`data:image/png;base64,${b64(PNG_1x1)}`);
    expect((await callErr(core, 'books.chapter', book.id, 999_999)).code).toBe('not_found');
    expect((await callErr(core, 'books.image', book.id, '../../secret.png')).code).toBe('bad_request');
  });

  it('keeps the position, reports progress, and gives it back on reopening after a restart', async () => {
    const last = book.chapters[1]!;
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, last.id);
    const para = chapter.paragraphs[1]!;
    const { progress } = await callOk<{ progress: number }>(core, 'books.setPosition', book.id, { chapterId: last.id, paragraphId: para.id, offset: 2 });
    const total = book.chapters[0]!.chars + last.chars;
    expect(progress).toBeCloseTo((book.chapters[0]!.chars + '終わり'.length + 2) / total, 6);
    // A paragraph of another chapter, or another book, is refused.
    expect((await callErr(core, 'books.setPosition', book.id, { chapterId: book.chapters[0]!.id, paragraphId: para.id, offset: 0 })).code).toBe('not_found');

    // A second core on the same data dir: what a restart (or a crash after the call) finds,
    // with the images of an import a crash interrupted removed.
    fs.mkdirSync(path.join(booksDir(), '.import-crashed'));
    fs.writeFileSync(path.join(booksDir(), '.import-crashed', 'img-1.png'), 'x');
    const again = withDispatcher(createCore({ config: loadConfig({ APP_DATA_DIR: core.config.appDataDir }), mode: 'browser', version: 't', secretBackends: [memoryBackend()] }));
    try {
      const opened = await callOk<OpenedBook>(again, 'books.open', book.id);
      expect(opened.position).toEqual({ chapterId: last.id, paragraphId: para.id, offset: 2 });
      expect(opened.chapters.map((c) => c.id)).toEqual(book.chapters.map((c) => c.id));
      expect(opened.book.openedAt).toBeGreaterThan(0);
      expect(opened.book.progress).toBeCloseTo(progress, 6);
      expect(fs.readdirSync(booksDir()).filter((n) => n.startsWith('.import-'))).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('imports Aozora text in Shift_JIS and finds books by title, author and text', async () => {
    const aozora = await importFile('botchan.txt', encodeLegacy(fs.readFileSync(BOTCHAN_TXT, 'utf8'), 'shift_jis'));
    expect(aozora).toMatchObject({ title: '坊っちゃん', author: '夏目漱石' });
    expect((await list('漱石')).map((b) => b.id)).toEqual([aozora.id]);
    const byText = await list('無鉄砲で小供');
    expect(byText.map((b) => b.id)).toEqual([aozora.id]);
    expect(byText[0]!.match).toContain('無鉄砲で小供');
    expect((await list('最後の段落')).map((b) => b.id)).toEqual([book.id]);
    expect(await list('存在しない言葉')).toEqual([]);
  });
});

describe('bad input leaves the library untouched', () => {
  const snapshot = () => ({
    books: core.db.prepare('SELECT count(*) FROM books').pluck().get(),
    paragraphs: core.db.prepare('SELECT count(*) FROM book_paragraphs').pluck().get(),
    images: core.db.prepare('SELECT count(*) FROM book_images').pluck().get(),
    files: fs.readdirSync(booksDir()).sort(),
  });

  it('refuses each bad file with a code and a reason the UI can translate', async () => {
    const before = snapshot();
    const cases: [string, Uint8Array, string, string][] = [
      ['drm.epub', buildEpub({ ...epub, encryption: ['http://www.w3.org/2001/04/xmlenc#aes256-cbc'] }), 'bad_request', 'drm'],
      ['cut.epub', buildEpub(epub).subarray(0, 300), 'bad_request', 'corrupt'],
      ['photo.txt', PNG_1x1, 'bad_request', 'not_a_book'],
      ['empty.txt', new TextEncoder().encode('   \n'), 'bad_request', 'empty'],
      ['deep.html', new TextEncoder().encode(`<html><body>${'<span>'.repeat(5000)}x</body></html>`), 'too_large', 'nesting'],
    ];
    for (const [name, data, code, reason] of cases) {
      const e = await callErr(core, 'books.import', { name, dataBase64: b64(data) });
      expect({ name, code: e.code, reason: e.details?.reason }).toEqual({ name, code, reason });
      expect(e.message.length).toBeGreaterThan(10);
    }
    const bad64 = await callErr(core, 'books.import', { name: 'x.txt', dataBase64: '@@@@' });
    expect(bad64.details?.reason).toBe('corrupt');
    expect(snapshot()).toEqual(before);
  });

  it('a failure while storing rolls back every row and removes the images written so far', async () => {
    const before = snapshot();
    core.db.exec("CREATE TEMP TRIGGER fail_book AFTER INSERT ON book_paragraphs WHEN new.idx = 2 BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    try {
      const e = await callErr(core, 'books.import', { name: 'illustrated.epub', dataBase64: b64(buildEpub(epub)) });
      // A storage failure is internal: the caller gets an error id, never the SQL text.
      expect(e.code).toBe('internal');
      expect(e.message).not.toContain('disk full');
    } finally {
      core.db.exec('DROP TRIGGER temp.fail_book');
    }
    expect(snapshot()).toEqual(before);
  });

  it('caps the base64 field in the contract', async () => {
    const e = await callErr(core, 'books.import', { name: 'x.epub', dataBase64: 'A'.repeat(64 * 1024 * 1024 + 4) });
    expect(e.code).toBe('bad_request');
  });
});

describe('delete, backup and restore', () => {
  it('delete removes the rows, the index entries and the images', async () => {
    const b = await importFile('gone.epub', buildEpub({ ...epub, title: '消える本', chapters: [{ title: '唯一', body: '<p>消えてしまう独特な文章。</p>' }] }));
    expect((await list('独特な文章')).map((x) => x.id)).toEqual([b.id]);
    expect(await callOk(core, 'books.delete', b.id)).toEqual({ deleted: true });
    expect(await callOk(core, 'books.delete', b.id)).toEqual({ deleted: false });
    expect(await list('独特な文章')).toEqual([]);
    expect(fs.existsSync(path.join(booksDir(), String(b.id)))).toBe(false);
    expect(core.db.prepare('SELECT count(*) FROM book_images WHERE book_id = ?').pluck().get(b.id)).toBe(0);
  });

  it('a backup holds the books (text, position, images) and a restore brings them back', async () => {
    const [first] = await list('挿絵の本');
    const backup = await callOk<BackupInfo>(core, 'library.backup');
    await callOk(core, 'books.delete', first!.id);
    expect((await list()).some((b) => b.id === first!.id)).toBe(false);

    await callOk(core, 'library.restore', { path: backup.path, confirm: true });
    const back = (await list()).find((b) => b.id === first!.id)!;
    expect(back).toMatchObject({ title: '挿絵の本', progress: first!.progress });
    expect(back.progress).toBeGreaterThan(0);
    const opened = await callOk<OpenedBook>(core, 'books.open', first!.id);
    const chapter = await callOk<BookChapter>(core, 'books.chapter', first!.id, opened.chapters[0]!.id);
    expect(chapter.paragraphs[1]).toMatchObject({ text: '漢字を読む。', ruby: [{ base: '漢字', reading: 'かんじ', start: 0 }] });
    // The images folder went with the delete; the database copy restores it.
    expect((await callOk<{ dataUrl: string }>(core, 'books.image', first!.id, 'img-1.png')).dataUrl).toContain(b64(PNG_1x1));
    expect((await list('最後の段落')).map((b) => b.id)).toEqual([first!.id]); // the text index was rebuilt
  });
});

describe('books.tokens', () => {
  it('gives the offline analyzer’s furigana for paragraphs of the book only', async () => {
    const b = await importFile('short.txt', new TextEncoder().encode('猫が好きです。\n'));
    const chapter = await callOk<BookChapter>(core, 'books.chapter', b.id, b.chapters[0]!.id);
    const id = chapter.paragraphs[0]!.id;
    const tokens = await callOk<Record<number, { word: string; furigana: string }[]>>(core, 'books.tokens', b.id, [id, 999_999]);
    expect(Object.keys(tokens)).toEqual([String(id)]);
    expect(tokens[id]!.map((t) => t.word).join('')).toBe('猫が好きです。');
    expect(tokens[id]!.find((t) => t.word === '猫')?.furigana).toBe('ねこ');
  });
});

describe('import from a file chosen in the File menu', () => {
  it('imports it and tells the window through a push, success or refusal', async () => {
    const seen: unknown[] = [];
    const off = core.bus.subscribe((m) => m.event === 'books.imported' && seen.push(m.payload));
    try {
      const dir = fs.mkdtempSync(path.join(core.config.appDataDir, 'picked-'));
      fs.writeFileSync(path.join(dir, '日記.txt'), '今日は晴れ。\n');
      fs.writeFileSync(path.join(dir, 'photo.epub'), PNG_1x1);
      await importBookFile({ books: core.books, bus: core.bus }, path.join(dir, '日記.txt'));
      await importBookFile({ books: core.books, bus: core.bus }, path.join(dir, 'photo.epub'));
      await importBookFile({ books: core.books, bus: core.bus }, path.join(dir, 'missing.txt'));
      expect(seen[0]).toMatchObject({ ok: true, title: '日記' });
      expect(seen[1]).toMatchObject({ ok: false, error: { code: 'bad_request', details: { reason: 'not_a_book' } } });
      expect(seen[2]).toMatchObject({ ok: false });
      expect((await list('日記')).map((b) => b.title)).toEqual(['日記']);
    } finally {
      off();
    }
  });
});
