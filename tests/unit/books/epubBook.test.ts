import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseBook } from '../../../electron/core/books/parseBook';
import { buildEpub, PNG_1x1, type FixtureEpub } from '../../support/books/epubBuilder';
import { pandocEpubs } from '../../support/books/pandocEpub';
import { refusal } from '../../support/books/refusal';
import { makeZip } from '../../support/books/zipWriter';

/** Rewrites the compressed data of one entry in place (found through its local header). */
function withEntry(zip: Uint8Array, name: string, edit: (data: Uint8Array) => void): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  const nameBytes = new TextEncoder().encode(name);
  for (let i = 0; i + 30 < out.length; i++) {
    if (view.getUint32(i, true) !== 0x04034b50) continue;
    const nameLen = view.getUint16(i + 26, true);
    const extraLen = view.getUint16(i + 28, true);
    if (Buffer.from(out.subarray(i + 30, i + 30 + nameLen)).equals(Buffer.from(nameBytes))) {
      const start = i + 30 + nameLen + extraLen;
      edit(out.subarray(start, start + view.getUint32(i + 18, true)));
      return out;
    }
  }
  throw new Error(`no entry ${name}`);
}

/** Sets the uncompressed size of each central-directory entry to `size` and the compressed size to `compressed`. */
function centralSizes(zip: Uint8Array, size: number, compressed: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 < out.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    view.setUint32(i + 20, compressed, true);
    view.setUint32(i + 24, size, true);
  }
  return out;
}

const three: FixtureEpub = {
  version: 3,
  title: '三つの章',
  author: '著者',
  chapters: [
    { title: '第一章', body: '<h1>第一章</h1><p><ruby>一<rt>いち</rt></ruby>の文。</p><p><img src="../images/pic.png" alt=""/></p>' },
    { title: '第二章', body: '<h1>第二章</h1><p>二の文。</p>' },
    { title: '第三章', body: '<h1>第三章</h1><p>三の文。</p>' },
  ],
  images: { 'pic.png': PNG_1x1, 'cover.png': PNG_1x1 },
  cover: 'cover.png',
};

describe('EPUB import', () => {
  it('EPUB 3: nav TOC, spine order (not manifest order), ruby, images and the cover', async () => {
    const book = await parseBook('b.epub', buildEpub({ ...three, spine: [0, 2, 1] }));
    expect(book).toMatchObject({ format: 'epub', title: '三つの章', author: '著者' });
    expect(book.chapters.map((c) => c.title)).toEqual(['第一章', '第三章', '第二章']);
    expect(book.chapters[0]!.paragraphs).toEqual([
      { text: '第一章', heading: true },
      { text: '一の文。', ruby: [{ base: '一', reading: 'いち', start: 0 }] },
      { text: '', image: 'img-1.png' },
    ]);
    expect(book.images.map((i) => i.name)).toEqual(['img-1.png', 'img-2.png']);
    expect(book.cover).toBe('img-2.png');
    expect(book.images[0]!.data).toEqual(PNG_1x1);
  });

  it('EPUB 2: NCX TOC and the <meta name="cover"> cover', async () => {
    const book = await parseBook('b.epub', buildEpub({ ...three, version: 2 }));
    expect(book.chapters.map((c) => c.title)).toEqual(['第一章', '第二章', '第三章']);
    expect(book.cover).toBe('img-2.png');
  });

  it('cuts chapters at TOC fragments inside one document', async () => {
    const book = await parseBook(
      'b.epub',
      buildEpub({
        version: 3,
        chapters: [{ title: '全部', body: '<p>前</p><h2 id="a">甲</h2><p>甲の文</p><h2 id="b">乙</h2><p>乙の文</p>' }],
        extra: {
          'OEBPS/nav.xhtml': '<html><body><nav epub:type="toc"><ol><li><a href="text/ch1.xhtml#a">甲</a></li><li><a href="text/ch1.xhtml#b">乙</a></li></ol></nav></body></html>',
        },
      }),
    );
    expect(book.chapters.map((c) => [c.title, c.paragraphs.map((p) => p.text)])).toEqual([
      ['テストの本', ['前']],
      ['甲', ['甲', '甲の文']],
      ['乙', ['乙', '乙の文']],
    ]);
  });

  it('imports EPUB 3 and EPUB 2 made by pandoc (title page, nav/NCX, cover, illustration, ruby)', async () => {
    const { epub3, epub2 } = pandocEpubs();
    for (const data of [epub3, epub2]) {
      const book = await parseBook('botchan.epub', data);
      expect(book).toMatchObject({ format: 'epub', title: '坊っちゃん', author: '夏目漱石', cover: expect.stringMatching(/^img-\d+\.png$/) });
      const titles = book.chapters.map((c) => c.title);
      expect(titles.slice(-2)).toEqual(['一', '二']);
      const one = book.chapters.at(-2)!.paragraphs;
      expect(one.some((p) => p.image && p.image !== book.cover)).toBe(true);
      const first = one.find((p) => p.text.includes('親譲りの無鉄砲'))!;
      expect(first.ruby?.[0]).toEqual({ base: '親譲', reading: 'おやゆず', start: first.text.indexOf('親譲') });
      expect(book.chapters.at(-1)!.paragraphs.at(-1)!.text).toContain('威勢よく一番に飛び込んだ。');
    }
  });

  it('allows font obfuscation but refuses encrypted content (DRM)', async () => {
    const fonts = await parseBook('f.epub', buildEpub({ ...three, encryption: ['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC'] }));
    expect(fonts.chapters).toHaveLength(3);
    expect(await refusal(() => parseBook('drm.epub', buildEpub({ ...three, encryption: ['http://www.w3.org/2001/04/xmlenc#aes128-cbc'] })))).toBe('bad_request/drm');
  });

  it('refuses a corrupt or truncated archive', async () => {
    const good = buildEpub(three);
    expect(await refusal(() => parseBook('t.epub', good.subarray(0, Math.floor(good.length * 0.7))))).toBe('bad_request/corrupt');
    // The package lists a chapter the archive lacks.
    expect(await refusal(() => parseBook('m.epub', buildEpub({ ...three, omit: ['OEBPS/text/ch2.xhtml'] })))).toBe('bad_request/corrupt');
    // A deflate stream cut short inside an intact archive.
    const cut = withEntry(good, 'OEBPS/text/ch1.xhtml', (data) => data.fill(0, 0, 4));
    expect(await refusal(() => parseBook('d.epub', cut))).toMatch(/^bad_request\/corrupt$/);
  });

  it('refuses zip bombs: too many entries, too much uncompressed, a suspicious ratio', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 10_001; i++) many[`f${i}`] = new Uint8Array(0);
    expect(await refusal(() => parseBook('many.epub', zipSync(many, { level: 0 })))).toBe('too_large/too_large');
    // 2 MiB of zeros deflate to about 2 KiB: a ratio no book has.
    const zeros = new Uint8Array(2 * 1024 * 1024);
    expect(await refusal(() => parseBook('bomb.epub', makeZip({ mimetype: 'application/epub+zip', 'OEBPS/a.xhtml': zeros }, { level: 9 })))).toBe('too_large/too_large');
    // Declared sizes that add up beyond the limit (the central directory is what is checked before inflating).
    const declared = centralSizes(buildEpub(three), 40 * 1024 * 1024, 1024 * 1024);
    expect(await refusal(() => parseBook('huge.epub', declared))).toBe('too_large/too_large');
  });

  it('refuses a zip that is no EPUB, and files that are no books', async () => {
    expect(await refusal(() => parseBook('x.epub', makeZip({ 'readme.txt': 'hello' })))).toBe('bad_request/not_a_book');
    expect(await refusal(() => parseBook('x.epub', PNG_1x1))).toBe('bad_request/not_a_book');
    expect(await refusal(() => parseBook('x.txt', new Uint8Array(0)))).toBe('bad_request/empty');
    expect(await refusal(() => parseBook('x.txt', new TextEncoder().encode('\n\n  \n')))).toBe('bad_request/empty');
    // An EPUB whose container names a package it does not contain.
    expect(await refusal(() => parseBook('x.epub', buildEpub({ ...three, extra: { 'META-INF/container.xml': '<container><rootfiles><rootfile full-path="nope.opf"/></rootfiles></container>' } })))).toBe(
      'bad_request/corrupt',
    );
  });
});
