import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, fontFamilyOf, loadLayout, nextTheme, normalizeLayout, READER_THEMES } from '../../../../renderer/src/books/readerSettings';
import { keysOf, READER_KEYS, readerAction } from '../../../../renderer/src/books/readerKeys';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...mods });

describe('reader settings', () => {
  it('a layout stored by an older version, or edited by hand, is made whole and kept in range', () => {
    expect(normalizeLayout({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })).toEqual({ ...DEFAULT_LAYOUT, mode: 'horizontal' });
    expect(normalizeLayout({ fontSize: 400, lineHeight: 0.5, margin: -3, theme: 'neon', font: 'comic', immersive: 'yes' })).toEqual({ ...DEFAULT_LAYOUT, fontSize: 40, lineHeight: 1.5, margin: 8 });
    expect(loadLayout({ getItem: () => '{not json' })).toEqual(DEFAULT_LAYOUT);
    expect(loadLayout({ getItem: () => JSON.stringify({ theme: 'sepia' }) }).theme).toBe('sepia');
  });

  it('fonts: the system Mincho and Gothic families, or one named first with Mincho behind it', () => {
    expect(fontFamilyOf({ font: 'mincho', customFont: '' })).toMatch(/Mincho.*serif$/);
    expect(fontFamilyOf({ font: 'gothic', customFont: '' })).toMatch(/Gothic.*sans-serif$/);
    expect(fontFamilyOf({ font: 'custom', customFont: 'Klee One' })).toMatch(/^"Klee One", .*Mincho/);
    // A name cannot break out of the declaration.
    expect(fontFamilyOf({ font: 'custom', customFont: 'x"; color: red; {' })).toMatch(/^"x color: red", /);
    expect(fontFamilyOf({ font: 'custom', customFont: '  ' })).toBe(fontFamilyOf({ font: 'mincho', customFont: '' }));
  });

  it('one key cycles through every theme', () => {
    const seen = new Set<string>();
    let t = DEFAULT_LAYOUT.theme;
    for (let i = 0; i < READER_THEMES.length; i++) seen.add((t = nextTheme(t)));
    expect([...seen].sort()).toEqual([...READER_THEMES].sort());
    expect(t).toBe(DEFAULT_LAYOUT.theme);
  });
});

describe('reader keys', () => {
  it('are single keys without modifiers; Shift with a letter stays the dictionary hover key', () => {
    expect(readerAction(key('f'))).toBe('immersive');
    expect(readerAction(key('F11'))).toBe('fullScreen');
    expect(readerAction(key('b'))).toBe('bookmark');
    expect(readerAction(key('+', { shiftKey: true }))).toBe('fontLarger');
    expect(readerAction(key('B', { shiftKey: true }))).toBeUndefined();
    expect(readerAction(key('f', { ctrlKey: true }))).toBeUndefined();
    expect(readerAction(key('Shift', { shiftKey: true }))).toBeUndefined();
    expect(keysOf('fontLarger')).toBe('+ / =');
  });

  it('never take the keys of paging and word mode, nor one key twice', () => {
    const all = READER_KEYS.flatMap((k) => [...k.keys]);
    expect(new Set(all).size).toBe(all.length);
    for (const taken of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', ' ', 'Enter', 'Escape', 'Shift', '?', ',']) expect(all).not.toContain(taken);
  });
});
