import { effectiveShortcuts, shortcutDef, SHORTCUT_IDS, type ShortcutId, type ShortcutOverrides } from '../../../shared/shortcuts';
import { chordOf } from './chordOf';

/**
 * What a shortcut does. It gets the key's event and returns false when it does not
 * apply here (the focus is elsewhere, nothing is open): the next handler bound to
 * the same key is asked then. Anything else means done (the key's default is prevented).
 */
export type ShortcutHandler = (e: KeyboardEvent) => boolean | void;

interface Registration {
  id: ShortcutId;
  handler: ShortcutHandler;
  /** Asked before lower ones: a page's own fallback (Escape leaves Settings) goes under every panel and popup. */
  rank: number;
  /** When it was registered: of the same rank the newest is asked first (a card opened over a popup closes first). */
  order: number;
}

/** A text field, where keys type (only the field's own shortcuts act there). */
export const isTyping = (el: EventTarget | null) => typeof HTMLElement !== 'undefined' && el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * The one keyboard dispatcher: a single keydown listener that finds the actions bound
 * to the chord pressed (shared/shortcuts.ts, with the learner's changes) and asks the
 * handlers the mounted components registered for them, newest first.
 */
export function createShortcutDispatcher(overrides: () => ShortcutOverrides | undefined) {
  const registrations: Registration[] = [];
  let order = 0;
  let byChordFor: ShortcutOverrides | undefined | null = null;
  let byChord = new Map<string, ShortcutId[]>();

  const actionsFor = (chord: string): readonly ShortcutId[] => {
    const current = overrides();
    // Rebuilt when the settings change (a new object), not on every key.
    if (current !== byChordFor) {
      byChordFor = current;
      byChord = new Map();
      const bindings = effectiveShortcuts(current);
      for (const id of SHORTCUT_IDS) for (const c of bindings[id]) byChord.set(c, [...(byChord.get(c) ?? []), id]);
    }
    return byChord.get(chord) ?? [];
  };

  return {
    register(id: ShortcutId, handler: ShortcutHandler, rank = 0): () => void {
      const r = { id, handler, rank, order: ++order };
      registrations.push(r);
      return () => {
        const i = registrations.indexOf(r);
        if (i >= 0) registrations.splice(i, 1);
      };
    },
    /** The actions a key press runs (for tests and the overlay's own keys). */
    actionsFor,
    onKeyDown(e: KeyboardEvent): void {
      // A key a field or a component took already, or one an input method is composing.
      if (e.defaultPrevented || e.isComposing || e.keyCode === 229) return;
      const chord = chordOf(e);
      if (!chord) return;
      const ids = actionsFor(chord);
      if (ids.length === 0) return;
      const typing = isTyping(e.target);
      const candidates = registrations.filter((r) => ids.includes(r.id) && (!typing || shortcutDef(r.id).inFields)).sort((a, b) => b.rank - a.rank || b.order - a.order);
      for (const r of candidates) {
        if (r.handler(e) === false) continue;
        e.preventDefault();
        return;
      }
    },
  };
}

export type ShortcutDispatcher = ReturnType<typeof createShortcutDispatcher>;
