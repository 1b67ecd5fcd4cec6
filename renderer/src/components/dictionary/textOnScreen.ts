/**
 * The app's other Japanese text on screen (the daily sentence, a book's page, the word panel,
 * the chat): the lookups a hover would make from each of its characters, nearest the pointer
 * first. Looked up ahead, a hover there is drawn in the frame it happens; a lookup made at the
 * hover misses a frame, because Chromium runs its answer only after the frame that follows the
 * input. The reader's own words are left to readerWordsOnScreen, which knows where they start.
 */
import { JAPANESE_CHAR } from '../../../../shared/japaneseScript';
import { paragraphTexts, textRect, textWalker } from './textAtPoint';

export interface Point {
  x: number;
  y: number;
}

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;

/** How far a box is from a point: 0 inside it. */
export function distanceTo(r: Box, p: Point): number {
  return Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
}

/**
 * The first `limit` distinct texts of the places nearest the pointer (a place without text, such
 * as punctuation, gives none); `pause` lets other work in between.
 */
export async function nearestTexts<P extends { distance: number }>(places: readonly P[], limit: number, textOf: (place: P) => string | null, pause?: () => Promise<void> | undefined): Promise<string[]> {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const place of [...places].sort((a, b) => a.distance - b.distance)) {
    if (out.length >= limit) break;
    await pause?.();
    const text = textOf(place);
    if (text === null || seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}

const onScreen = (r: Box & { height: number }) => r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;

/** The longest the look-ahead holds the page's thread at a time: a hover arriving meanwhile is handled between slices. */
const SLICE_MS = 4;

/** Work in slices of the page's idle time, so that input is never kept waiting behind it. */
function idleSlices() {
  let end = 0;
  return {
    due: () => performance.now() >= end,
    async next(): Promise<void> {
      // A page that is never idle (a book's furigana arriving, an answer streaming in) still gets
      // a whole slice every 50 ms: the look-ahead must not wait until the page is still.
      const idle = await new Promise<IdleDeadline>((resolve) => requestIdleCallback(resolve, { timeout: 50 }));
      end = performance.now() + (idle.didTimeout ? SLICE_MS : Math.max(1, Math.min(SLICE_MS, idle.timeRemaining())));
    },
  };
}

/**
 * The texts a hover would look up from each Japanese character on screen outside `skip`, nearest
 * `near` first: at most `limit`. Measured a text at a time, not a character at a time, and in
 * idle slices: a book's page is some 900 characters in 450 texts, read on the page's thread.
 */
export async function textOnScreen(limit: number, near: Point, skip: string): Promise<string[]> {
  const slices = idleSlices();
  const pause = () => (slices.due() ? slices.next() : undefined);
  const texts: { node: Text; distance: number }[] = [];
  const walker = textWalker(document.body);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    await pause();
    if (!JAPANESE_CHAR.test(node.data) || node.parentElement?.closest(skip)) continue;
    const r = textRect(node);
    if (onScreen(r)) texts.push({ node, distance: distanceTo(r, near) });
  }
  const places: { node: Text; offset: number; distance: number }[] = [];
  for (const { node, distance } of texts) {
    for (let offset = 0; offset < node.data.length; offset++) if (JAPANESE_CHAR.test(node.data.charAt(offset))) places.push({ node, offset, distance });
  }
  const textFrom = paragraphTexts();
  return nearestTexts(places, limit, (p) => textFrom(p.node, p.offset), pause);
}
