/**
 * Where the word panel floats over the book: beside the word, on the side with
 * more room, so it never covers the word it explains; over the top or bottom
 * half when neither side has room for it (a narrow window).
 */
export type PanelSide = 'left' | 'right' | 'top' | 'bottom';

export interface PanelPlacement {
  side: PanelSide;
  /** For `top` and `bottom`: the most height the panel may take without reaching the word. */
  maxHeight?: number;
}

const GAP = 12;

export function panelPlacement(body: { left: number; right: number; top: number; bottom: number }, word: { left: number; right: number; top: number; bottom: number } | null, width: number): PanelPlacement {
  if (!word) return { side: 'right' };
  const left = word.left - body.left;
  const right = body.right - word.right;
  if (Math.max(left, right) >= width + 2 * GAP) return { side: right >= left ? 'right' : 'left' };
  const above = word.top - body.top;
  const below = body.bottom - word.bottom;
  return above > below ? { side: 'top', maxHeight: Math.max(0, above - 2 * GAP) } : { side: 'bottom', maxHeight: Math.max(0, below - 2 * GAP) };
}
