/**
 * Where the hover popup goes: beside the pointed character without covering the word it starts.
 * In horizontal text the word runs to the right, so the popup goes below the line, or above it
 * when the popup does not fit below (a word near the window's bottom); in vertical text (a book
 * set vertically) the word runs down its column, so the popup goes to the column's left, where
 * the text that follows is (to its right when there is no room on the left).
 */
export const POPUP_WIDTH = 350;
const GAP = 6;
const MARGIN = 8;

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;
type Size = { width: number; height: number };

/** `popup` is the popup's measured size (its width is at most POPUP_WIDTH, its height at most half the window). */
export function popupPlace(char: Box, vertical: boolean, view: Size, popup: Size): { x: number; y: number } {
  const width = Math.min(popup.width, POPUP_WIDTH);
  const fitTop = (y: number) => Math.max(MARGIN, Math.min(y, view.height - popup.height - MARGIN));
  if (!vertical) {
    const x = Math.max(MARGIN, Math.min(char.left, view.width - width - MARGIN));
    const below = char.bottom + GAP;
    const above = char.top - GAP - popup.height;
    if (below + popup.height <= view.height - MARGIN) return { x, y: below };
    if (above >= MARGIN) return { x, y: above };
    // Room on neither side (a tall popup in a low window): the side with more room, kept inside the window.
    return { x, y: fitTop(view.height - char.bottom >= char.top ? below : above) };
  }
  const left = char.left - GAP - width;
  const x = left >= MARGIN ? left : Math.max(MARGIN, Math.min(char.right + GAP, view.width - width - MARGIN));
  // Level with the character, moved up as far as the popup needs to stay inside the window.
  return { x, y: fitTop(char.top) };
}
