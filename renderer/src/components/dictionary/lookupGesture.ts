import type { LookupKey } from '../../../../shared/shortcuts';

/** The lookup key held still this long over a word (no move, no other key, no click) looks it up. */
export const LOOKUP_HOLD_MS = 400;
/** With no lookup key (`hover`), the pointer resting this long on text looks it up. */
export const HOVER_SCAN_MS = 250;

type Modifiers = Pick<MouseEvent, 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>;

/** Whether the lookup key is down in this event. */
export function lookupKeyHeld(key: LookupKey, e: Modifiers): boolean {
  if (key === 'shift') return e.shiftKey;
  if (key === 'alt') return e.altKey;
  if (key === 'ctrl') return e.ctrlKey;
  return false;
}

const KEY_NAMES: Partial<Record<LookupKey, readonly string[]>> = { shift: ['Shift'], alt: ['Alt', 'AltGraph'], ctrl: ['Control'] };
/** Whether this key event is the lookup key's own (its press or release). */
export const isLookupKey = (key: LookupKey, e: Pick<KeyboardEvent, 'key'>) => KEY_NAMES[key]?.includes(e.key) ?? false;

interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface LookupGestureOptions {
  key: LookupKey;
  /** Look up the text at the pointer now. */
  lookUp(): void;
  /** Close the popup (a gesture of another action began). */
  close(): void;
  /** A key the open popup acts on itself (add the card, play the word): it keeps the popup open. */
  popupKey?: (e: KeyboardEvent) => boolean;
  timers?: Timers;
}

/**
 * One gesture, one action. The lookup key alone looks up: held while the pointer
 * moves, held still for a moment, or pressed once (released with nothing in between).
 * A click or drag with it, or another key pressed with it (Shift+click, Shift+Space),
 * is that other action's: it closes the popup and nothing more is looked up until the
 * key is released. With `hover` (no key), resting the pointer looks up; any key or
 * click closes the popup.
 */
export function createLookupGesture({ key, lookUp, close, popupKey, timers = { set: (fn, ms) => window.setTimeout(fn, ms), clear: (h) => window.clearTimeout(h as number) } }: LookupGestureOptions) {
  /** Used for another action since it went down: no lookups until it is released. */
  let spoiled = false;
  /** Pressed alone, not yet a hold or a tap. */
  let armed = false;
  let hold: unknown;
  let rest: unknown;
  const stopHold = () => {
    armed = false;
    timers.clear(hold);
  };
  const spoil = () => {
    // With no key there is nothing to release: the next rest looks up again.
    if (key !== 'hover') spoiled = true;
    stopHold();
    timers.clear(rest);
    close();
  };
  return {
    /** A key went down. */
    keyDown(e: KeyboardEvent): void {
      if (isLookupKey(key, e)) {
        // A held key repeats; a key pressed again after a combination is a new start.
        if (e.repeat || spoiled) return;
        armed = true;
        timers.clear(hold);
        hold = timers.set(() => {
          if (!armed || spoiled) return;
          armed = false;
          lookUp();
        }, LOOKUP_HOLD_MS);
        return;
      }
      // A modifier of its own is not yet a combination; the key it comes with is.
      if (['Shift', 'Control', 'Alt', 'AltGraph', 'Meta'].includes(e.key)) return;
      if (popupKey?.(e)) return;
      if (key === 'hover' || lookupKeyHeld(key, e)) spoil();
    },
    /** A key went up: the lookup key released with nothing in between is a press over the word. */
    keyUp(e: KeyboardEvent): void {
      if (!isLookupKey(key, e)) return;
      const tap = armed && !spoiled;
      stopHold();
      spoiled = false;
      if (tap) lookUp();
    },
    /** A button went down: with the lookup key held (or with no key at all), it is a click's or a drag's. */
    pointerDown(e: MouseEvent): void {
      if (key === 'hover' || lookupKeyHeld(key, e)) spoil();
    },
    /** Whether a move may look up at once: the key held, no button pressed, and not spoiled. */
    scans(e: MouseEvent): boolean {
      if (!lookupKeyHeld(key, e)) {
        // Released where we did not see it (another window had the focus): a new start.
        spoiled = false;
        stopHold();
        return false;
      }
      if (e.buttons !== 0) {
        spoil();
        return false;
      }
      // Moving with it held is a scan, not a hold.
      stopHold();
      return !spoiled;
    },
    /** `hover`: the pointer moved to new text; it is looked up if it rests there. */
    rested(): void {
      timers.clear(rest);
      if (key !== 'hover') return;
      rest = timers.set(lookUp, HOVER_SCAN_MS);
    },
    /** The pointer left the text or the window: no rest is coming. */
    stopRest(): void {
      timers.clear(rest);
    },
    dispose(): void {
      stopHold();
      timers.clear(rest);
    },
  };
}

export type LookupGesture = ReturnType<typeof createLookupGesture>;
