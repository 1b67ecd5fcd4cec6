import { SHORTCUT_IDS, SHORTCUT_SCOPES, shortcutDef, type ShortcutId, type ShortcutScope } from '../../../shared/shortcuts';

/** What the mouse does in a scope (listed beside the keys, not changeable). */
const GESTURES: Partial<Record<ShortcutScope, readonly string[]>> = {
  popup: ['kanji'],
  reader: ['readerClick', 'readerPhrase'],
  book: ['bookSelect'],
};

export interface ShortcutGroup {
  scope: ShortcutScope;
  actions: ShortcutId[];
  /** Keys of `shortcuts.gestures`. */
  gestures: readonly string[];
  /** The dictionary's lookup key (a modifier held, not a chord) is listed with the popup. */
  lookupKey: boolean;
}

/** The shortcuts by scope, in the table's order: Settings → Keyboard and the `?` overlay list the same. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = SHORTCUT_SCOPES.map((scope) => ({
  scope,
  actions: SHORTCUT_IDS.filter((id) => shortcutDef(id).scope === scope),
  gestures: GESTURES[scope] ?? [],
  lookupKey: scope === 'popup',
}));
