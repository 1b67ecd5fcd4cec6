/** The hover popup's hit tests: once per pointer position, at most one raw update a frame. */
import { describe, expect, it } from 'vitest';
import { createHoverProbe } from '../../../../../renderer/src/components/dictionary/hoverProbe';

describe('hover probe', () => {
  it("the frame's mouse move at the position a raw update probed is not probed again", () => {
    const p = createHoverProbe();
    expect(p.raw(10, 20)).toBe(true);
    expect(p.move(10, 20)).toBe(false);
    expect(p.move(11, 20)).toBe(true);
    expect(p.move(11, 20)).toBe(false);
  });

  it("a raw update's fractional position and the mouse move's whole one are the same place", () => {
    const p = createHoverProbe();
    expect(p.raw(104.6, 220.3)).toBe(true);
    expect(p.move(104, 220)).toBe(false);
    expect(p.raw(106.2, 220.3)).toBe(true);
  });

  it('probes one raw update a frame; the next mouse move catches up with the latest position', () => {
    const p = createHoverProbe();
    expect(p.raw(1, 1)).toBe(true);
    expect(p.raw(2, 1)).toBe(false);
    expect(p.raw(3, 1)).toBe(false);
    expect(p.move(3, 1)).toBe(true);
    // A new frame: the next raw update is probed at once again.
    expect(p.raw(4, 1)).toBe(true);
  });

  it('after a reset (popup closed, key pressed again) the same position is probed again', () => {
    const p = createHoverProbe();
    expect(p.move(5, 5)).toBe(true);
    p.reset();
    expect(p.move(5, 5)).toBe(true);
    p.reset();
    expect(p.raw(5, 5)).toBe(true);
  });
});
