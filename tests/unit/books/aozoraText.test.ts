import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAozora } from '../../../electron/core/books/aozoraText';
import { parseBook } from '../../../electron/core/books/parseBook';
import { encodeLegacy } from '../../support/books/legacyEncoding';
import { AOZORA_GAIJI } from '../../support/books/aozoraGaiji';
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

  it('drops annotations, turns a gaiji note into its character, and turns headings and page breaks into chapters', () => {
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
    expect(book.chapters[1]!.paragraphs).toEqual([{ text: '第一章', heading: true }, { text: '本文の挘字と傍点。' }]);
    expect(book.chapters[2]!.paragraphs[0]).toEqual({ text: '第二章', heading: true });
  });

  it('reads every gaiji note of the real texts collected as its character, in running text', () => {
    for (const g of AOZORA_GAIJI) {
      const p = line(`前※［＃${g.note}］後`);
      expect(p, g.note).toEqual({ text: `前${g.char}後` });
    }
  });

  it('keeps a reading written after a gaiji on that character, with or without ｜', () => {
    const p = line('僕の顳※［＃「需＋頁」、第3水準1-94-6］《こめかみ》と、こと※［＃「木＋解」、第3水準1-86-22］《かしわ》と｜※［＃「てへん＋劣」、第3水準1-84-77］《むし》る音と※［＃「てへん＋丑」、第4水準2-12-93］《ね》じる。');
    expect(p.text).toBe('僕の顳顬と、こと檞と挘る音と扭じる。');
    expect(p.ruby).toEqual([
      { base: '顳顬', reading: 'こめかみ', start: 2 },
      { base: '檞', reading: 'かしわ', start: 8 },
      { base: '挘', reading: 'むし', start: 10 },
      { base: '扭', reading: 'ね', start: 14 },
    ]);
    // A character outside the BMP counts two in the text's offsets, and its ruby follows.
    const wide = line('※［＃「木＋寅」、第4水準2-15-31］《いん》の木《き》');
    expect(wide).toEqual({ text: '𣘹の木', ruby: [{ base: '𣘹', reading: 'いん', start: 0 }, { base: '木', reading: 'き', start: 3 }] });
    // A symbol gaiji is text: 《 from its note never opens a reading.
    expect(line('※［＃始め二重山括弧、1-1-52］かな※［＃終わり二重山括弧、1-1-53］')).toEqual({ text: '《かな》' });
  });

  it('shows a gaiji without a code as ※ with its description, its reading kept', () => {
    expect(line('頬を※［＃「目＋匡」、66-上-2］《みは》った。')).toEqual({
      text: '頬を※った。',
      ruby: [{ base: '※', reading: 'みは', start: 2 }],
      gaiji: [{ start: 2, description: '目＋匡' }],
    });
    expect(line('※［＃濁点付き片仮名ヰ］と｜書※［＃「口＋鳥」］《か》く')).toEqual({
      text: '※と書※く',
      ruby: [{ base: '書※', reading: 'か', start: 2 }],
      gaiji: [
        { start: 0, description: '濁点付き片仮名ヰ' },
        { start: 3, description: '口＋鳥' },
      ],
    });
  });

  it('places the illustrations its notes name where the zip has them; a picture-gaiji keeps its description and ruby', () => {
    const asked: string[] = [];
    const figure = (file: string) => (asked.push(file), file === 'fig1234_01.png' ? 'img-1.png' : undefined);
    const book = parseAozora(
      ['前の文。', '［＃挿絵（fig1234_01.png、横321×縦480）入る］', '［＃「石鏃二つ」のキャプション付きの図（fig1234_02.png、横321×縦123）入る］', 'その上方に※［＃逆三角形と三角形が向き合っている形（fig1317_26.png、横26×縦59）入る］《デアボロ》'].join('\n'),
      { header: false, fallbackTitle: '本', figure },
    );
    expect(asked).toEqual(['fig1234_01.png', 'fig1234_02.png']);
    expect(book.chapters[0]!.paragraphs).toEqual([
      { text: '前の文。' },
      { text: '', image: 'img-1.png' },
      { text: 'その上方に※', ruby: [{ base: '※', reading: 'デアボロ', start: 5 }], gaiji: [{ start: 5, description: '逆三角形と三角形が向き合っている形' }] },
    ]);
    // Without a zip (a text alone) the notes are dropped as before.
    expect(parseAozora('［＃挿絵（fig1234_01.png、横321×縦480）入る］本文。', { header: false, fallbackTitle: '本' }).chapters[0]!.paragraphs).toEqual([{ text: '本文。' }]);
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
