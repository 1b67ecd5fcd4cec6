/** The shortcut table, its chords, and the settings' refusal of unusable bindings (a clash, a reserved key, a fixed action). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsPatchSchema, SettingsSchema } from '../../../shared/settings';
import { chordProblem, effectiveShortcuts, isChord, overridesProblem, parseChord, scopesMeet, SHORTCUT_IDS, shortcutDef } from '../../../shared/shortcuts';

describe('chords', () => {
  it('are written one way: modifiers in order, letters upper case, a typed character without Shift', () => {
    for (const c of ['Ctrl+,', 'Ctrl+Shift+Enter', '?', 'Shift+Space', 'PageDown', 'Alt+K', 'Ctrl+Alt+Shift+Meta+F5', '1', 'Ctrl++', 'Ctrl+Shift+1', 'Shift+A', 'é'.toUpperCase()]) {
      expect(isChord(c), c).toBe(true);
    }
    for (const c of ['Shift+Ctrl+Enter', 'ctrl+,', 'k', 'Shift+?', 'Ctrl+Ctrl+K', '', 'Ctrl+', 'Space bar', 'Enter+Ctrl', ' ', 'Shift+!']) {
      expect(isChord(c), c).toBe(false);
    }
    expect(parseChord('Ctrl++')).toEqual({ modifiers: new Set(['Ctrl']), key: '+' });
  });

  it('the defaults use no key twice where their scopes meet, and every action has one', () => {
    expect(overridesProblem({})).toBeNull();
    for (const id of SHORTCUT_IDS) expect(shortcutDef(id).keys.length, id).toBeGreaterThan(0);
  });

  it('scopes meet on the same page, and a global or popup key meets every page', () => {
    expect(scopesMeet('book', 'review')).toBe(false);
    expect(scopesMeet('book', 'book')).toBe(true);
    expect(scopesMeet('global', 'review')).toBe(true);
    expect(scopesMeet('chat', 'popup')).toBe(true);
  });
});

describe('a binding', () => {
  const defaults = effectiveShortcuts({});
  it('clashes with another action of a scope it meets, and says which', () => {
    expect(chordProblem(defaults, 'book.nextPage', 'Enter')).toEqual({ kind: 'clash', chord: 'Enter', id: 'book.nextPage', other: 'book.wordMode' });
    // A global key meets every page.
    expect(chordProblem(defaults, 'app.help', 'Space')).toMatchObject({ kind: 'clash', other: 'reader.openWord' });
    // The fixed arrows count too.
    expect(chordProblem(defaults, 'book.prevPage', 'ArrowLeft')).toMatchObject({ kind: 'clash', other: 'book.arrows' });
  });

  it('may use a key another scope uses (review and books are never open at once)', () => {
    expect(chordProblem(defaults, 'review.reveal', 'PageDown')).toBeNull();
    expect(chordProblem(defaults, 'book.nextPage', 'N')).toBeNull();
  });

  it('refuses Tab (the focus moves with it) and what is no chord', () => {
    expect(chordProblem(defaults, 'book.nextPage', 'Tab')).toEqual({ kind: 'reserved', chord: 'Tab' });
    expect(chordProblem(defaults, 'book.nextPage', 'shift+x')).toEqual({ kind: 'invalid', chord: 'shift+x' });
  });
});

describe('Settings.shortcuts', () => {
  it('keeps only the changes, and the defaults apply to the rest', () => {
    expect(DEFAULT_SETTINGS.shortcuts).toEqual({});
    const s = SettingsSchema.parse({ shortcuts: { 'book.nextPage': ['N', 'Space'] } });
    expect(effectiveShortcuts(s.shortcuts)['book.nextPage']).toEqual(['N', 'Space']);
    expect(effectiveShortcuts(s.shortcuts)['book.prevPage']).toEqual(['Shift+Space', 'PageUp']);
    // No key at all is a choice too.
    expect(effectiveShortcuts(SettingsSchema.parse({ shortcuts: { 'app.help': [] } }).shortcuts)['app.help']).toEqual([]);
  });

  it('refuses a clash, an unknown or fixed action, a bad chord and too many keys, with the reason', () => {
    const refused = (shortcuts: unknown) => {
      const r = SettingsPatchSchema.safeParse({ shortcuts });
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(refused({ 'review.reveal': ['1'] })).toBe('1 is already bound to review.again');
    expect(refused({ 'book.nextPage': ['Enter'] })).toBe('Enter is already bound to book.wordMode');
    // Moving a key from one action to another in one change is fine.
    expect(refused({ 'book.nextPage': ['Enter'], 'book.wordMode': ['W'] })).toBeNull();
    expect(refused({ 'app.close': ['Q'] })).toBe('app.close: cannot be changed');
    expect(refused({ 'app.nothing': ['Q'] })).toBe('app.nothing: no such shortcut');
    expect(refused({ 'app.help': ['ctrl+h'] })).toBe('not a usable key: ctrl+h');
    expect(refused({ 'app.help': ['H', 'H'] })).toBe('not a usable key: H');
    expect(refused({ 'app.help': ['F1', 'F2', 'F3', 'F4', 'F5'] })).not.toBeNull();
    expect(refused({ 'app.help': ['Tab'] })).toBe('not a usable key: Tab');
  });

  it('a stored value that no longer validates is dropped for the defaults (SettingsService reads field by field)', () => {
    expect(SettingsSchema.shape.shortcuts.safeParse({ 'review.reveal': ['1'] }).success).toBe(false);
  });

  it('the lookup key may be none at all (hovering looks up)', () => {
    expect(SettingsPatchSchema.parse({ dictionaryHoverKey: 'hover' })).toEqual({ dictionaryHoverKey: 'hover' });
    expect(SettingsPatchSchema.safeParse({ dictionaryHoverKey: 'meta' }).success).toBe(false);
  });
});
