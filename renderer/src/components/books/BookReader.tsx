import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { BookParagraph, BookPosition } from '../../../../shared/contract/books';
import { bookHeading } from '../../books/bookHeading';
import { charactersRead } from '../../books/bookSegments';
import { textOffset } from '../../books/bookTarget';
import { EXACT_SLACK, linePitch, snapOffset, TEXT_SLACK, wholeLines } from '../../books/columnPages';
import { fontFamilyOf } from '../../books/readerSettings';
import { paragraphSource, useBooks } from '../../stores/booksStore';
import { useSettings } from '../../stores/settingsStore';
import { useBindings, useChordCaps, useKeyText } from '../../keyboard/shortcuts';
import { useBookPanel } from '../../stores/bookPanelStore';
import { useDetail } from '../../stores/detailStore';
import { DetailPanel } from '../detail/DetailPanel';
import { CardLinkContext, useDetailStar } from '../review/useDetailStar';
import { BookParagraphTools } from './BookParagraphTools';
import { BookParagraphView } from './BookParagraphView';
import { BookReaderBar } from './BookReaderBar';
import { useBookKeyboard, useParagraphHighlight } from './useBookKeyboard';
import { useColumnPages } from './useColumnPages';
import { useEdgeChrome } from './useEdgeChrome';
import { usePanelPlacement } from './usePanelPlacement';
import { useReadAhead } from './useReadAhead';
import { useReaderShortcuts } from './useReaderShortcuts';
import { inBackground } from '../../scheduling/inBackground';
import { ChapterAnalysisPanel } from './ChapterAnalysis';

/** The CSS highlight (`::highlight()`) of the word the panel shows. */
const WORD_HIGHLIGHT = 'book-word';

/** Paragraphs in view still without text are asked for once the view has stayed this long. */
const HOLE_DELAY_MS = 60;
/** Paragraphs past the rendered ones whose tokens are asked for with theirs (a few pages: their readings are there before they are rendered, even when the analyzer is slow). */
const TOKENS_AHEAD = 24;
/** The vertical track's width is a multiple of this (px): it rarely changes (see trackExtent). */
const TRACK_STEP_PX = 1 << 20;
/** How long "Bookmarked" stays. */
const NOTICE_MS = 2500;
/**
 * The chapter's closing item (the end of the book, or the next chapter's button) as estimated before it is measured: its
 * 24 px padding (books.css) each side and a line of UI text. A quick hand reaches the end before it is laid out, and the
 * last page then ends where this estimate does.
 */
const END_ITEM_PX = 76;

/** The word panel on a book paragraph: its star is asked for under the paragraph's CardLinkContext, so word cards link the paragraph too. */
function BookDetailPanel({ text }: { text: string }) {
  return <DetailPanel {...useDetailStar()} text={text} />;
}

/**
 * A book's chapter as a virtualized list of whole-column (vertical) or
 * whole-line (horizontal) pages: only the paragraphs near the view are in the
 * DOM; every block takes whole lines, the page shows the whole lines that fit,
 * and a turn moves exactly one page. The first paragraph in view is the
 * position; the end of the last chapter is the end of the book.
 */
export function BookReader() {
  const { t } = useTranslation();
  const bindings = useBindings();
  const keyText = useKeyText();
  const caps = useChordCaps();
  // Not the position: saved as the page turns, it would render the page again for nothing.
  const { opened, chapter, chapterIndex, tokens, layout } = useBooks(useShallow((s) => ({ opened: s.opened, chapter: s.chapter, chapterIndex: s.chapterIndex, tokens: s.tokens, layout: s.layout })));
  const jump = useBooks((s) => s.jump);
  const [tocOpen, setTocOpen] = useState(false);
  // Stable: the bar (memoized) does not render again on a page turn.
  const toggleToc = useCallback(() => setTocOpen((open) => !open), []);
  const [notice, setNotice] = useState<string | null>(null);
  // The reader's furigana setting: the analyzer's readings always, on hover or not at all (the author's ruby always shows).
  const furigana = useSettings((s) => s.settings.furiganaMode);
  // Tokens go on the page for the furigana or for the words' status marks (then without readings).
  const marks = useSettings((s) => s.settings.wordStatusMarks);
  const withReadings = furigana !== 'off';
  const withTokens = withReadings || marks;
  const sectionRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The chapter whose saved place has been restored: until then the view does not report positions.
  const restored = useRef<number | null>(null);
  const jumped = useRef(0);
  const [ready, setReady] = useState<number | null>(null);
  const vertical = layout.mode === 'vertical';
  const pitch = linePitch(layout.fontSize, layout.lineHeight);
  // The text's extent along the chapter (the virtualizer's total), which the pages end at.
  const extentRef = useRef(0);
  const pages = useColumnPages(frameRef, scrollRef, vertical, pitch, extentRef);
  const paragraphs = useMemo(() => chapter?.paragraphs ?? [], [chapter]);
  // The outline is there from the first request; the paragraphs' text may come later.
  const ids = useMemo(() => chapter?.ids ?? [], [chapter?.ids]);
  const chars = useMemo(() => chapter?.chars ?? [], [chapter?.chars]);
  // Characters per paragraph for the counts (an illustration counts none): once per chapter, not on every turn.
  const textChars = useMemo(() => chars.map((n) => Math.max(0, n)), [chars]);
  const bookId = opened?.book.id ?? 0;
  const chapters = useMemo(() => opened?.chapters ?? [], [opened]);
  const next = chapters[chapterIndex + 1];
  const isLastChapter = chapters.length > 0 && chapterIndex === chapters.length - 1;

  // The pages around the view stay rendered: a page turn only scrolls columns already laid out.
  const virtualizer = useReadAhead({
    page: pages.page,
    windowKey: `${bookId}:${chapterIndex}:${ids.length}`,
    count: ids.length + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      if (i >= ids.length) return wholeLines(END_ITEM_PX, pitch, TEXT_SLACK);
      const len = chars[i] ?? 0;
      const along = pages.along || 600;
      const lines = len < 0 ? 12 : Math.max(1, Math.ceil((len * layout.fontSize) / along));
      return wholeLines(lines * pitch, pitch);
    },
    horizontal: vertical,
    isRtl: vertical,
    // The physical box (vertical-rl swaps the logical sizes), grown to whole lines: every block starts on a line.
    measureElement: (el) => wholeLines(el.getBoundingClientRect()[vertical ? 'width' : 'height'], pitch, el.querySelector('.book-figure') ? EXACT_SLACK : TEXT_SLACK),
    overscan: 4,
  });
  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    extentRef.current = total;
  }, [total]);
  // In vertical text the track grows leftwards, where its box starts: a new width would move every column in it and
  // Chromium would paint the whole book again (each paragraph read ahead changes the total a little). It grows in large steps instead.
  const trackExtent = vertical ? Math.ceil((total + 1) / TRACK_STEP_PX) * TRACK_STEP_PX : total;

  // The position: the first paragraph whose far edge is past the start of the view.
  // From the virtualizer's measurements, so it holds for parts of the chapter not rendered yet.
  const firstAt = (offset: number) => {
    const item = virtualizer.getVirtualItemForOffset(offset + 1);
    return item && item.index < ids.length ? item : undefined;
  };
  /** Where the view at `offset` is: its first paragraph, how far into it, and whether the book's end is in view. */
  const placeAt = (offset: number) => {
    const first = firstAt(offset);
    // The last page of the book is in view: everything is read. Its text's end in view is enough: the end's notice may be
    // cut off while it is laid out (a quick hand reaches the end before it is measured, and the view stays a line short of it).
    const textEnd = ids.length > 0 ? virtualizer.measurementsCache[ids.length - 1]?.end : undefined;
    const atEnd = isLastChapter && !!chapter && pages.page > 0 && offset + pages.page >= (textEnd ?? virtualizer.getTotalSize()) - 1;
    const into = first ? Math.floor(Math.max(0, Math.min(1, (offset - first.start) / Math.max(1, first.size))) * Math.max(0, chars[first.index] ?? 0)) : 0;
    return { first, atEnd, into };
  };
  /** The saved position for a place (the end of the book is the end of its last paragraph with text). */
  const positionOf = (place: ReturnType<typeof placeAt>): BookPosition | null => {
    const chapterId = chapters[chapterIndex]?.id;
    if (!chapter || !opened || !place.first || chapterId === undefined) return null;
    const last = place.atEnd ? chars.findLastIndex((n) => n >= 0) : -1;
    return last >= 0 ? { chapterId, paragraphId: ids[last]!, offset: chars[last]! } : { chapterId, paragraphId: ids[place.first.index]!, offset: place.into };
  };
  const savePosition = (pos: BookPosition | null) => {
    const current = useBooks.getState().position;
    if (!pos || (current?.paragraphId === pos.paragraphId && current.offset === pos.offset)) return;
    useBooks.getState().setPosition(pos);
  };
  const offset = virtualizer.scrollOffset ?? 0;
  const { first, atEnd, into } = placeAt(offset);
  const firstIndex = first?.index;
  useEffect(() => {
    if (ready === chapterIndex) savePosition(positionOf({ first, atEnd, into }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the place's parts, not the item object of each render
  }, [firstIndex, into, atEnd, chapter, opened, ids, chars, chapters, chapterIndex, ready]);
  // The layout is about to change: the place is taken from the view as it is now. The scroll's render, which reports it,
  // comes a frame or more after the scroll, and a mode switched in between would show the place before it.
  const placeNow = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    placeNow.current = () => {
      if (ready === chapterIndex && restored.current === chapterIndex && scrollRef.current) savePosition(positionOf(placeAt(pages.offset())));
    };
  });
  useEffect(() => useBooks.subscribe((s, was) => void (s.layout !== was.layout && placeNow.current())), []);

  // Paragraphs in view whose text has not come yet: ask for them now (the rest loads in the background).
  const lastIndex = items.at(-1)?.index ?? -1;
  const holes = items.some((i) => i.index < ids.length && !paragraphs[i.index]);
  const firstIndexInView = items[0]?.index ?? 0;
  useEffect(() => {
    if (!holes) return;
    // After a short pause: the view passes the chapter's start on its way to the saved place, which needs nothing.
    const timer = setTimeout(() => void useBooks.getState().wantParagraphs(firstIndexInView, lastIndex), HOLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [holes, firstIndexInView, lastIndex]);

  // Tokens for what is rendered (the furigana, and the words a click opens the word panel on), and for the
  // paragraphs read ahead next: they go into the DOM with their readings, laid out once, not again when these come.
  // Three groups, the page in view first: its readings do not wait for the analysis of the paragraphs ahead (the store sends
  // them a few requests at a time, the newest ask first: tokenRequests.ts).
  const textIds = (ps: ReadonlyArray<BookParagraph | undefined>) => ps.filter((p) => p && !p.image && p.text).map((p) => p!.id).join(',');
  const inView = items.filter((i) => i.end > offset && i.start < offset + (pages.page || 1));
  const idsKey = [textIds(inView.map((i) => paragraphs[i.index])), textIds(items.map((i) => paragraphs[i.index])), textIds(paragraphs.slice(lastIndex + 1, lastIndex + 1 + TOKENS_AHEAD))].join('|');
  useEffect(() => {
    // Asked in a background task after this frame: a render in a page turn's frame (the view past what is rendered) does not
    // wait for the request. Not an idle callback: while the read-ahead refills, Chromium gives none until its timeout, and
    // paragraphs came into view before their readings. Not cancelled by the next ids (the read-ahead's steps would put it
    // off): ids asked already are not asked again.
    inBackground(() => {
      useBooks.getState().wantTokens(...idsKey.split('|').map((group) => (group ? group.split(',').map(Number) : [])));
    });
  }, [idsKey]);

  /**
   * Shows a place of this chapter: its paragraph, then the offset into it, on a
   * line; positions are reported again once it has settled (and been measured).
   */
  const showPlace = useCallback(
    (pos: BookPosition | null, then?: () => void) => {
      const at = pos && pos.chapterId === chapters[chapterIndex]?.id ? ids.indexOf(pos.paragraphId) : -1;
      virtualizer.scrollToOffset(0);
      if (at > 0) virtualizer.scrollToIndex(at, { align: 'start' });
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const item = at >= 0 ? virtualizer.measurementsCache[at] : undefined;
          const len = at >= 0 ? Math.max(0, chars[at]!) : 0;
          if (item && pos && pos.offset > 0 && len > 0) pages.scrollTo(snapOffset(item.start + (item.size * Math.min(pos.offset, len - 1)) / len, pitch, pages.max(), -1));
          else if (item) pages.scrollTo(snapOffset(item.start, pitch, pages.max(), -1));
          then?.();
        }),
      );
    },
    [chapters, chapterIndex, ids, chars, virtualizer, pages, pitch],
  );

  // Back at the saved place when a chapter arrives (once per chapter), or at a bookmark gone to.
  useEffect(() => {
    if (!chapter) return;
    const seq = jump?.seq ?? 0;
    if (restored.current === chapterIndex && jumped.current === seq) return;
    restored.current = chapterIndex;
    jumped.current = seq;
    showPlace(useBooks.getState().position, () => setReady(chapterIndex));
  }, [chapter, chapterIndex, jump?.seq, showPlace]);

  // The layout or the room changed: measure again, stay on the same paragraph.
  useEffect(() => {
    virtualizer.measure();
    if (restored.current === chapterIndex) showPlace(useBooks.getState().position);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a layout change
  }, [layout.mode, layout.fontSize, layout.lineHeight, layout.font, layout.customFont, pages.page, pages.along]);

  const [popover, setPopover] = useState<'settings' | 'bookmarks' | 'coverage' | null>(null);
  const showNotice = (text: string) => {
    setNotice(text);
    setTimeout(() => setNotice((n) => (n === text ? null : n)), NOTICE_MS);
  };
  useReaderShortcuts({
    layout,
    turn: pages.turn,
    toggleContents: toggleToc,
    togglePopover: (which) => setPopover(popover === which ? null : which),
    bookmark: () => void useBooks.getState().addBookmark().then((m) => m && showNotice(t('books.reader.bookmarked', { name: m.name }))),
  });

  // The word panel in the book view: a click on a word, or a selection for a phrase.
  const translations = useBookPanel((s) => s.translations);
  const panelParagraph = useBookPanel((s) => s.paragraph);
  const panelOpen = useDetail((s) => s.target !== null) && panelParagraph !== null;
  const cardLink = useCallback(() => (panelParagraph ? { source: paragraphSource(panelParagraph.id) } : {}), [panelParagraph]);
  useEffect(() => () => useBookPanel.getState().close(), []);
  // The word or phrase the panel is about, marked in the paragraph.
  const detailTarget = useDetail((s) => s.target);
  const marked = panelOpen ? panelParagraph.id : null;
  const markedSpan = detailTarget?.kind === 'word' ? detailTarget.token : detailTarget?.tokens[0] && { start: detailTarget.tokens[0].start, end: detailTarget.tokens.at(-1)!.end };
  // What re-renders the paragraphs' text (the highlights are set again after it). The React Compiler is not in the build,
  // and it cannot follow the virtualizer (a mutable object read on every render) anyway.
  // eslint-disable-next-line react-hooks/preserve-manual-memoization -- only the key of the effects that follow a redraw
  const redraw = useMemo(() => [firstIndexInView, lastIndex, withTokens, withReadings, tokens, paragraphs, layout.headingFurigana], [firstIndexInView, lastIndex, withTokens, withReadings, tokens, paragraphs, layout.headingFurigana]);
  useParagraphHighlight(scrollRef, WORD_HIGHLIGHT, marked, markedSpan, redraw);

  // The panel floats over the book on the side away from its word.
  const placement = usePanelPlacement(bodyRef, scrollRef, marked, markedSpan, redraw, pages.page);

  // A translation opened below its paragraph comes into the page (by whole lines) if it is past its edge.
  const shownTranslations = useRef(translations);
  useLayoutEffect(() => {
    const was = shownTranslations.current;
    shownTranslations.current = translations;
    const changed = Object.keys(translations).filter((id) => translations[Number(id)] !== was[Number(id)]);
    const el = changed.length ? scrollRef.current?.querySelector(`.book-translation[data-for="${changed.at(-1)}"]`) : null;
    if (!el) return;
    const [start, end] = pages.extentOf(el.getBoundingClientRect());
    pages.reveal(start, end);
  }, [translations, pages]);

  const keyboard = useBookKeyboard({
    scrollRef,
    paragraphs,
    count: ids.length,
    chapterKey: `${bookId}:${chapterIndex}`,
    tokens,
    vertical,
    firstIndex: () => {
      // This moment's scroll position, not the last render's (vertical-rl scrolls to a negative scrollLeft).
      return firstAt(scrollRef.current ? pages.offset() : offset)?.index ?? 0;
    },
    panelOpen,
    scrollToIndex: (i) => virtualizer.scrollToIndex(i, { align: 'start' }),
    revealWord: (box) => {
      const [start, end] = pages.extentOf(box);
      pages.reveal(start, end);
    },
    redraw,
  });

  const chrome = useEdgeChrome(sectionRef, layout.immersive);

  const onPointerUp = (e: React.MouseEvent) => {
    const el = e.target instanceof Element ? e.target : null;
    const host = el?.closest<HTMLElement>('[data-paragraph-id]');
    if (!host || el?.closest('button, .book-translation')) return;
    const sel = window.getSelection();
    if (!sel || sel.rangeCount === 0 || !host.contains(sel.anchorNode) || !host.contains(sel.focusNode)) return;
    const r = sel.getRangeAt(0);
    const p = paragraphs[ids.indexOf(Number(host.dataset.paragraphId))];
    if (!p) return;
    const start = textOffset(host, r.startContainer, r.startOffset);
    const end = r.collapsed ? start : textOffset(host, r.endContainer, r.endOffset);
    // The words chosen are marked by the highlight from now on: the browser's own selection would hide it.
    if (useBookPanel.getState().pick(p, start, end) && !r.collapsed) sel.removeAllRanges();
  };

  // The keys' hint, the same on every turn.
  const pagesHint = useMemo(
    () => t('shortcuts.hints.book', { wordMode: keyText('book.wordMode'), pages: [...bindings['book.prevPage'], ...bindings['book.nextPage']].map((c) => caps(c).join('+')).join('/'), help: keyText('app.help') }),
    [t, keyText, bindings, caps],
  );

  if (!opened) return null;
  const bookChars = chapters.reduce((n, c) => n + c.chars, 0);
  const read = charactersRead(
    chapters.map((c) => c.chars),
    chapterIndex,
    textChars,
    firstIndex ?? 0,
    into,
    atEnd,
  );
  const progress = bookChars > 0 ? read / bookChars : 0;
  const percent = Math.floor(progress * 100);
  const heading = bookHeading(opened.book.title, chapter?.title, chapters.length);
  const scrollStyle: CSSProperties & Record<'--line', string> = {
    fontSize: `${layout.fontSize}px`,
    lineHeight: `${pitch}px`,
    '--line': `${pitch}px`,
    fontFamily: fontFamilyOf(layout),
    ...(pages.page ? (vertical ? { width: pages.page } : { height: pages.page }) : {}),
  };

  return (
    <section
      ref={sectionRef}
      className={`book-reader ${vertical ? 'is-vertical' : 'is-horizontal'}${layout.immersive ? ' is-immersive' : ''}`}
      data-testid="book-reader"
      data-mode={layout.mode}
      data-immersive={layout.immersive || undefined}
      data-reader-theme={layout.theme}
      data-chrome={chrome || undefined}
    >
      <BookReaderBar
        heading={heading}
        layout={layout}
        tocOpen={tocOpen}
        onToc={toggleToc}
        popover={popover}
        setPopover={setPopover}
      />
      <ChapterAnalysisPanel />
      <div className="book-reader-body" ref={bodyRef}>
        {tocOpen && (
          <nav className="book-toc" aria-label={t('books.reader.toc')} data-testid="book-toc">
            <ol>
              {chapters.map((c, i) => (
                <li key={c.id}>
                  <button type="button" aria-current={i === chapterIndex ? 'true' : undefined} onClick={() => void useBooks.getState().goChapter(i)} lang="ja">
                    {c.title}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="book-frame" ref={frameRef} style={{ '--margin': `${layout.margin}px` } as CSSProperties}>
          <div
            ref={scrollRef}
            className={`book-scroll furigana-${furigana}`}
            tabIndex={0}
            role="region"
            aria-label={t('books.reader.keys.region')}
            aria-describedby="book-keys-hint"
            data-testid="book-scroll"
            data-word-mode={keyboard.wordMode || undefined}
            data-line={pitch}
            data-page={pages.page}
            style={scrollStyle}
            lang="ja"
            onMouseUp={onPointerUp}
          >
            {!chapter ? (
              <p className="book-loading">{t('books.reader.loading')}</p>
            ) : (
              <div className="book-track" style={vertical ? { width: trackExtent, height: '100%' } : { height: trackExtent, width: '100%' }}>
                {items.map((vi) => {
                  const p = paragraphs[vi.index];
                  // A heading shows the analyzer's readings only when the layout asks for them; its marks whenever they are on.
                  const headingReadings = !p?.heading || layout.headingFurigana;
                  const readings = withReadings && headingReadings;
                  return (
                    <div
                      key={vi.key}
                      ref={virtualizer.measureElement}
                      data-index={vi.index}
                      className="book-item"
                      style={vertical ? { transform: `translateX(${-vi.start}px)` } : { transform: `translateY(${vi.start}px)` }}
                    >
                      {p ? (
                        <BookParagraphView bookId={bookId} paragraph={p} tokens={readings || marks ? tokens[p.id] : undefined} furigana={readings} translation={translations[p.id]} keyboard={keyboard.paragraphId === p.id} />
                      ) : vi.index < ids.length ? (
                        // Its text is on the way: hold its place at the estimated size.
                        <div className="book-pending" style={vertical ? { width: vi.size } : { height: vi.size }} />
                      ) : next ? (
                        <button type="button" className="book-next" onClick={() => void useBooks.getState().goChapter(chapterIndex + 1)} data-testid="book-next-chapter">
                          {t('books.reader.nextChapter', { title: next.title })}
                        </button>
                      ) : (
                        <p className="book-end" data-testid="book-end">
                          {t('books.reader.end')}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
          <BookParagraphTools frameRef={frameRef} scrollRef={scrollRef} paragraphs={paragraphs} vertical={vertical} cursorParagraphId={keyboard.paragraphId} redraw={redraw} />
        </div>
        {panelOpen && (
          <div className="book-panel-float" data-side={placement.side} data-testid="book-panel-float" style={placement.maxHeight !== undefined ? { maxHeight: placement.maxHeight } : undefined}>
            <CardLinkContext.Provider value={cardLink}>
              <BookDetailPanel text={panelParagraph.text} />
            </CardLinkContext.Provider>
          </div>
        )}
      </div>
      <footer className="book-reader-footer">
        <div className="book-progressbar" role="progressbar" aria-label={t('books.reader.progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid="book-progressbar">
          <span style={{ width: `${progress * 100}%` }} />
        </div>
        <p className="book-counts" data-testid="book-counts">
          {t('books.reader.counts', { percent, read: read.toLocaleString(), total: bookChars.toLocaleString(), left: (bookChars - read).toLocaleString() })}
        </p>
        <p id="book-keys-hint" className="book-keys-hint" data-testid="book-keys-hint">
          {keyboard.wordMode
            ? t('shortcuts.hints.bookWords', { open: keyText('book.wordMode') })
            : pagesHint}
        </p>
        <p className="book-cursor-live" aria-live="polite" lang="ja" data-testid="book-cursor-word">
          {keyboard.announcement}
        </p>
      </footer>
      {notice && (
        <p className="book-notice" role="status" data-testid="book-notice" lang="ja">
          {notice}
        </p>
      )}
    </section>
  );
}
