/**
 * Where the hover popup goes: beside the pointed character without covering the word it starts.
 * In horizontal text the word runs to the right, so the popup goes below the line; in vertical
 * text (a book set vertically) the word runs down its column, so the popup goes to the column's
 * left, where the text that follows is (to its right when there is no room on the left).
 */
export const POPUP_WIDTH = 350;
const GAP = 6;
const MARGIN = 8;

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;

export function popupPlace(char: Box, vertical: boolean, view: { width: number; height: number }): { x: number; y: number } {
  if (!vertical) {
    return { x: Math.max(MARGIN, Math.min(char.left, view.width - POPUP_WIDTH - 10)), y: Math.min(char.bottom + GAP, view.height - 40) };
  }
  const left = char.left - GAP - POPUP_WIDTH;
  const x = left >= MARGIN ? left : Math.max(MARGIN, Math.min(char.right + GAP, view.width - POPUP_WIDTH - MARGIN));
  // The popup is at most half the window high: from the character's top, kept inside the window.
  return { x, y: Math.max(MARGIN, Math.min(char.top, view.height / 2 - MARGIN)) };
}
