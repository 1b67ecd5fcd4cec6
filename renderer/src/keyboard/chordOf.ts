import { formatChordText, parseChord, type ChordModifier } from '../../../shared/shortcuts';

/** ⌘ is the Ctrl of macOS: a chord written `Ctrl+,` is ⌘, there. */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Keys that are only modifiers, or no key yet (an input method's, a dead key): never a chord of their own. */
const NOT_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'Hyper', 'Super', 'CapsLock', 'NumLock', 'ScrollLock', 'Fn', 'FnLock', 'Dead', 'Process', 'Unidentified', 'Compose']);

type KeyInput = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'> & { isComposing?: boolean };

/**
 * The chord a key press is, written as shared/shortcuts.ts writes them, or null for a
 * modifier alone or a key an input method is composing.
 */
export function chordOf(e: KeyInput, mac = IS_MAC): string | null {
  if (e.isComposing || NOT_KEYS.has(e.key)) return null;
  let key = e.key === ' ' ? 'Space' : e.key;
  // Alt (Option on macOS) turns letters and digits into other characters: the key's own name then, Shift kept.
  let fromCode = false;
  if ((e.altKey || e.ctrlKey) && Array.from(key).length === 1) {
    const m = /^(?:Key([A-Z])|Digit(\d))$/.exec(e.code);
    if (m) {
      key = m[1] ?? m[2]!;
      fromCode = true;
    }
  }
  const single = Array.from(key).length === 1;
  if (single) key = key.toUpperCase();
  const letter = single && key.toLowerCase() !== key.toUpperCase();
  const modifiers = new Set<ChordModifier>();
  if (e.ctrlKey || (mac && e.metaKey)) modifiers.add('Ctrl');
  if (e.altKey) modifiers.add('Alt');
  // A typed character says its own Shift (`?` is Shift+/ on one keyboard, a key of its own on another).
  if (e.shiftKey && (!single || letter || fromCode)) modifiers.add('Shift');
  if (e.metaKey && !mac) modifiers.add('Meta');
  const text = formatChordText({ modifiers, key });
  return parseChord(text) ? text : null;
}

/** Names of keys the way the key cap or the platform shows them; the rest as written. */
const SYMBOLS: Record<string, string> = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓' };
const MAC_MODIFIERS: Record<ChordModifier, string> = { Ctrl: '⌘', Alt: '⌥', Shift: '⇧', Meta: '⌃' };

/**
 * The parts of a chord to show, one key cap each: `Ctrl+Shift+Enter` → Ctrl, Shift, Enter
 * (⌘ ⇧ Enter on macOS). `names` gives the UI language's name of a key, when it has one (Space).
 */
export function chordCaps(chord: string, names: (key: string) => string | undefined = () => undefined, mac = IS_MAC): string[] {
  const c = parseChord(chord);
  if (!c) return [chord];
  const mods = (['Ctrl', 'Alt', 'Shift', 'Meta'] as const).filter((m) => c.modifiers.has(m)).map((m) => (mac ? MAC_MODIFIERS[m] : m));
  return [...mods, SYMBOLS[c.key] ?? names(c.key) ?? c.key];
}

/** Chords as `aria-keyshortcuts` spells them (`Control+Enter Meta+Enter`): ⌘ too where Ctrl is written. */
export function ariaKeyShortcuts(chords: readonly string[], mac = IS_MAC): string {
  const out: string[] = [];
  for (const chord of chords) {
    const c = parseChord(chord);
    if (!c) continue;
    const mods = (['Ctrl', 'Alt', 'Shift', 'Meta'] as const).filter((m) => c.modifiers.has(m));
    const spell = (ctrl: string) => [...mods.map((m) => (m === 'Ctrl' ? ctrl : m)), c.key].join('+');
    out.push(spell('Control'));
    if (mac && c.modifiers.has('Ctrl')) out.push(spell('Meta'));
  }
  return out.join(' ');
}
