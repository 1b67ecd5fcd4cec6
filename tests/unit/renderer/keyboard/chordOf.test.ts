/** Key presses as chords (the dispatcher's key), and chords as key caps. */
import { describe, expect, it } from 'vitest';
import { ariaKeyShortcuts, chordCaps, chordOf } from '../../../../renderer/src/keyboard/chordOf';

const press = (key: string, mods: Partial<{ ctrl: boolean; alt: boolean; shift: boolean; meta: boolean }> = {}, code = '') => ({
  key,
  code,
  ctrlKey: !!mods.ctrl,
  altKey: !!mods.alt,
  shiftKey: !!mods.shift,
  metaKey: !!mods.meta,
});

describe('chordOf', () => {
  it('names a key press as shared/shortcuts.ts writes chords', () => {
    expect(chordOf(press(' '), false)).toBe('Space');
    expect(chordOf(press(' ', { shift: true }), false)).toBe('Shift+Space');
    expect(chordOf(press('Enter', { ctrl: true, shift: true }), false)).toBe('Ctrl+Shift+Enter');
    expect(chordOf(press(',', { ctrl: true }), false)).toBe('Ctrl+,');
    expect(chordOf(press('k'), false)).toBe('K');
    expect(chordOf(press('K', { shift: true }), false)).toBe('Shift+K');
    expect(chordOf(press('1'), false)).toBe('1');
  });

  it('a character typed with Shift is the character: ? on any keyboard', () => {
    expect(chordOf(press('?', { shift: true }, 'Slash'), false)).toBe('?');
    expect(chordOf(press('!', { shift: true }, 'Digit1'), false)).toBe('!');
  });

  it('with Alt or Ctrl, the key itself, not the character it would type (Option+K on macOS types ˚)', () => {
    expect(chordOf(press('˚', { alt: true }, 'KeyK'), true)).toBe('Alt+K');
    expect(chordOf(press('!', { ctrl: true, shift: true }, 'Digit1'), false)).toBe('Ctrl+Shift+1');
  });

  it('⌘ is Ctrl on macOS, Meta elsewhere', () => {
    expect(chordOf(press(',', { meta: true }), true)).toBe('Ctrl+,');
    expect(chordOf(press(',', { meta: true }), false)).toBe('Meta+,');
  });

  it('a modifier alone, or a key an input method composes, is no chord', () => {
    expect(chordOf(press('Shift', { shift: true }), false)).toBeNull();
    expect(chordOf(press('Control', { ctrl: true }), false)).toBeNull();
    expect(chordOf(press('Process'), false)).toBeNull();
    expect(chordOf({ ...press('a'), isComposing: true }, false)).toBeNull();
  });
});

describe('chordCaps', () => {
  it('shows arrows as arrows, named keys in the UI language, ⌘ on macOS', () => {
    expect(chordCaps('Shift+ArrowLeft', undefined, false)).toEqual(['Shift', '←']);
    expect(chordCaps('Shift+Space', (k) => (k === 'Space' ? '空格' : undefined), false)).toEqual(['Shift', '空格']);
    expect(chordCaps('Ctrl+Enter', undefined, true)).toEqual(['⌘', 'Enter']);
  });

  it('spells chords for aria-keyshortcuts, with ⌘ as well on macOS', () => {
    expect(ariaKeyShortcuts(['Ctrl+Enter', 'Ctrl+Shift+Enter'], false)).toBe('Control+Enter Control+Shift+Enter');
    expect(ariaKeyShortcuts(['Ctrl+Enter'], true)).toBe('Control+Enter Meta+Enter');
  });
});
