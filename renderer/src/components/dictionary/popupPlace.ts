/**
 * Where the hover popup goes: beside the pointed character without covering the word it starts.
 * In horizontal text the word runs to the right, so the popup goes below the line, or above it
 * when the popup does not fit below (a word near the window's bottom); in vertical text (a book
 * set vertically) the word runs down its column, so the popup goes beside the column, never over
 * it: to its left, where the text that follows is, or to its right when only that side has room,
 * and narrowed to the roomier side when neither has room for it whole.
 */
export const POPUP_WIDTH = 350;
/** The narrowest a popup beside a vertical column is made to keep off the column. */
export const POPUP_MIN_WIDTH = 180;
const GAP = 6;
const MARGIN = 8;

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;
type Size = { width: number; height: number };

/** Which side of a horizontal line the popup went: kept when it grows (see `Growth`). */
export type PopupSide = 'below' | 'above';

/** Where to put the popup; `maxHeight`: the height it is held to (it scrolls) to stay on the side it was kept on. */
export interface PopupPlace {
  x: number;
  y: number;
  width: number;
  side?: PopupSide;
  maxHeight?: number;
}

/** The least room a popup kept on its side is given before it goes to the other side after all. */
const KEPT_MIN_HEIGHT = 120;

/** A popup that grows on screen: its later entries are drawn a frame after its first. */
export interface Growth {
  /** The height it is expected to reach: its side of the line, or its top beside a column, is chosen for that height. */
  toHeight?: number;
  /** Where it came before it grew (this function's answer then): kept, so that it does not jump under the learner's eyes. */
  from?: { side?: PopupSide | undefined; top: number };
}

/**
 * `popup` is the popup's measured size (its width is at most POPUP_WIDTH, its height at most half the window). `width`: the width to give it.
 * `growth`: a popup that grows keeps the side of the line it came on, held to the room there (it scrolls) rather than jumping
 * over the line; beside a vertical column it keeps its top while it fits, rather than moving up near the window's bottom.
 */
export function popupPlace(char: Box, vertical: boolean, view: Size, popup: Size, growth?: Growth): PopupPlace {
  const width = Math.min(popup.width, POPUP_WIDTH);
  const fitTop = (y: number, height = popup.height) => Math.max(MARGIN, Math.min(y, view.height - height - MARGIN));
  if (!vertical) {
    const x = Math.max(MARGIN, Math.min(char.left, view.width - width - MARGIN));
    const below = char.bottom + GAP;
    const above = char.top - GAP - popup.height;
    const roomBelow = view.height - MARGIN - below;
    const roomAbove = char.top - GAP - MARGIN;
    const keep = growth?.from ? growth.from.side : growth?.toHeight !== undefined ? popupPlace(char, false, view, { width: popup.width, height: growth.toHeight }).side : undefined;
    if (popup.height <= roomBelow && keep !== 'above') return { x, y: below, width, side: 'below' };
    if (keep === 'below' && roomBelow >= KEPT_MIN_HEIGHT) return { x, y: below, width, side: 'below', maxHeight: roomBelow };
    if (above >= MARGIN) return { x, y: above, width, side: 'above' };
    if (keep === 'above' && roomAbove >= KEPT_MIN_HEIGHT) return { x, y: MARGIN, width, side: 'above', maxHeight: roomAbove };
    // Room on neither side (a tall popup in a low window): the side with more room, kept inside the window.
    const roomier: PopupSide = view.height - char.bottom >= char.top ? 'below' : 'above';
    return { x, y: fitTop(roomier === 'below' ? below : above), width, side: roomier };
  }
  // Level with the character, moved up as far as the popup (grown) needs to stay inside the window;
  // where it already is, while it still fits there.
  const kept = growth?.from?.top;
  const y = kept !== undefined && kept <= char.top && kept + popup.height <= view.height - MARGIN ? kept : fitTop(char.top, Math.max(popup.height, growth?.toHeight ?? 0));
  const roomLeft = char.left - GAP - MARGIN;
  const roomRight = view.width - MARGIN - char.right - GAP;
  if (roomLeft >= width) return { x: char.left - GAP - width, y, width };
  if (roomRight >= width) return { x: char.right + GAP, y, width };
  // Whole on neither side (a narrow window, a column near its middle): narrowed to the roomier side, off the column.
  const narrowed = Math.max(Math.min(POPUP_MIN_WIDTH, width), Math.max(roomLeft, roomRight));
  return roomLeft >= roomRight ? { x: Math.max(MARGIN, char.left - GAP - narrowed), y, width: narrowed } : { x: char.right + GAP, y, width: narrowed };
}

/**
 * Where a card opened from a popup goes: beside the popup, on the side `prefer` (away from
 * the word the popup is about) when it has room, else the other side, else below or above
 * it; level with its top, inside the window.
 */
export function besidePlace(popup: Box, prefer: 'left' | 'right', view: Size, card: Size): { x: number; y: number } {
  const fitTop = (y: number) => Math.max(MARGIN, Math.min(y, view.height - card.height - MARGIN));
  const left = popup.left - GAP - card.width;
  const right = popup.right + GAP;
  const fitsLeft = left >= MARGIN;
  const fitsRight = right + card.width <= view.width - MARGIN;
  const y = fitTop(popup.top);
  if (prefer === 'left' ? fitsLeft : !fitsRight && fitsLeft) return { x: left, y };
  if (fitsRight) return { x: right, y };
  const x = Math.max(MARGIN, Math.min(popup.left, view.width - card.width - MARGIN));
  if (popup.bottom + GAP + card.height <= view.height - MARGIN) return { x, y: popup.bottom + GAP };
  return { x, y: Math.max(MARGIN, popup.top - GAP - card.height) };
}
