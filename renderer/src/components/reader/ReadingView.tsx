import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FuriganaMode } from '../../../../shared/settings';
import { useShortcut } from '../../keyboard/shortcuts';
import { MARKS, markOnce } from '../../perf/marks';
import { blockIndexAt, type Block } from '../../reader/blocks';
import { isWordToken, tokenIndexAt, type PlacedToken } from '../../reader/placedToken';
import { nextWordIndex, selectionSpan } from '../../reader/selection';
import { estimateHeight, prefixOffsets, visibleRange } from '../../reader/virtualWindow';
import { useReader, type ReaderDoc } from '../../stores/readerStore';
import { useSettings } from '../../stores/settingsStore';
import { TokenLine } from './TokenLine';

const FONT_PX = 20;
const OVERSCAN_PX = 240;
const LINE_HEIGHT: Record<FuriganaMode, number> = { always: 2.4, unknown: 2.4, hover: 2.4, off: 1.9 };
const ROMAJI_EXTRA = 0.7;
const GAP_PX = 6;

interface RowProps {
  block: Block;
  tokens: readonly PlacedToken[];
  mode: FuriganaMode;
  romaji: boolean;
  selStart: number;
  selEnd: number;
  observe: (el: HTMLDivElement | null) => void;
}

const BlockRow = memo(function BlockRow({ block, tokens, mode, romaji, selStart, selEnd, observe }: RowProps) {
  return (
    <div ref={observe} className={`line${block.blank ? ' blank' : ''}${block.continued ? ' cont' : ''}`} data-b={block.index}>
      {block.blank ? null : <TokenLine tokens={tokens} mode={mode} romaji={romaji} selStart={selStart} selEnd={selEnd} />}
    </div>
  );
});

/** The analysed text. Keyed by document, so measurements start fresh for each. */
export function ReadingView() {
  const doc = useReader((s) => s.doc);
  if (!doc) return null;
  return <VirtualText key={doc.id} doc={doc} />;
}

/**
 * Renders only the lines on screen (plus a margin): a 20,000-character chapter
 * stays a few hundred elements. Line heights start as estimates and are replaced
 * by measurements as lines appear; Chromium's scroll anchoring keeps the view
 * steady when an estimate above it is corrected.
 */
function VirtualText({ doc }: { doc: ReaderDoc }) {
  const { t } = useTranslation();
  const blockTokens = useReader((s) => s.blockTokens);
  const selStart = useReader((s) => (s.selection ? (selectionSpan(s.tokens, s.selection)?.start ?? -1) : -1));
  const selEnd = useReader((s) => (s.selection ? (selectionSpan(s.tokens, s.selection)?.end ?? -1) : -1));
  const hasAnalysis = useReader((s) => s.groups.length > 0);
  const done = useReader((s) => s.status === 'done');
  const mode = useSettings((s) => s.settings.furiganaMode);
  const romaji = useSettings((s) => s.settings.showRomaji);
  // Model pieces mixed with offline ones: the offline parts are marked so the reader knows which is which.
  const mixed = useReader((s) => s.offlinePieces > 0);

  const scrollRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 800, height: 600 });
  const [scrollTop, setScrollTop] = useState(0);
  const [measured, setMeasured] = useState<ReadonlyMap<number, number>>(() => new Map());
  const [drag, setDrag] = useState<{ a: number; b: number } | null>(null);
  const dragging = useRef<{ anchor: number; moved: boolean; suppressClick: boolean }>({ anchor: -1, moved: false, suppressClick: false });
  /** A token to focus once its line is rendered (keyboard moves can go past the rendered lines). */
  const pendingFocus = useRef<number | null>(null);

  // Measurements are valid for one width and one line style.
  const layoutKey = `${Math.round(box.width)}:${mode}:${romaji}`;
  const [measuredFor, setMeasuredFor] = useState(layoutKey);
  if (measuredFor !== layoutKey) {
    setMeasuredFor(layoutKey);
    setMeasured(new Map());
  }

  const observer = useMemo(
    () =>
      new ResizeObserver((entries) => {
        setMeasured((prev) => {
          let next: Map<number, number> | null = null;
          for (const e of entries) {
            const index = Number((e.target as HTMLElement).dataset.b);
            const h = e.borderBoxSize[0]?.blockSize ?? (e.target as HTMLElement).offsetHeight;
            if (h > 0 && prev.get(index) !== h) (next ??= new Map(prev)).set(index, h);
          }
          return next ?? prev;
        });
      }),
    [],
  );
  useEffect(() => () => observer.disconnect(), [observer]);
  const observe = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      observer.observe(el);
      return () => observer.unobserve(el);
    },
    [observer],
  );

  useLayoutEffect(() => {
    const el = scrollRef.current!;
    const ro = new ResizeObserver(() => setBox({ width: el.clientWidth, height: el.clientHeight || 600 }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const offsets = useMemo(() => {
    const lineHeight = FONT_PX * (LINE_HEIGHT[mode] + (romaji ? ROMAJI_EXTRA : 0));
    const perLine = Math.max(8, Math.floor((box.width - 48) / FONT_PX));
    return prefixOffsets(doc.blocks.map((b) => measured.get(b.index) ?? estimateHeight(b.end - b.start, b.blank, perLine, lineHeight, GAP_PX)));
  }, [doc.blocks, measured, box.width, mode, romaji]);

  const { first, last } = visibleRange(offsets, scrollTop, Math.max(box.height, 400), OVERSCAN_PX);
  const total = offsets[offsets.length - 1] ?? 0;

  // Marks for the render benchmark: analysed tokens on screen, and the finished analysis on
  // screen (in the frame after the commit; never cancelled, or a stream of updates would
  // keep postponing them).
  useLayoutEffect(() => {
    if (hasAnalysis) requestAnimationFrame(() => markOnce(MARKS.firstPaint));
  }, [hasAnalysis]);
  useLayoutEffect(() => {
    if (done) requestAnimationFrame(() => markOnce(MARKS.donePaint));
  }, [done]);

  // Keyboard focus may target a line that was not rendered yet: focus it once it is, then forget it
  // (so scrolling afterwards never pulls the view back).
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-s="${pendingFocus.current}"]`);
    if (!el) return;
    pendingFocus.current = null;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'nearest' });
  });

  const focusToken = (index: number) => {
    const token = useReader.getState().tokens[index];
    if (!token) return;
    const b = blockIndexAt(doc.blocks, token.start);
    const el = scrollRef.current;
    const now = el?.querySelector<HTMLElement>(`[data-s="${token.start}"]`);
    if (now) {
      now.focus({ preventScroll: true });
      now.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (!el) return;
    pendingFocus.current = token.start;
    el.scrollTop = Math.max(0, offsets[b]! - el.clientHeight / 3);
    setScrollTop(el.scrollTop);
  };

  const indexOfEvent = (target: EventTarget): number => {
    const el = (target as HTMLElement).closest<HTMLElement>('[data-s]');
    if (!el) return -1;
    return tokenIndexAt(useReader.getState().tokens, Number(el.dataset.s));
  };

  const firstVisibleWord = (): number => {
    const tokens = useReader.getState().tokens;
    const startAt = doc.blocks[first]?.start ?? 0;
    let i = tokenIndexAt(tokens, startAt);
    while (i < tokens.length && !isWordToken(tokens[i]!)) i++;
    return i < tokens.length ? i : -1;
  };

  // The reader's keys (shared/shortcuts.ts): only with the focus in the text (its region or a word).
  const inText = (e: KeyboardEvent) => e.target instanceof Element && !!scrollRef.current?.contains(e.target);
  /** Arrows, Home and End: to the next word or line; with Shift the phrase grows from where it began. */
  const onMove = (e: KeyboardEvent, grow: boolean): boolean | void => {
    if (!inText(e)) return false;
    const state = useReader.getState();
    const tokens = state.tokens;
    const cur = indexOfEvent(e.target!);
    const move = (next: number) => {
      if (next < 0) return false;
      if (grow && cur >= 0) {
        const anchor = state.anchor ?? cur;
        if (next === anchor) state.click(anchor, false);
        else state.selectPhrase(anchor, next);
      }
      focusToken(next);
    };
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowLeft':
        return move(cur < 0 ? firstVisibleWord() : nextWordIndex(tokens, cur, e.key === 'ArrowRight' ? 1 : -1));
      case 'ArrowDown':
      case 'ArrowUp': {
        if (cur < 0) return move(firstVisibleWord());
        const b = blockIndexAt(doc.blocks, tokens[cur]!.start);
        const step = e.key === 'ArrowDown' ? 1 : -1;
        for (let k = b + step; k >= 0 && k < doc.blocks.length; k += step) {
          const blk = doc.blocks[k]!;
          if (blk.blank) continue;
          let i = tokenIndexAt(tokens, blk.start);
          while (i < tokens.length && tokens[i]!.start < blk.end && !isWordToken(tokens[i]!)) i++;
          if (i < tokens.length && tokens[i]!.start < blk.end) return move(i);
        }
        return false;
      }
      case 'Home':
        return move(nextWordIndex(tokens, -1, 1));
      case 'End':
        return move(nextWordIndex(tokens, tokens.length, -1));
    }
    return false;
  };
  /** Enter or Space on a word: its panel (with Shift: it joins the phrase); on the text itself: to its first word. */
  const onOpen = (e: KeyboardEvent, phrase: boolean): boolean | void => {
    if (!inText(e)) return false;
    const cur = indexOfEvent(e.target!);
    if (cur >= 0) return useReader.getState().click(cur, phrase);
    if (e.target !== scrollRef.current) return false;
    const first = firstVisibleWord();
    if (first < 0) return false;
    focusToken(first);
  };
  useShortcut('reader.move', (e) => onMove(e, false));
  useShortcut('reader.extendMove', (e) => onMove(e, true));
  useShortcut('reader.openWord', (e) => onOpen(e, false));
  useShortcut('reader.extendPhrase', (e) => onOpen(e, true));

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (dragging.current.suppressClick) {
      dragging.current.suppressClick = false;
      return;
    }
    const i = indexOfEvent(e.target);
    if (i < 0) return;
    useReader.getState().click(i, e.shiftKey);
    (e.target as HTMLElement).closest<HTMLElement>('[data-s]')?.focus({ preventScroll: true });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.shiftKey || e.pointerType === 'touch') return;
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-s]');
    dragging.current = { anchor: el ? Number(el.dataset.s) : -1, moved: false, suppressClick: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = dragging.current;
    if (d.anchor < 0 || (e.buttons & 1) === 0) return;
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-s]');
    if (!el) return;
    const at = Number(el.dataset.s);
    if (at !== d.anchor || d.moved) {
      d.moved = true;
      const tokens = useReader.getState().tokens;
      const a = tokens[tokenIndexAt(tokens, Math.min(at, d.anchor))]!;
      const b = tokens[tokenIndexAt(tokens, Math.max(at, d.anchor))]!;
      setDrag({ a: a.start, b: b.end });
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = dragging.current;
    dragging.current = { anchor: -1, moved: false, suppressClick: d.moved };
    setDrag(null);
    if (!d.moved) return;
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-s]');
    if (!el) return;
    const tokens = useReader.getState().tokens;
    useReader.getState().selectPhrase(tokenIndexAt(tokens, d.anchor), tokenIndexAt(tokens, Number(el.dataset.s)));
  };

  const showStart = drag ? drag.a : selStart;
  const showEnd = drag ? drag.b : selEnd;
  const rows = [];
  for (let i = first; i <= last; i++) {
    const block = doc.blocks[i]!;
    const inBlock = showStart < block.end && showEnd > block.start;
    rows.push(
      <BlockRow
        key={i}
        block={block}
        tokens={blockTokens[i] ?? []}
        mode={mode}
        romaji={romaji}
        selStart={inBlock ? showStart : -1}
        selEnd={inBlock ? showEnd : -1}
        observe={observe}
      />,
    );
  }

  return (
    <div
      ref={scrollRef}
      className={`reading-scroll${drag ? ' dragging' : ''}`}
      tabIndex={0}
      role="region"
      aria-label={t('analysis.regionLabel')}
      aria-describedby="reading-help"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        dragging.current = { anchor: -1, moved: false, suppressClick: false };
        setDrag(null);
      }}
      onDragStart={(e) => e.preventDefault()}
      data-testid="reading-view"
    >
      <div className={`reading-text furigana-${mode}${romaji ? ' with-romaji' : ''}${mixed ? ' mark-offline' : ''}`} lang="ja" style={{ minHeight: total }}>
        <div style={{ height: offsets[first] ?? 0 }} aria-hidden="true" />
        {rows}
      </div>
    </div>
  );
}
