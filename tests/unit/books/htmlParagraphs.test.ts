import { describe, expect, it } from 'vitest';
import { htmlParagraphs } from '../../../electron/core/books/htmlParagraphs';
import { parseBook } from '../../../electron/core/books/parseBook';
import { refusal } from '../../support/books/refusal';

describe('XHTML → paragraphs with ruby', () => {
  it('keeps ruby in its forms (rb, rp, several pairs) and collapses markup whitespace, not U+3000', () => {
    const { paragraphs } = htmlParagraphs(`<body>
      <p>\u3000<ruby>漢字<rp>（</rp><rt>かんじ</rt><rp>）</rp></ruby>と
         <ruby><rb>東</rb><rt>とう</rt><rb>京</rb><rt>きょう</rt></ruby>。</p>
      <p>二つ目<br/>三つ目</p>
      <h2 id="x">見出し</h2></body>`);
    expect(paragraphs).toEqual([
      {
        text: '\u3000漢字と 東京。',
        ruby: [
          { base: '漢字', reading: 'かんじ', start: 1 },
          { base: '東', reading: 'とう', start: 5 },
          { base: '京', reading: 'きょう', start: 6 },
        ],
      },
      { text: '二つ目' },
      { text: '三つ目' },
      { text: '見出し', heading: true },
    ]);
  });

  it('lets no script, style, event handler, iframe, object or remote resource through', () => {
    const seen: string[] = [];
    const { paragraphs } = htmlParagraphs(
      `<head><script>alert(1)</script><style>p{}</style></head><body onload="steal()">
        <p onclick="evil()">安全<script>document.write('bad')</script>な文<iframe src="https://evil.example/"></iframe></p>
        <object data="x.swf">objtext</object><embed src="x"/><svg><script>x()</script><text>svgtext</text></svg>
        <img src="https://evil.example/track.png"/><img src="../images/ok.png" onerror="x()"/><noscript>nojs</noscript>
        <p><a href="javascript:alert(1)">リンク</a></p></body>`,
      { image: (src) => (seen.push(src), src.startsWith('http') ? undefined : 'img-1.png') },
    );
    expect(paragraphs).toEqual([{ text: '安全な文' }, { text: '', image: 'img-1.png' }, { text: 'リンク' }]);
    expect(JSON.stringify(paragraphs)).not.toMatch(/alert|evil|steal|bad|objtext|svgtext|nojs/);
    expect(seen).toEqual(['https://evil.example/track.png', '../images/ok.png']);
  });

  it('refuses absurd nesting with a clear error instead of running out of stack', async () => {
    const deep = `<body>${'<div>'.repeat(100_000)}深い${'</div>'.repeat(100_000)}</body>`;
    expect(refusal(() => htmlParagraphs(deep))).toBe('too_large/nesting');
    expect(await refusal(() => parseBook('deep.html', new TextEncoder().encode(`<!DOCTYPE html><html>${deep}</html>`)))).toBe('too_large/nesting');
  });

  it('imports HTML and Markdown files as books with chapters at repeated headings', async () => {
    const html = await parseBook('page.html', new TextEncoder().encode('<html><head><title>短編集</title></head><body><h1>第一話</h1><p>あ</p><h1>第二話</h1><p>い</p></body></html>'));
    expect(html).toMatchObject({ format: 'html', title: '短編集' });
    expect(html.chapters.map((c) => [c.title, c.paragraphs.map((p) => p.text)])).toEqual([
      ['第一話', ['第一話', 'あ']],
      ['第二話', ['第二話', 'い']],
    ]);
    const md = await parseBook('notes.md', new TextEncoder().encode('# 本の名前\n\n## 一\n\n最初の<ruby>段落<rt>だんらく</rt></ruby>。\n\n## 二\n\n*次*の段落。\n\n<script>alert(1)</script>\n'));
    expect(md).toMatchObject({ format: 'markdown', title: '本の名前' });
    expect(md.chapters.map((c) => c.title)).toEqual(['本の名前', '一', '二']);
    expect(md.chapters[1]!.paragraphs[1]).toEqual({ text: '最初の段落。', ruby: [{ base: '段落', reading: 'だんらく', start: 3 }] });
    expect(md.chapters[2]!.paragraphs.map((p) => p.text)).toEqual(['二', '次の段落。']);
  });
});
