/** The one dispatcher: the chord pressed, the actions bound to it, the newest handler that takes it. */
import { describe, expect, it } from 'vitest';
import type { ShortcutOverrides } from '../../../../shared/shortcuts';
import { createShortcutDispatcher } from '../../../../renderer/src/keyboard/dispatcher';

/** A keydown as the dispatcher reads it (no DOM here: the target is not a text field). */
function key(k: string, mods: Partial<Record<'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey', boolean>> = {}) {
  let prevented = false;
  const e = {
    key: k,
    code: '',
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    metaKey: false,
    ...mods,
    isComposing: false,
    keyCode: 0,
    target: null,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault() {
      prevented = true;
    },
  };
  return e as unknown as KeyboardEvent;
}

describe('the shortcut dispatcher', () => {
  it('runs the action bound to the chord, and prevents the key default only when a handler took it', () => {
    const d = createShortcutDispatcher(() => undefined);
    const ran: string[] = [];
    d.register('book.prevPage', () => void ran.push('prev'));
    const shiftSpace = key(' ', { shiftKey: true });
    d.onKeyDown(shiftSpace);
    expect(ran).toEqual(['prev']);
    expect(shiftSpace.defaultPrevented).toBe(true);
    const space = key(' ');
    d.onKeyDown(space);
    expect(ran).toEqual(['prev']);
    expect(space.defaultPrevented).toBe(false);
  });

  it('asks the newest handler first, and the next when one declines (returns false)', () => {
    const d = createShortcutDispatcher(() => undefined);
    const ran: string[] = [];
    d.register('app.close', () => void ran.push('panel'));
    const offCard = d.register('app.close', () => void ran.push('card'));
    d.onKeyDown(key('Escape'));
    offCard();
    d.onKeyDown(key('Escape'));
    d.register('app.close', () => false);
    d.onKeyDown(key('Escape'));
    expect(ran).toEqual(['card', 'panel', 'panel']);
  });

  it("asks a page's fallback (a lower rank) after every panel, however late it came", () => {
    const d = createShortcutDispatcher(() => undefined);
    const ran: string[] = [];
    d.register('app.close', () => void ran.push('popup'));
    d.register('app.close', () => void ran.push('leave settings'), -1);
    d.onKeyDown(key('Escape'));
    expect(ran).toEqual(['popup']);
  });

  it("follows the learner's bindings: a rebound key runs the action, the old one no longer does", () => {
    let overrides: ShortcutOverrides | undefined = undefined;
    const d = createShortcutDispatcher(() => overrides);
    const ran: string[] = [];
    d.register('app.help', () => void ran.push('help'));
    d.onKeyDown(key('?', { shiftKey: true }));
    overrides = { 'app.help': ['F1'] };
    d.onKeyDown(key('?', { shiftKey: true }));
    d.onKeyDown(key('F1'));
    expect(ran).toEqual(['help', 'help']);
    expect(d.actionsFor('?')).toEqual([]);
  });

  it('leaves a key alone that a component prevented already, or one being composed', () => {
    const d = createShortcutDispatcher(() => undefined);
    const ran: string[] = [];
    d.register('review.reveal', () => void ran.push('reveal'));
    const taken = key(' ');
    taken.preventDefault();
    d.onKeyDown(taken);
    d.onKeyDown({ ...key(' '), isComposing: true } as KeyboardEvent);
    expect(ran).toEqual([]);
  });
});
