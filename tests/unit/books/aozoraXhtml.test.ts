import { describe, expect, it } from 'vitest';
import { htmlParagraphs } from '../../../electron/core/books/htmlParagraphs';
import { parseBook } from '../../../electron/core/books/parseBook';
import { aozoraXhtml } from '../../support/books/aozoraXhtml';
import { encodeLegacy } from '../../support/books/legacyEncoding';

const sjis = (s: string) => encodeLegacy(s, 'shift_jis');

describe('Aozora Bunko XHTML', () => {
  it('is recognised: title and author from its metadata, the main text only, chapters at its headings', async () => {
    const book = await parseBook('1_14545.html', sjis(aozoraXhtml()));
    expect(book).toMatchObject({ format: 'aozora', title: '羅生門', author: '芥川龍之介' });
    expect(book.chapters.map((c) => c.title)).toEqual(['一', '二']);
    const all = book.chapters.flatMap((c) => c.paragraphs.map((p) => p.text));
    expect(all[0]).toBe('一');
    expect(all).toContain('　下人の行方は、誰も知らない。');
    // No colophon, notation notes, card link, nor the title page again.
    expect(all.join('\n')).not.toMatch(/底本|入力：|校正：|青空文庫|表記について|図書カード|芥川龍之介/);
    expect(all).not.toContain('羅生門');
    expect(book.chapters[0]!.paragraphs[1]).toEqual({ text: '　或日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。', ruby: [{ base: '下人', reading: 'げにん', start: 15 }] });
  });

  it('turns gaiji images into their characters (from the file name or the alt text), keeping their ruby', async () => {
    const [, , p, q] = (await parseBook('x.html', sjis(aozoraXhtml()))).chapters[0]!.paragraphs;
    expect(p).toEqual({ text: '　扭じる手と、顬の汗。', ruby: [{ base: '顬', reading: 'こめかみ', start: 7 }] });
    // An image named without a code: the alt text's code; without any code, ※ with the description.
    expect(q).toEqual({ text: '　画像の名に符号のない外字檞も、符号のない※も。', gaiji: [{ start: 21, description: '目＋匡' }] });
  });

  it('reads a note after ※ as the character it names, in ruby too, and drops editorial notes', async () => {
    const [, , , , p, q] = (await parseBook('x.html', sjis(aozoraXhtml()))).chapters[0]!.paragraphs;
    expect(p).toEqual({ text: '　口に呭く。蛅蟖が這う。', ruby: [{ base: '蛅蟖', reading: 'けむし', start: 6 }] });
    expect(q).toEqual({ text: '　眼を※った。', gaiji: [{ start: 3, description: '目＋匡' }] });
  });

  it('names a book without meta tags from its title page, subtitle included', async () => {
    const html = aozoraXhtml({ lines: ['本文。<br />'] })
      .replace(/<meta name="DC\.[^>]*>/g, '')
      .replace('<h2 class="author">', '<h2 class="subtitle">副題</h2>\n<h2 class="author">');
    expect(await parseBook('x.xhtml', new TextEncoder().encode(html))).toMatchObject({ title: '羅生門 副題', author: '芥川龍之介', chapters: [{ title: '羅生門 副題', paragraphs: [{ text: '本文。' }] }] });
  });

  it('leaves other HTML alone: no section, no gaiji reading, the <title> names it', async () => {
    const book = await parseBook('page.html', new TextEncoder().encode('<html><head><title>頁</title></head><body><p>※<span class="notes">［＃「口＋世」、U+546D］</span>と<img class="gaiji" src="1-94-06.png"/></p></body></html>'));
    expect(book).toMatchObject({ format: 'html', title: '頁', chapters: [{ paragraphs: [{ text: '※［＃「口＋世」、U+546D］と' }] }] });
  });
});

describe('DOCTYPE', () => {
  it('with an internal subset leaves no stray "]>" paragraph', async () => {
    const html = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd" [
  <!ENTITY copy "&#169;">
  <!ENTITY nbsp "&#160;">
]>
<html xmlns="http://www.w3.org/1999/xhtml"><body><p>本文</p></body></html>`;
    expect(htmlParagraphs(html).paragraphs).toEqual([{ text: '本文' }]);
    expect((await parseBook('doc.xhtml', new TextEncoder().encode(html))).chapters[0]!.paragraphs).toEqual([{ text: '本文' }]);
    // Without a subset, or with a `]` that is text, nothing changes.
    expect(htmlParagraphs('<!DOCTYPE html><p>a]>b</p>').paragraphs).toEqual([{ text: 'a]>b' }]);
  });
});
