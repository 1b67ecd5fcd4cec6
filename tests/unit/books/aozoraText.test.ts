import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAozora } from '../../../electron/core/books/aozoraText';
import { parseBook } from '../../../electron/core/books/parseBook';
import { encodeLegacy } from '../../support/books/legacyEncoding';
import { BOTCHAN_TXT } from '../../support/books/pandocEpub';

const line = (s: string) => parseAozora(s, { header: false, fallbackTitle: 't' }).chapters[0]!.paragraphs[0]!;

describe('Aozora Bunko text', () => {
  it('keeps ruby with and without ｜ as ruby, the text without markup', () => {
    const p = line('夕方｜五時《ごじ》に親譲《おやゆず》りの無鉄砲《むてっぽう》で、カタカナ《かたかな》も。');
    expect(p.text).toBe('夕方五時に親譲りの無鉄砲で、カタカナも。');
    expect(p.ruby).toEqual([
      { base: '五時', reading: 'ごじ', start: 2 },
      { base: '親譲', reading: 'おやゆず', start: 5 },
      { base: '無鉄砲', reading: 'むてっぽう', start: 9 },
      { base: 'カタカナ', reading: 'かたかな', start: 14 },
    ]);
    for (const r of p.ruby!) expect(p.text.slice(r.start, r.start + r.base.length)).toBe(r.base);
  });

  it('drops annotations, keeps ※ for a described character, and turns headings and page breaks into chapters', () => {
    const book = parseAozora(
      [
        '［＃ここから２字下げ］前書きの文。［＃ここで字下げ終わり］',
        '［＃改ページ］',
        '［＃５字下げ］第一章［＃「第一章」は中見出し］',
        '本文の※［＃「てへん＋劣」、第3水準1-84-77］字と［＃傍点］傍点［＃傍点終わり］。',
        '［＃改ページ］',
        '［＃中見出し］第二章［＃中見出し終わり］',
        '終わりの文。',
      ].join('\r\n'),
      { header: false, fallbackTitle: '本' },
    );
    expect(book.chapters.map((c) => c.title)).toEqual(['本', '第一章', '第二章']);
    expect(book.chapters[0]!.paragraphs).toEqual([{ text: '前書きの文。' }]);
    expect(book.chapters[1]!.paragraphs).toEqual([{ text: '第一章', heading: true }, { text: '本文の※字と傍点。' }]);
    expect(book.chapters[2]!.paragraphs[0]).toEqual({ text: '第二章', heading: true });
  });

  it('without headings, page breaks cut chapters', () => {
    const book = parseAozora('一つ目。\n［＃改ページ］\n二つ目。', { header: false, fallbackTitle: '本' });
    expect(book.chapters.map((c) => [c.title, c.paragraphs.map((p) => p.text)])).toEqual([
      ['本', ['一つ目。']],
      ['本 (2)', ['二つ目。']],
    ]);
  });

  it('recognises the header, the symbol notes and the bibliographic footer of a real file, in Shift_JIS as published', async () => {
    const text = fs.readFileSync(BOTCHAN_TXT, 'utf8');
    const book = await parseBook('botchan.txt', encodeLegacy(text, 'shift_jis'));
    expect(book).toMatchObject({ format: 'aozora', title: '坊っちゃん', author: '夏目漱石' });
    expect(book.chapters.map((c) => c.title)).toEqual(['一', '二']);
    const all = book.chapters.flatMap((c) => c.paragraphs.map((p) => p.text)).join('\n');
    expect(all).not.toMatch(/底本|入力：|【テキスト中|［＃|《|》|｜/);
    const first = book.chapters[0]!.paragraphs[1]!;
    expect(first.text.startsWith('　親譲りの無鉄砲で小供の時から損ばかりしている。')).toBe(true);
    expect(first.ruby?.slice(0, 2)).toEqual([
      { base: '親譲', reading: 'おやゆず', start: 1 },
      { base: '無鉄砲', reading: 'むてっぽう', start: 5 },
    ]);
  });

  it('reads plain text without Aozora markup as one chapter of lines, titled by the file name', async () => {
    const book = await parseBook('日記.txt', new TextEncoder().encode('今日は晴れ。\n\n明日は雨。\n'));
    expect(book).toMatchObject({ format: 'text', title: '日記', author: '' });
    expect(book.chapters).toEqual([{ title: '日記', paragraphs: [{ text: '今日は晴れ。' }, { text: '明日は雨。' }] }]);
  });
});
