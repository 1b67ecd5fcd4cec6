import { describe, expect, it } from 'vitest';
import { allowedAttribute, allowedAttributes, allowedElement, linkDestination, safeHref } from '../../../../shared/markupRules';

describe('the markup allow-list (chat replies, dictionary structured content)', () => {
  it('keeps text structure and ruby; drops scripts, styles, media, forms and frames', () => {
    for (const t of ['p', 'strong', 'ul', 'li', 'table', 'td', 'ruby', 'rt', 'a', 'details', 'SPAN']) expect(allowedElement(t), t).toBe(true);
    for (const t of ['script', 'style', 'img', 'svg', 'iframe', 'form', 'input', 'button', 'video', 'object', 'link', 'meta', 'base']) expect(allowedElement(t), t).toBe(false);
  });

  it('never style, class or id, on any element', () => {
    for (const tag of ['a', 'span', 'div', 'p', 'td']) {
      expect(allowedAttribute(tag, 'style', 'position:fixed;inset:0;z-index:9999')).toBe(false);
      expect(allowedAttribute(tag, 'class', 'app-header')).toBe(false);
      expect(allowedAttribute(tag, 'ID', 'root')).toBe(false);
    }
    expect(allowedAttributes('a', { href: 'https://example.com/x', style: 'position:fixed', class: 'x', id: 'y', onclick: 'x()', lang: 'ja' })).toEqual({ href: 'https://example.com/x', lang: 'ja' });
  });

  it('an attribute only where it belongs, with a plain value', () => {
    expect(allowedAttribute('td', 'colspan', '2')).toBe(true);
    expect(allowedAttribute('td', 'colspan', '2;x')).toBe(false);
    expect(allowedAttribute('span', 'colspan', '2')).toBe(false);
    expect(allowedAttribute('span', 'href', 'https://example.com')).toBe(false);
    expect(allowedAttribute('ol', 'start', '3')).toBe(true);
    expect(allowedAttribute('span', 'lang', 'ja-JP')).toBe(true);
    expect(allowedAttribute('span', 'lang', 'ja" onmouseover="x')).toBe(false);
    expect(allowedAttribute('a', 'target', '_top')).toBe(false);
  });

  it('links: http(s) only, absolute, normalised', () => {
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeHref(' http://example.com ')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x', '/relative', '#top', 'mailto:a@b.c', 'blob:https://x/y']) expect(safeHref(bad), bad).toBeNull();
    expect(allowedAttribute('a', 'href', 'javascript:alert(1)')).toBe(false);
  });

  it('a link shows where it goes: the host and a short path', () => {
    expect(linkDestination('https://evil.example/')).toBe('evil.example');
    expect(linkDestination('https://evil.example/login?x=1')).toBe('evil.example/login');
    expect(linkDestination(`https://evil.example/${'a'.repeat(80)}`)).toHaveLength(48);
  });
});
