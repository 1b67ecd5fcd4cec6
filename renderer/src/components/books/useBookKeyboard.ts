import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { BookParagraph } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { cursorFrom, cursorSpan, cursorStep, extendTo, lineBox, remapCursor, stepWord, wordOnNextLine, type BookCursor, type CursorMove, type LineBox } from '../../books/bookCursor';
import { textRange } from '../../books/bookTarget';
import { useShortcut } from '../../keyboard/shortcuts';
import { placeTokens, isWordToken, type PlacedToken } from '../../reader/placedToken';
import { nextWordIndex } from '../../reader/selection';
import { useBookPanel } from '../../stores/bookPanelStore';
import { useBooks } from '../../stores/booksStore';

/** The CSS highlight (`::highlight()`) of the keyboard's word. */
const CURSOR_HIGHLIGHT = 'book-cursor';

/** Room kept around the keyboard's word when it is scrolled into view. */
const REVEAL_MARGIN_PX = 24;

const placedCache = new WeakMap<readonly Token[], PlacedToken[]>();
const placed = (tokens: readonly Token[]) => {
  let p = placedCache.get(tokens);
  if (!p) placedCache.set(tokens, (p = placeTokens(tokens, 0, 'offline')));
  return p;
};

const paragraphHost = (scroll: HTMLElement | null, id: number | undefined) => (id === undefined ? null : (scroll?.querySelector<HTMLElement>(`[data-paragraph-id="${id}"]`) ?? null));

/**
 * Marks characters `start..end` of a paragraph in view with a CSS highlight
 * (the paragraph's DOM stays React's). `redraw` names what re-renders the
 * paragraph's text, after which the range is set again.
 */
export function useParagraphHighlight(scrollRef: RefObject<HTMLElement | null>, name: string, paragraphId: number | null, span: { start: number; end: number } | null | undefined, redraw: unknown) {
  const start = span?.start;
  const end = span?.end;
  useEffect(() => {
    const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
    if (!registry) return;
    const host = paragraphId !== null ? paragraphHost(scrollRef.current, paragraphId) : null;
    const range = host && start !== undefined && end !== undefined ? textRange(host, start, end) : null;
    if (range) registry.set(name, new Highlight(range));
    else registry.delete(name);
    return () => void registry.delete(name);
  }, [scrollRef, name, paragraphId, start, end, redraw]);
}

interface Options {
  scrollRef: RefObject<HTMLDivElement | null>;
  paragraphs: ReadonlyArray<BookParagraph | undefined>;
  /** Paragraphs in the chapter (some may not have come yet). */
  count: number;
  /** Which chapter of which book: word mode ends when it changes. */
  chapterKey: string;
  tokens: Record<number, Token[]>;
  vertical: boolean;
  /**
   * The first paragraph in view now, where word mode starts. Asked at the key,
   * not taken from the last render: a key pressed right after a page turn
   * comes before the scroll event that renders the new page.
   */
  firstIndex: () => number;
  panelOpen: boolean;
  scrollToIndex: (index: number) => void;
  /** Changes when the paragraphs in the DOM do (the highlight is set again). */
  redraw: unknown;
}

/**
 * Word mode in the book view: Enter on the book's text puts a cursor on the
 * first word in view; arrows move it in reading order (words along a line,
 * lines across), Shift+arrows grow a phrase, Enter opens the word or phrase
 * panel, Escape closes the panel, then leaves word mode. The paging keys keep
 * paging outside word mode (and PageUp/PageDown/Space in it). The keys are the
 * book's shortcuts (shared/shortcuts.ts), as the learner bound them.
 */
export function useBookKeyboard({ scrollRef, paragraphs, count, chapterKey, tokens, vertical, firstIndex, panelOpen, scrollToIndex, redraw }: Options) {
  const [state, setState] = useState<{ cursor: BookCursor; chapterKey: string } | null>(null);
  // Another chapter (or book) is no place for the cursor: word mode ends there.
  const cursor = state?.chapterKey === chapterKey ? state.cursor : null;
  const setCursor = (c: BookCursor | null) => setState(c && { cursor: c, chapterKey });
  // The cursor moved: bring it into view once its paragraph is in the DOM (not on later scrolls: paging must stay free).
  const reveal = useRef(false);
  // The panel was opened from the keyboard: when it closes, the focus comes back to the text.
  const openedByKey = useRef(false);
  // Where along the line a run of line moves started (up and down again come back to the same word).
  const goal = useRef<number | undefined>(undefined);

  const tokensAt = useCallback(
    (i: number): readonly PlacedToken[] | null | undefined => {
      const p = paragraphs[i];
      if (!p) return i < count ? undefined : null;
      if (p.image || !p.text.trim()) return null;
      const t = tokens[p.id];
      return t ? placed(t) : undefined;
    },
    [paragraphs, count, tokens],
  );

  const cursorParagraph = cursor ? paragraphs[cursor.paragraph] : undefined;
  const cursorTokens = cursorParagraph ? tokensAt(cursor!.paragraph) : null;
  // The cursor's paragraph got new tokens (the model's after the offline analyzer's): keep the cursor on the same text.
  const cursorTokensWere = useRef<{ paragraph: number; tokens: readonly PlacedToken[] } | null>(null);
  useEffect(() => {
    const were = cursorTokensWere.current;
    cursorTokensWere.current = cursor && cursorTokens ? { paragraph: cursor.paragraph, tokens: cursorTokens } : null;
    if (!cursor || !cursorTokens || were?.paragraph !== cursor.paragraph || were.tokens === cursorTokens) return;
    setState((s) => s && { ...s, cursor: remapCursor(were.tokens, cursorTokens, s.cursor) });
  }, [cursor, cursorTokens]);
  const span = cursor && cursorTokens ? cursorSpan(cursorTokens, cursor) : null;
  useParagraphHighlight(scrollRef, CURSOR_HIGHLIGHT, cursorParagraph?.id ?? null, span, redraw);

  // Into view after a move; a paragraph not in the DOM yet is scrolled to first.
  useEffect(() => {
    if (!reveal.current || !cursor || !span) return;
    const scroll = scrollRef.current;
    const host = paragraphHost(scroll, cursorParagraph?.id);
    if (!scroll || !host) {
      scrollToIndex(cursor.paragraph);
      return;
    }
    reveal.current = false;
    const r = textRange(host, span.start, span.end)?.getBoundingClientRect();
    if (!r) return;
    const box = scroll.getBoundingClientRect();
    // Only a word cut off by the view's edge scrolls it, then with some room around it.
    if (vertical) {
      if (r.left < box.left) scroll.scrollBy({ left: r.left - box.left - REVEAL_MARGIN_PX });
      else if (r.right > box.right) scroll.scrollBy({ left: r.right - box.right + REVEAL_MARGIN_PX });
    } else if (r.top < box.top) scroll.scrollBy({ top: r.top - box.top - REVEAL_MARGIN_PX });
    else if (r.bottom > box.bottom) scroll.scrollBy({ top: r.bottom - box.bottom + REVEAL_MARGIN_PX });
  }, [cursor, span, cursorParagraph, scrollRef, scrollToIndex, vertical, redraw]);

  // A panel opened from the keyboard closed (Escape or its button): back to the text, in word mode still.
  useEffect(() => {
    if (panelOpen || !openedByKey.current) return;
    openedByKey.current = false;
    scrollRef.current?.focus({ preventScroll: true });
  }, [panelOpen, scrollRef]);

  // A move into a paragraph whose text or tokens were on the way: made when they arrive.
  // Also the first move of word mode (Enter on a page whose first words are on the way), so it does not need a cursor yet.
  const pending = useRef<{ paragraph: number; step: 1 | -1; chapterKey: string } | null>(null);
  const apply = (move: CursorMove) => {
    pending.current = null;
    if (!move) return;
    if ('wait' in move) {
      const p = paragraphs[move.wait];
      if (p) useBooks.getState().wantTokens([p.id]);
      else void useBooks.getState().wantParagraphs(move.wait, move.wait);
      pending.current = { paragraph: move.wait, step: cursor && move.wait < cursor.paragraph ? -1 : 1, chapterKey };
      scrollToIndex(move.wait);
      return;
    }
    reveal.current = true;
    setCursor(move.cursor);
  };
  // Only what brings the waited-for paragraph (its text, its tokens: tokensAt) can end the wait.
  useEffect(() => {
    const wait = pending.current;
    if (!wait || wait.chapterKey !== chapterKey || tokensAt(wait.paragraph) === undefined) return;
    pending.current = null;
    const move = cursorFrom(tokensAt, count, wait.paragraph, wait.step);
    if (move && 'cursor' in move) {
      reveal.current = true;
      setState({ cursor: move.cursor, chapterKey });
    }
  }, [tokensAt, count, chapterKey]);

  /** The words of the cursor's paragraph and its neighbours in the DOM, in reading order, with their boxes on screen. */
  const wordBoxes = (around: number) => {
    const out: { paragraph: number; token: number; box: LineBox }[] = [];
    for (let i = Math.max(0, around - 1); i <= around + 1; i++) {
      const list = tokensAt(i);
      const host = paragraphHost(scrollRef.current, paragraphs[i]?.id);
      if (!list || !host) continue;
      list.forEach((t, k) => {
        const r = isWordToken(t) ? textRange(host, t.start, t.end)?.getClientRects()[0] : undefined;
        if (r) out.push({ paragraph: i, token: k, box: lineBox(r, vertical) });
      });
    }
    return out;
  };

  const inView = (c: BookCursor) => {
    const scroll = scrollRef.current;
    const host = paragraphHost(scroll, paragraphs[c.paragraph]?.id);
    if (!scroll || !host) return false;
    const a = host.getBoundingClientRect();
    const b = scroll.getBoundingClientRect();
    return a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
  };

  // Keys act on the book's text itself (a paragraph's tool buttons keep theirs): false lets them go on to paging.
  const onText = (e: KeyboardEvent) => e.target === scrollRef.current;
  const enter = () => apply(cursorFrom(tokensAt, count, firstIndex(), 1));

  // Enter: into word mode on the first word in view; in it, the word's or phrase's panel.
  useShortcut('book.wordMode', (e) => {
    if (!onText(e)) return false;
    if (!cursor) return enter();
    const p = paragraphs[cursor.paragraph];
    if (!p || !span) return;
    openedByKey.current = useBookPanel.getState().pick(p, span.start, span.phrase ? span.end : span.start);
  });

  // Escape leaves word mode (an open panel, newer, closes itself first); before word mode began, its first move is not made after all.
  useShortcut('app.close', (e) => {
    if (!onText(e) || panelOpen) return false;
    if (!cursor) {
      if (!pending.current) return false;
      pending.current = null;
      return;
    }
    pending.current = null;
    setCursor(null);
  });

  /** An arrow in word mode: the next word or line (with Shift: the phrase grows). False outside word mode: the arrow pages. */
  const arrow = (e: KeyboardEvent, grow: boolean): boolean | void => {
    if (!cursor || !onText(e)) return false;
    const step = cursorStep(e.key, vertical);
    if (!step) return false;
    const p = paragraphs[cursor.paragraph];
    const lineGoal = goal.current;
    goal.current = undefined;
    // Paged away from the cursor: start again on the page in view.
    if (!inView(cursor) || !p || !cursorTokens) return enter();
    if (step === 'next' || step === 'prev') {
      const dir = step === 'next' ? 1 : -1;
      if (!grow) return apply(stepWord(tokensAt, count, cursor, dir));
      const grown = extendTo(cursorTokens, p.text, cursor, nextWordIndex(cursorTokens, cursor.token, dir));
      return apply(grown && { cursor: grown });
    }
    const dir = step === 'lineNext' ? 1 : -1;
    const boxes = wordBoxes(cursor.paragraph);
    const at = boxes.findIndex((b) => b.paragraph === cursor.paragraph && b.token === cursor.token);
    goal.current = lineGoal ?? boxes[at]?.box.along;
    const to = boxes[wordOnNextLine(boxes.map((b) => b.box), at, dir, goal.current)];
    if (grow) {
      const grown = to && to.paragraph === cursor.paragraph ? extendTo(cursorTokens, p.text, cursor, to.token) : null;
      return apply(grown && { cursor: grown });
    }
    // No line there in the DOM: on to the neighbouring paragraph.
    apply(to ? { cursor: { paragraph: to.paragraph, token: to.token, anchor: null } } : cursorFrom(tokensAt, count, cursor.paragraph + dir, dir));
  };
  useShortcut('book.arrows', (e) => arrow(e, false));
  useShortcut('book.extendMove', (e) => arrow(e, true));

  // What a screen reader says as the cursor moves: the word with its reading, or the phrase.
  const token = cursorTokens?.[cursor?.token ?? -1];
  const announcement = !cursorParagraph || !span ? '' : span.phrase ? cursorParagraph.text.slice(span.start, span.end) : token && token.furigana && token.furigana !== token.word ? `${token.word}（${token.furigana}）` : (token?.word ?? '');

  return { wordMode: cursor !== null, announcement, paragraphId: cursorParagraph?.id ?? null };
}
