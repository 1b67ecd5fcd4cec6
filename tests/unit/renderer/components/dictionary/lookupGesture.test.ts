/** One gesture, one action: the lookup key alone looks up; a click, drag or key made with it never does. */
import { describe, expect, it } from 'vitest';
import { createLookupGesture, HOVER_SCAN_MS, LOOKUP_HOLD_MS } from '../../../../../renderer/src/components/dictionary/lookupGesture';
import type { LookupKey } from '../../../../../shared/shortcuts';

/** Timers run by hand: `advance(ms)` fires what is due. */
function fakeTimers() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    set: (fn: () => void, ms: number) => (due.set(++next, { at: now + ms, fn }), next),
    clear: (h: unknown) => void due.delete(h as number),
    advance(ms: number) {
      now += ms;
      for (const [h, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at > now) continue;
        due.delete(h);
        t.fn();
      }
    },
  };
}

const mods = (m: Partial<{ shift: boolean; alt: boolean; ctrl: boolean }> = {}) => ({ shiftKey: !!m.shift, altKey: !!m.alt, ctrlKey: !!m.ctrl, metaKey: false });
const down = (key: string, m = {}, repeat = false) => ({ key, repeat, ...mods(m) }) as KeyboardEvent;
const up = (key: string, m = {}) => ({ key, ...mods(m) }) as KeyboardEvent;
const move = (m = {}, buttons = 0) => ({ buttons, ...mods(m) }) as MouseEvent;

function setup(key: LookupKey = 'shift') {
  const timers = fakeTimers();
  const log: string[] = [];
  const g = createLookupGesture({ key, lookUp: () => log.push('lookup'), close: () => log.push('close'), timers });
  return { g, timers, log };
}

describe('the lookup gesture', () => {
  it("the popup's own keys (add the card, play the word) keep it open, also with no lookup key; other keys close it", () => {
    const timers = fakeTimers();
    const log: string[] = [];
    const g = createLookupGesture({ key: 'hover', lookUp: () => log.push('lookup'), close: () => log.push('close'), popupKey: (e) => e.key === 'a', timers });
    g.keyDown(down('a'));
    expect(log).toEqual([]);
    g.keyDown(down('x'));
    expect(log).toEqual(['close']);
  });

  it('pressed once over a word (down, up, nothing between): looks up when released', () => {
    const { g, log } = setup();
    g.keyDown(down('Shift', { shift: true }));
    expect(log).toEqual([]);
    g.keyUp(up('Shift'));
    expect(log).toEqual(['lookup']);
  });

  it('held still: looks up after a moment, once (a held key repeats)', () => {
    const { g, timers, log } = setup();
    g.keyDown(down('Shift', { shift: true }));
    timers.advance(LOOKUP_HOLD_MS - 1);
    g.keyDown(down('Shift', { shift: true }, true));
    expect(log).toEqual([]);
    timers.advance(1);
    g.keyUp(up('Shift'));
    expect(log).toEqual(['lookup']);
  });

  it('held while the pointer moves: every move scans', () => {
    const { g } = setup();
    g.keyDown(down('Shift', { shift: true }));
    expect(g.scans(move({ shift: true }))).toBe(true);
    expect(g.scans(move({ shift: true }))).toBe(true);
    expect(g.scans(move())).toBe(false);
  });

  it('Shift+click: the click is the phrase\'s; the popup closes and nothing is looked up until Shift is released', () => {
    const { g, timers, log } = setup();
    g.keyDown(down('Shift', { shift: true }));
    g.pointerDown(move({ shift: true }, 1));
    timers.advance(LOOKUP_HOLD_MS * 2);
    expect(g.scans(move({ shift: true }))).toBe(false);
    g.keyUp(up('Shift'));
    expect(log).toEqual(['close']);
    // Released: the next press looks up again.
    g.keyDown(down('Shift', { shift: true }));
    g.keyUp(up('Shift'));
    expect(log).toEqual(['close', 'lookup']);
  });

  it('Shift+Space: the key is the page turn\'s; Shift held on after it looks nothing up', () => {
    const { g, timers, log } = setup();
    g.keyDown(down('Shift', { shift: true }));
    g.keyDown(down(' ', { shift: true }));
    g.keyDown(down(' ', { shift: true }));
    timers.advance(LOOKUP_HOLD_MS * 3);
    expect(g.scans(move({ shift: true }))).toBe(false);
    g.keyUp(up('Shift'));
    expect(log).toEqual(['close', 'close']);
  });

  it('a drag with the key held is no scan', () => {
    const { g, log } = setup();
    expect(g.scans(move({ shift: true }, 1))).toBe(false);
    expect(g.scans(move({ shift: true }))).toBe(false);
    expect(log).toEqual(['close']);
  });

  it('released where it was not seen (another window): a move without it starts afresh', () => {
    const { g } = setup();
    g.keyDown(down('Shift', { shift: true }));
    g.keyDown(down('ArrowLeft', { shift: true }));
    expect(g.scans(move())).toBe(false);
    expect(g.scans(move({ shift: true }))).toBe(true);
  });

  it('another lookup key: Alt; Shift with it is a modifier, not yet a combination', () => {
    const { g, log } = setup('alt');
    g.keyDown(down('Alt', { alt: true }));
    g.keyDown(down('Shift', { alt: true, shift: true }));
    g.keyUp(up('Alt'));
    expect(log).toEqual(['lookup']);
    g.keyDown(down('Shift', { shift: true }));
    g.keyUp(up('Shift'));
    expect(log).toEqual(['lookup']);
  });

  it('no key (hover): the pointer resting looks up; moving on restarts the wait; a key or click closes', () => {
    const { g, timers, log } = setup('hover');
    g.rested();
    timers.advance(HOVER_SCAN_MS - 10);
    g.rested();
    timers.advance(HOVER_SCAN_MS - 10);
    expect(log).toEqual([]);
    timers.advance(10);
    expect(log).toEqual(['lookup']);
    g.keyDown(down(' '));
    g.pointerDown(move({}, 1));
    expect(log).toEqual(['lookup', 'close', 'close']);
    // Nothing to release: the next rest looks up.
    g.rested();
    timers.advance(HOVER_SCAN_MS);
    expect(log).toEqual(['lookup', 'close', 'close', 'lookup']);
    expect(g.scans(move({ shift: true }))).toBe(false);
  });

  it('with another lookup key, resting looks nothing up', () => {
    const { g, timers, log } = setup('shift');
    g.rested();
    timers.advance(HOVER_SCAN_MS * 4);
    expect(log).toEqual([]);
  });
});
