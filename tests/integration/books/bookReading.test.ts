/**
 * Books from real shelves, through the contract on a real core and SQLite file:
 * Aozora gaiji and the XHTML edition kept as imported, library search for words
 * of one and two characters, bookmarks, and 100 % at the end of a book.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookBookmark, BookChapter, ImportedBook, OpenedBook } from '../../../shared/contract/books';
import { aozoraXhtml } from '../../support/books/aozoraXhtml';
import { encodeLegacy } from '../../support/books/legacyEncoding';
import { makePng } from '../../support/books/png';
import { writeZip } from '../../support/books/zipWriter';
import { b64, bookCalls } from '../../support/books/bookCalls';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
beforeAll(() => {
  core = makeTestCore();
});
afterAll(() => core.cleanupDir());

const { importFile, list } = bookCalls(() => core);
/** Titles of the books found, among those the search tests import. */
const SEARCHED = new Set(['neko', 'rashomon', 'english', 'many']);
const titles = async (query: string) => (await list(query)).map((b) => b.title).filter((t) => SEARCHED.has(t)).sort();

const AOZORA = [
  '河童',
  '芥川龍之介',
  '',
  '［＃５字下げ］一［＃「一」は中見出し］',
  '　僕は※［＃「てへん＋丑」、第4水準2-12-93］《ね》じれた河童の手を見た。顳※［＃「需＋頁」、第3水準1-94-6］《こめかみ》に汗。',
  '　眼を※［＃「目＋匡」、66-上-2］《みは》った。',
  '',
  '底本：「芥川龍之介全集」',
].join('\r\n');

describe('gaiji and the XHTML edition, as imported', () => {
  it('an Aozora text in Shift_JIS: gaiji as their characters with their ruby, the undescribable kept with its description', async () => {
    const book = await importFile('kappa.txt', encodeLegacy(AOZORA, 'shift_jis'));
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, book.chapters[0]!.id);
    expect(chapter.paragraphs.map(({ id: _id, ...p }) => p)).toEqual([
      { text: '一', heading: true },
      {
        text: '　僕は扭じれた河童の手を見た。顳顬に汗。',
        ruby: [
          { base: '扭', reading: 'ね', start: 3 },
          { base: '顳顬', reading: 'こめかみ', start: 15 },
        ],
      },
      { text: '　眼を※った。', ruby: [{ base: '※', reading: 'みは', start: 3 }], gaiji: [{ start: 3, description: '目＋匡' }] },
    ]);
  });

  it('an Aozora XHTML page: title and author from its metadata, no colophon, gaiji images as characters', async () => {
    const book = await importFile('1_14545.html', encodeLegacy(aozoraXhtml(), 'shift_jis'));
    expect(book).toMatchObject({ title: '羅生門', author: '芥川龍之介' });
    const [summary] = (await list()).filter((b) => b.id === book.id);
    expect(summary!.format).toBe('aozora');
    const texts = (await Promise.all(book.chapters.map((c) => callOk<BookChapter>(core, 'books.chapter', book.id, c.id)))).flatMap((c) => c.paragraphs.map((p) => p.text));
    expect(texts).toContain('　扭じる手と、顬の汗。');
    expect(texts.join('')).not.toMatch(/底本|入力：|青空文庫/);
  });
});

describe('an Aozora Bunko zip', () => {
  it('imports its ruby text (Shift_JIS, named in Shift_JIS without the UTF-8 flag) with the illustrations its notes place', async () => {
    const png = makePng(24, 16, (x) => [200, 100 + x, 50]);
    const text = AOZORA.replace('［＃５字下げ］一［＃「一」は中見出し］', '［＃５字下げ］一［＃「一」は中見出し］\r\n［＃挿絵（fig1234_01.png、横24×縦16）入る］');
    const zip = writeZip([
      { name: '河童.txt', data: encodeLegacy(text, 'shift_jis'), nameEncoding: 'shift_jis' },
      { name: 'fig1234_01.png', data: png, nameEncoding: 'cp437' },
      { name: 'readme.txt', data: 'zip', nameEncoding: 'cp437' },
    ]);
    const book = await importFile('kappa.zip', zip);
    expect(book).toMatchObject({ title: '河童', author: '芥川龍之介' });
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, book.chapters[0]!.id);
    expect(chapter.paragraphs.map(({ id: _id, ...p }) => p).slice(0, 3)).toEqual([
      { text: '一', heading: true },
      { text: '', image: 'img-1.png' },
      expect.objectContaining({ text: '　僕は扭じれた河童の手を見た。顳顬に汗。' }),
    ]);
    const { dataUrl } = await callOk<{ dataUrl: string }>(core, 'books.image', book.id, 'img-1.png');
    expect(dataUrl).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
    const [summary] = (await list()).filter((b) => b.id === book.id);
    expect(summary!.format).toBe('aozora');
  });

  it('refuses a zip with neither an EPUB nor a text in it, and keeps nothing', async () => {
    const before = core.db.prepare('SELECT count(*) FROM books').pluck().get();
    const e = await callErr(core, 'books.import', { name: 'photos.zip', dataBase64: b64(writeZip([{ name: 'a.png', data: makePng(2, 2, () => [0, 0, 0]) }])) });
    expect([e.code, e.details?.reason]).toEqual(['bad_request', 'not_a_book']);
    expect(core.db.prepare('SELECT count(*) FROM books').pluck().get()).toBe(before);
  });
});

describe('library search', () => {
  beforeAll(async () => {
    await importFile('neko.txt', new TextEncoder().encode('吾輩は猫である。名前はまだ無い。\n\nどこで生れたかとんと見当がつかぬ。\n'));
    await importFile('rashomon.txt', new TextEncoder().encode('ある日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。\n'));
    await importFile('english.txt', new TextEncoder().encode('吾輩の本。It is an AI story.\n'));
  });

  it('finds words of one and two characters in the text, as well as longer ones', async () => {
    expect(await titles('猫')).toEqual(['neko']);
    expect(await titles('下人')).toEqual(['rashomon']);
    expect(await titles('吾輩')).toEqual(['english', 'neko']);
    expect(await titles('である')).toEqual(['neko', 'rashomon']);
    // The last character of a paragraph, and a word split across no paragraph.
    expect(await titles('ぬ。')).toEqual(['neko']);
    expect(await titles('狐')).toEqual([]);
    // Case folds as the index does.
    expect(await titles('ai')).toEqual(['english']);
  });

  it('shows the paragraph around the word', async () => {
    const [hit] = await list('下人');
    expect(hit!.match).toContain('一人の下人が');
  });

  it('a short word beginning too many trigrams is still found, by scanning each book until its first hit', async () => {
    // 300 paragraphs, each with の before a different character: の begins 300 trigrams.
    const many = Array.from({ length: 300 }, (_, i) => `本の${String.fromCharCode(0x4e00 + i)}。`).join('\n');
    await importFile('many.txt', new TextEncoder().encode(many));
    const trigrams = core.db.prepare("SELECT count(*) FROM book_paragraphs_fts_vocab WHERE term >= 'の' AND term < 'の\u{10FFFF}'").pluck().get() as number;
    expect(trigrams).toBeGreaterThan(256);
    expect(await titles('の')).toEqual(['english', 'many', 'rashomon']);
    expect((await list('の')).find((b) => b.title === 'many')!.match).toBe('本の一。');
  });

  it('forgets a deleted book at once', async () => {
    const [neko] = (await list()).filter((b) => b.title === 'neko');
    await callOk(core, 'books.delete', neko!.id);
    expect(await titles('猫')).toEqual([]);
  });
});

describe('bookmarks and progress', () => {
  let book: ImportedBook;
  let chapter: BookChapter;
  beforeAll(async () => {
    book = await importFile('marks.txt', new TextEncoder().encode('最初の段落です。\n二つ目の段落です。\n最後の段落で終わり。\n'));
    chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, book.chapters[0]!.id);
  });

  it('adds (named after the words there, or as the learner names it), lists in reading order, renames and deletes', async () => {
    const [p1, p2] = chapter.paragraphs;
    const chapterId = book.chapters[0]!.id;
    const later = await callOk<BookBookmark>(core, 'books.addBookmark', book.id, { chapterId, paragraphId: p2!.id, offset: 3 });
    expect(later).toMatchObject({ name: 'の段落です。', excerpt: 'の段落です。', chapterTitle: 'marks', offset: 3 });
    const early = await callOk<BookBookmark>(core, 'books.addBookmark', book.id, { chapterId, paragraphId: p1!.id, offset: 0, name: '  始め  ' });
    expect(early.name).toBe('始め');
    expect((await callOk<BookBookmark[]>(core, 'books.bookmarks', book.id)).map((m) => [m.name, m.progress])).toEqual([
      ['始め', 0],
      ['の段落です。', (8 + 3) / 27],
    ]);
    expect(await callOk<BookBookmark>(core, 'books.renameBookmark', book.id, later.id, 'ここ')).toMatchObject({ id: later.id, name: 'ここ' });
    expect(await callOk(core, 'books.deleteBookmark', book.id, early.id)).toEqual({ deleted: true });
    expect((await callOk<BookBookmark[]>(core, 'books.bookmarks', book.id)).map((m) => m.name)).toEqual(['ここ']);
  });

  it('refuses a place outside the book, an empty name, and another book\'s bookmark', async () => {
    const other = await importFile('other.txt', new TextEncoder().encode('別の本。\n'));
    const otherChapter = await callOk<BookChapter>(core, 'books.chapter', other.id, other.chapters[0]!.id);
    expect((await callErr(core, 'books.addBookmark', book.id, { chapterId: other.chapters[0]!.id, paragraphId: otherChapter.paragraphs[0]!.id, offset: 0 })).code).toBe('not_found');
    const [mark] = await callOk<BookBookmark[]>(core, 'books.bookmarks', book.id);
    expect((await callErr(core, 'books.renameBookmark', book.id, mark!.id, '   ')).code).toBe('bad_request');
    expect((await callErr(core, 'books.renameBookmark', other.id, mark!.id, '盗む')).code).toBe('not_found');
    expect(await callOk(core, 'books.deleteBookmark', other.id, mark!.id)).toEqual({ deleted: false });
    // Deleting the book takes its bookmarks with it.
    await callOk(core, 'books.delete', other.id);
    expect(core.db.prepare('SELECT count(*) FROM book_bookmarks WHERE book_id = ?').pluck().get(other.id)).toBe(0);
  });

  it('is 100 % with every character read at the end of the last paragraph, and counts what is read and left', async () => {
    const last = chapter.paragraphs.at(-1)!;
    const chapterId = book.chapters[0]!.id;
    await callOk(core, 'books.setPosition', book.id, { chapterId, paragraphId: chapter.paragraphs[1]!.id, offset: 2 });
    let summary = (await list()).find((b) => b.id === book.id)!;
    expect([summary.read, summary.chars - summary.read]).toEqual([10, 17]);
    const { progress } = await callOk<{ progress: number }>(core, 'books.setPosition', book.id, { chapterId, paragraphId: last.id, offset: 10_000 });
    expect(progress).toBe(1);
    summary = (await list()).find((b) => b.id === book.id)!;
    expect(summary).toMatchObject({ progress: 1, read: 27, chars: 27 });
    const opened = await callOk<OpenedBook>(core, 'books.open', book.id, null);
    expect(opened.position).toEqual({ chapterId, paragraphId: last.id, offset: last.text.length });
  });
});
