import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, fontFamilyOf, loadLayout, nextTheme, normalizeLayout, READER_THEMES } from '../../../../renderer/src/books/readerSettings';
import { overridesProblem, parseChord, SHORTCUTS } from '../../../../shared/shortcuts';
import { chordOf } from '../../../../renderer/src/keyboard/chordOf';

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

describe('the reader\'s one-key commands in the shortcut table', () => {
  const BOOK_COMMANDS = ['book.immersive', 'book.theme', 'book.writingMode', 'book.bookmark', 'book.bookmarks', 'book.contents', 'book.display', 'book.fontLarger', 'book.fontSmaller'] as const;

  it('are single keys without modifiers: Shift stays the dictionary lookup key, and F11 is full screen everywhere', () => {
    for (const id of BOOK_COMMANDS) for (const chord of SHORTCUTS[id].keys) expect(parseChord(chord)?.modifiers.size, `${id}: ${chord}`).toBe(0);
    expect(SHORTCUTS['app.fullScreen']).toEqual({ scope: 'global', keys: ['F11'] });
    expect(chordOf({ key: 'f', code: 'KeyF', ctrlKey: false, altKey: false, shiftKey: false, metaKey: false }, false)).toBe('F');
    expect(chordOf({ key: 'F', code: 'KeyF', ctrlKey: false, altKey: false, shiftKey: true, metaKey: false }, false)).toBe('Shift+F');
  });

  it('clash with no other key of the book or the app', () => {
    expect(overridesProblem({})).toBeNull();
    const all = BOOK_COMMANDS.flatMap((id) => [...SHORTCUTS[id].keys]);
    expect(new Set(all).size).toBe(all.length);
  });
});
