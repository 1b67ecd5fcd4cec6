/**
 * The book reader's one-key commands, in one table (a shortcut registry can
 * take them over as they are). Letters without modifiers, only while the book
 * has the keys: Shift stays the dictionary hover's, the arrows, Page keys,
 * Space, Enter and Escape stay paging's and word mode's.
 */
export const READER_KEYS = [
  { action: 'immersive', keys: ['f'] },
  { action: 'fullScreen', keys: ['F11'] },
  { action: 'theme', keys: ['t'] },
  { action: 'writingMode', keys: ['v'] },
  { action: 'bookmark', keys: ['b'] },
  { action: 'bookmarks', keys: ['m'] },
  { action: 'contents', keys: ['c'] },
  { action: 'settings', keys: ['s'] },
  { action: 'fontLarger', keys: ['+', '='] },
  { action: 'fontSmaller', keys: ['-'] },
] as const;

export type ReaderAction = (typeof READER_KEYS)[number]['action'];

/** The command a key press asks for; undefined when it is none of the reader's (or comes with Ctrl, Alt, Meta, or Shift on a letter). */
export function readerAction(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey'>): ReaderAction | undefined {
  if (e.ctrlKey || e.altKey || e.metaKey) return undefined;
  // Shift+letter is left alone (Shift is the dictionary hover's key); '+' needs Shift on many layouts.
  if (e.shiftKey && /^[a-z]$/i.test(e.key)) return undefined;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  return READER_KEYS.find((k) => (k.keys as readonly string[]).includes(key))?.action;
}

/** The keys of an action as shown in a tooltip (`F`, `F11`). */
export const keysOf = (action: ReaderAction) => READER_KEYS.find((k) => k.action === action)!.keys.map((k) => (k.length === 1 ? k.toUpperCase() : k)).join(' / ');
