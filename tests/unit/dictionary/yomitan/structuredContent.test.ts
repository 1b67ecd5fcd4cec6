import { describe, expect, it } from 'vitest';
import { contentLines, sanitizeContent } from '../../../../shared/structuredContent';

describe('sanitizeContent', () => {
  it('keeps allowed elements and attributes only', () => {
    expect(sanitizeContent({ tag: 'span', style: { fontWeight: 'bold', background: 'url(x)' }, class: 'c', id: 'i', onclick: 'x()', data: { a: 1 }, lang: 'ja', content: 'a' })).toEqual({ tag: 'span', styles: ['emphasis'], lang: 'ja', content: 'a' });
    expect(sanitizeContent({ tag: 'td', colSpan: 2, rowSpan: 999, content: 'x' })).toEqual({ tag: 'td', colSpan: 2, content: 'x' });
    expect(sanitizeContent({ tag: 'span', style: { fontSize: 'small', textDecorationLine: ['underline', 'line-through'] } })).toEqual({ tag: 'span', styles: ['small', 'strike', 'underline'] });
  });

  it('keeps http(s) links only; an internal or script link keeps its text', () => {
    expect(sanitizeContent({ tag: 'a', href: 'https://jisho.org/x', content: 'j' })).toEqual({ tag: 'a', href: 'https://jisho.org/x', content: 'j' });
    expect(sanitizeContent({ tag: 'a', href: '?query=食べる', content: 'q' })).toEqual({ tag: 'a', content: 'q' });
    expect(sanitizeContent({ tag: 'a', href: 'javascript:alert(1)', content: 'x' })).toEqual({ tag: 'a', content: 'x' });
    expect(sanitizeContent({ tag: 'a', href: 'data:text/html,<b>', content: 'x' })).toEqual({ tag: 'a', content: 'x' });
  });

  it('replaces unknown elements by their content, drops script and style, stops at a depth', () => {
    expect(sanitizeContent({ tag: 'iframe', content: ['a', { tag: 'b', content: 'b' }] })).toEqual(['a', 'b']);
    expect(sanitizeContent({ tag: 'script', content: 'alert(1)' })).toBe('');
    expect(sanitizeContent({ tag: 'style', content: 'body{}' })).toBe('');
    expect(sanitizeContent({ tag: 'br', content: 'x' })).toEqual({ tag: 'br' });
    expect(sanitizeContent(42)).toBe('');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100; i++) deep = { tag: 'span', content: deep };
    expect(JSON.stringify(sanitizeContent(deep))).not.toContain('bottom');
  });
});

describe('contentLines', () => {
  it('gives one line per block or list item, inline text joined, ruby readings left out', () => {
    const tree = sanitizeContent([
      { tag: 'span', content: 'n' },
      { tag: 'ol', content: [{ tag: 'li', content: ['to ', { tag: 'span', content: 'eat' }] }, { tag: 'li', content: [{ tag: 'ruby', content: ['漢', { tag: 'rp', content: '(' }, { tag: 'rt', content: 'かん' }, { tag: 'rp', content: ')' }] }, '字'] }] },
      { tag: 'img', path: 'x.png', title: 'picture' },
      'tail',
    ]);
    expect(contentLines(tree)).toEqual(['n', 'to eat', '漢字', 'tail']);
    expect(contentLines('  spaced   out  ')).toEqual(['spaced out']);
  });
});
