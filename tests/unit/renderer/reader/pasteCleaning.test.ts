import { describe, expect, it } from 'vitest';
import { cleanPaste, decodeEntities, htmlToText, insertAtSelection, looksLikeMarkdown, markdownToText } from '../../../../renderer/src/reader/pasteCleaning';

describe('htmlToText', () => {
  it('keeps paragraphs and line breaks, drops tags and scripts', () => {
    const html = '<html><head><title>x</title><style>p{}</style></head><body><h1>見出し</h1><p>今日は<b>晴れ</b>です。</p><p>明日は<br>雨です。</p><script>alert(1)</script></body></html>';
    expect(htmlToText(html)).toBe('見出し\n\n今日は晴れです。\n\n明日は\n雨です。');
  });

  it('drops the source page furigana (rt/rp) so our own readings are not doubled', () => {
    expect(htmlToText('<p><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>を読む</p>')).toBe('漢字を読む');
  });

  it('joins Japanese text broken across source lines without inserting a space', () => {
    expect(htmlToText('<p>日本語の\n  文章です。</p>')).toBe('日本語の文章です。');
    expect(htmlToText('<p>Hello\n world</p>')).toBe('Hello world');
  });

  it('decodes entities and keeps ideographic-space indentation', () => {
    expect(htmlToText('<p>\u3000AT&amp;T &lt;b&gt; &#x3042;&#12356;&nbsp;!</p>')).toBe('\u3000AT&T <b> あい !');
    expect(decodeEntities('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('handles clipboard fragments with comments and list items', () => {
    const clip = '<meta charset="utf-8"><!--StartFragment--><ul><li>一つ目</li><li>二つ目</li></ul><!--EndFragment-->';
    expect(htmlToText(clip)).toBe('一つ目\n二つ目');
  });
});

describe('markdownToText', () => {
  it('unwraps headings, emphasis, links, images, code and lists', () => {
    const md = [
      '# 第一章',
      '',
      '**猫**が *好き* です。[リンク](https://example.com) と ![画像](a.png)。',
      '',
      '- 一つ目',
      '- `二つ目`',
      '1. 三つ目',
      '> 引用です',
      '',
      '```',
      'コード',
      '```',
      '---',
      '[ref]: https://example.com',
    ].join('\n');
    expect(markdownToText(md)).toBe('第一章\n\n猫が 好き です。リンク と 画像。\n\n一つ目\n二つ目\n三つ目\n引用です\n\nコード');
  });

  it('turns tables into rows of cells and drops the separator', () => {
    expect(markdownToText('| 単語 | 意味 |\n| --- | --- |\n| 猫 | cat |')).toBe('単語 意味\n猫 cat');
  });

  it('unwraps inline HTML inside Markdown', () => {
    expect(markdownToText('# 題\n<ruby>漢<rt>かん</rt></ruby>字')).toBe('題\n漢字');
  });

  it('leaves snake_case and lone asterisks alone', () => {
    expect(markdownToText('file_name_here と 5 * 3 = 15')).toBe('file_name_here と 5 * 3 = 15');
  });
});

describe('cleanPaste', () => {
  it('prefers the HTML flavour when it has markup', () => {
    expect(cleanPaste({ html: '<p>一行目</p><p>二行目</p>', text: 'ignored' })).toBe('一行目\n\n二行目');
  });
  it('cleans Markdown in plain text, leaves ordinary text untouched', () => {
    expect(looksLikeMarkdown('## 見出し\n本文')).toBe(true);
    expect(cleanPaste({ text: '## 見出し\n本文' })).toBe('見出し\n本文');
    expect(looksLikeMarkdown('普通の文章です。\n二行目。')).toBe(false);
    expect(cleanPaste({ text: '普通の文章です。\r\n二行目。' })).toBe('普通の文章です。\n二行目。');
  });
  it('falls back to the text when the HTML has no text', () => {
    expect(cleanPaste({ html: '<img src="x.png">', text: '画像' })).toBe('画像');
  });
});

describe('insertAtSelection', () => {
  it('replaces the selection and puts the caret after the insert', () => {
    expect(insertAtSelection('あいうえお', 1, 3, 'XY')).toEqual({ value: 'あXYえお', caret: 3 });
    expect(insertAtSelection('abc', 10, 2, '!')).toEqual({ value: 'abc!', caret: 4 });
  });
});
