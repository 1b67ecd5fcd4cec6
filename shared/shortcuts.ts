/**
 * Every keyboard shortcut of the app in one table: its scope, its default keys,
 * and whether the learner may change them. The renderer's dispatcher runs them
 * (renderer/src/keyboard/), Settings → Keyboard and the `?` overlay list them, and
 * the settings keep only the learner's changes (`Settings.shortcuts`), validated here.
 *
 * A chord is written `Ctrl+Alt+Shift+Meta+Key` (modifiers in that order, each at
 * most once). Keys are `KeyboardEvent.key` names (`Enter`, `PageDown`, `ArrowLeft`),
 * `Space`, or one character; a letter is upper case, and a character typed with
 * Shift (`?`, `!`) carries no `Shift+` (the character says it). On macOS `Ctrl`
 * is also ⌘.
 */
import { z } from 'zod';

/**
 * Where a shortcut acts: `global` anywhere, `popup` while the dictionary popup is
 * open (over any page), the others on their page or panel. Two shortcuts can clash
 * only when their scopes can be active at once.
 */
export const SHORTCUT_SCOPES = ['global', 'popup', 'reader', 'book', 'review', 'chat'] as const;
export type ShortcutScope = (typeof SHORTCUT_SCOPES)[number];

interface ShortcutDef {
  scope: ShortcutScope;
  keys: readonly string[];
  /** Shown, not changeable: keys every app gives this meaning (Escape closes, the arrows move). */
  fixed?: boolean;
  /** Also while typing in a text field (the field's own keys: Ctrl+Enter in the text box). */
  inFields?: boolean;
}

export const SHORTCUTS = {
  'app.help': { scope: 'global', keys: ['?'] },
  'app.settings': { scope: 'global', keys: ['Ctrl+,'] },
  'app.close': { scope: 'global', keys: ['Escape'], fixed: true, inFields: true },
  'app.fullScreen': { scope: 'global', keys: ['F11'] },
  'reader.analyze': { scope: 'reader', keys: ['Ctrl+Enter'], inFields: true },
  'reader.reanalyze': { scope: 'reader', keys: ['Ctrl+Shift+Enter'], inFields: true },
  'reader.openWord': { scope: 'reader', keys: ['Enter', 'Space'] },
  'reader.extendPhrase': { scope: 'reader', keys: ['Shift+Enter', 'Shift+Space'] },
  'reader.move': { scope: 'reader', keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'], fixed: true },
  'reader.extendMove': { scope: 'reader', keys: ['Shift+ArrowLeft', 'Shift+ArrowRight', 'Shift+ArrowUp', 'Shift+ArrowDown', 'Shift+Home', 'Shift+End'], fixed: true },
  'book.nextPage': { scope: 'book', keys: ['Space', 'PageDown'] },
  'book.prevPage': { scope: 'book', keys: ['Shift+Space', 'PageUp'] },
  'book.wordMode': { scope: 'book', keys: ['Enter'] },
  'book.arrows': { scope: 'book', keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'], fixed: true },
  'book.extendMove': { scope: 'book', keys: ['Shift+ArrowLeft', 'Shift+ArrowRight', 'Shift+ArrowUp', 'Shift+ArrowDown'], fixed: true },
  // The reader's one-key commands: letters alone (Shift+letter stays free: Shift is the dictionary's lookup key).
  'book.immersive': { scope: 'book', keys: ['F'] },
  'book.theme': { scope: 'book', keys: ['T'] },
  'book.writingMode': { scope: 'book', keys: ['V'] },
  'book.bookmark': { scope: 'book', keys: ['B'] },
  'book.bookmarks': { scope: 'book', keys: ['M'] },
  'book.contents': { scope: 'book', keys: ['C'] },
  'book.display': { scope: 'book', keys: ['S'] },
  'book.fontLarger': { scope: 'book', keys: ['+', '='] },
  'book.fontSmaller': { scope: 'book', keys: ['-'] },
  'review.reveal': { scope: 'review', keys: ['Space'] },
  'review.again': { scope: 'review', keys: ['1'] },
  'review.hard': { scope: 'review', keys: ['2'] },
  'review.good': { scope: 'review', keys: ['3'] },
  'review.easy': { scope: 'review', keys: ['4'] },
  'chat.send': { scope: 'chat', keys: ['Enter'], inFields: true },
  // K for "know": over the word under the pointer, else the selected one (Shift+K stays free: Shift is the lookup key).
  'word.cycleStatus': { scope: 'global', keys: ['K'] },
} as const satisfies Record<string, ShortcutDef>;

export type ShortcutId = keyof typeof SHORTCUTS;
export const SHORTCUT_IDS = Object.keys(SHORTCUTS) as ShortcutId[];
export const shortcutDef = (id: ShortcutId): ShortcutDef => SHORTCUTS[id];
export const isShortcutId = (v: string): v is ShortcutId => Object.hasOwn(SHORTCUTS, v);

/** The learner's changes: an action's keys in place of its defaults (an empty list: no key). */
export type ShortcutOverrides = Partial<Record<ShortcutId, string[]>>;
/** An action's keys at most (a default list has up to six, for the fixed arrow rows). */
export const MAX_KEYS_PER_SHORTCUT = 4;

const MODIFIERS = ['Ctrl', 'Alt', 'Shift', 'Meta'] as const;
export type ChordModifier = (typeof MODIFIERS)[number];
const NAMED_KEYS = new Set([
  'Space', 'Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'Insert', 'Home', 'End', 'PageUp', 'PageDown',
  'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
]);
/** Keys the focus moves with: a shortcut there would trap keyboard users. */
export const RESERVED_CHORDS: ReadonlySet<string> = new Set(['Tab', 'Shift+Tab']);

export interface Chord {
  modifiers: ReadonlySet<ChordModifier>;
  key: string;
}

const isLetter = (k: string) => /^\p{L}$/u.test(k) && k.toLowerCase() !== k.toUpperCase();

/** `Ctrl+Shift+Enter` → its parts; null when it is not a chord as written above. */
export function parseChord(text: string): Chord | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 40) return null;
  const modifiers = new Set<ChordModifier>();
  let rest = text;
  let last = -1;
  for (;;) {
    const i = MODIFIERS.findIndex((m) => rest.startsWith(`${m}+`) && rest.length > m.length + 1);
    if (i < 0) break;
    // In order, each once: one spelling per chord, so equal chords are equal strings.
    if (i <= last) return null;
    last = i;
    modifiers.add(MODIFIERS[i]!);
    rest = rest.slice(MODIFIERS[i]!.length + 1);
  }
  const chars = Array.from(rest);
  if (NAMED_KEYS.has(rest)) return { modifiers, key: rest };
  if (chars.length !== 1 || /\s/u.test(rest)) return null;
  // One spelling: letters upper case; a typed character says its Shift itself.
  if (isLetter(rest) && rest !== rest.toUpperCase()) return null;
  // (A digit keeps it: with Ctrl or Alt held the key's own digit is named, not the character it would type.)
  if (!isLetter(rest) && !/^\d$/.test(rest) && modifiers.has('Shift')) return null;
  return { modifiers, key: rest };
}

export function formatChordText(c: Chord): string {
  return [...MODIFIERS.filter((m) => c.modifiers.has(m)), c.key].join('+');
}

export const isChord = (text: string) => parseChord(text) !== null;

/** Whether two scopes can be active at once (a global or popup key acts over every page). */
export function scopesMeet(a: ShortcutScope, b: ShortcutScope): boolean {
  return a === b || a === 'global' || b === 'global' || a === 'popup' || b === 'popup';
}

/** Every action's keys with the learner's changes (a fixed action keeps its own). */
export function effectiveShortcuts(overrides: ShortcutOverrides | undefined): Record<ShortcutId, readonly string[]> {
  const out = {} as Record<ShortcutId, readonly string[]>;
  for (const id of SHORTCUT_IDS) {
    const def = shortcutDef(id);
    out[id] = !def.fixed && overrides?.[id] ? overrides[id] : def.keys;
  }
  return out;
}

export type ShortcutProblem =
  | { kind: 'invalid'; chord: string }
  | { kind: 'reserved'; chord: string }
  | { kind: 'fixed'; id: ShortcutId }
  | { kind: 'unknown'; id: string }
  | { kind: 'tooMany'; id: ShortcutId }
  | { kind: 'clash'; chord: string; id: ShortcutId; other: ShortcutId };

/**
 * What stops `chord` from being one of `id`'s keys with these bindings: a chord that
 * is not one, a reserved key, or another action whose scope meets this one's that
 * has it already. Null: it may be bound.
 */
export function chordProblem(bindings: Record<ShortcutId, readonly string[]>, id: ShortcutId, chord: string): ShortcutProblem | null {
  if (!isChord(chord)) return { kind: 'invalid', chord };
  if (RESERVED_CHORDS.has(chord)) return { kind: 'reserved', chord };
  const scope = shortcutDef(id).scope;
  for (const other of SHORTCUT_IDS) {
    if (other === id || !scopesMeet(scope, shortcutDef(other).scope)) continue;
    if (bindings[other].includes(chord)) return { kind: 'clash', chord, id, other };
  }
  return null;
}

/** The first problem of a whole set of changes (the settings' validation), or null. */
export function overridesProblem(overrides: Record<string, readonly string[]>): ShortcutProblem | null {
  for (const [id, keys] of Object.entries(overrides)) {
    if (!isShortcutId(id)) return { kind: 'unknown', id };
    if (shortcutDef(id).fixed) return { kind: 'fixed', id };
    if (keys.length > MAX_KEYS_PER_SHORTCUT) return { kind: 'tooMany', id };
  }
  const bindings = effectiveShortcuts(overrides as ShortcutOverrides);
  for (const id of SHORTCUT_IDS) {
    const keys = bindings[id];
    for (const [i, chord] of keys.entries()) {
      if (keys.indexOf(chord) !== i) return { kind: 'invalid', chord };
      // A fixed action's own keys are the app's: only a learner's change can clash with them.
      if (shortcutDef(id).fixed) continue;
      const problem = chordProblem(bindings, id, chord);
      if (problem) return problem;
    }
  }
  return null;
}

const problemText = (p: ShortcutProblem): string =>
  p.kind === 'clash'
    ? `${p.chord} is already bound to ${p.other}`
    : p.kind === 'invalid' || p.kind === 'reserved'
      ? `not a usable key: ${p.chord}`
      : p.kind === 'tooMany'
        ? `too many keys for ${p.id}`
        : `${p.id}: ${p.kind === 'fixed' ? 'cannot be changed' : 'no such shortcut'}`;

/** The settings field: only the learner's changes, refused whole when any of them is not usable. */
export const ShortcutOverridesSchema = z.record(z.string(), z.array(z.string()).max(MAX_KEYS_PER_SHORTCUT)).superRefine((v, ctx) => {
  const p = overridesProblem(v);
  if (p) ctx.addIssue({ code: 'custom', message: problemText(p) });
});

/**
 * The dictionary's lookup key: held while pointing (or pressed once over a word) it
 * looks the word up; `hover` looks up on hovering alone, after a short rest; `off` never.
 */
export const LOOKUP_KEYS = ['shift', 'alt', 'ctrl', 'hover', 'off'] as const;
export type LookupKey = (typeof LOOKUP_KEYS)[number];
