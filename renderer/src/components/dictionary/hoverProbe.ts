/**
 * Which pointer moves need a hit test for the hover popup. Chromium sends `pointerrawupdate`
 * as the input arrives (up to 1,000 a second from some mice) and `mousemove` once a frame, with
 * the same position as the last raw update: finding the text under the pointer forces style,
 * layout and a hit test, so it is done once per position and at most once per frame from raw updates.
 */
export interface HoverProbe {
  /** A raw update at (x, y): true when it should be probed now (the first since the last frame's move). */
  raw(x: number, y: number): boolean;
  /** The frame's mouse move at (x, y): true unless that very position was probed already. */
  move(x: number, y: number): boolean;
  /** The popup closed or the text changed under the pointer: the next move probes again. */
  reset(): void;
}

export function createHoverProbe(): HoverProbe {
  let x = NaN;
  let y = NaN;
  let rawThisFrame = false;
  // A raw update's position has fractions of a pixel, the mouse move's is whole: within a pixel is the same place.
  const fresh = (px: number, py: number) => {
    if (Math.abs(px - x) < 1 && Math.abs(py - y) < 1) return false;
    x = px;
    y = py;
    return true;
  };
  return {
    raw(px, py) {
      if (rawThisFrame) return false;
      if (!fresh(px, py)) return false;
      rawThisFrame = true;
      return true;
    },
    move(px, py) {
      rawThisFrame = false;
      return fresh(px, py);
    },
    reset() {
      x = NaN;
      y = NaN;
      rawThisFrame = false;
    },
  };
}
