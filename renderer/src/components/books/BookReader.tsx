import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookHeading } from '../../books/bookHeading';
import { bookProgress } from '../../books/bookSegments';
import { FURIGANA_MODES } from '../../../../shared/settings';
import { paragraphSource, useBooks } from '../../stores/booksStore';
import { useSettings } from '../../stores/settingsStore';
import { textOffset } from '../../books/bookTarget';
import { useBindings, useChordCaps, useKeyText, useShortcut } from '../../keyboard/shortcuts';
import { useBookPanel } from '../../stores/bookPanelStore';
import { useDetail } from '../../stores/detailStore';
import { DetailPanel } from '../detail/DetailPanel';
import { CardLinkContext, useDetailStar } from '../review/useDetailStar';
import { BookParagraphView } from './BookParagraphView';
import { useBookKeyboard, useParagraphHighlight } from './useBookKeyboard';
import { ChapterAnalysisButton, ChapterAnalysisPanel } from './ChapterAnalysis';

/** The CSS highlight (`::highlight()`) of the word the panel shows. */
const WORD_HIGHLIGHT = 'book-word';

/** Paragraphs in view still without text are asked for once the view has stayed this long. */
const HOLE_DELAY_MS = 60;

/** The word panel on a book paragraph: its star is asked for under the paragraph's CardLinkContext, so word cards link the paragraph too. */
function BookDetailPanel({ text }: { text: string }) {
  return <DetailPanel {...useDetailStar()} text={text} />;
}

/**
 * A book's chapter as a virtualized list: only the paragraphs near the view are
 * in the DOM. Horizontal text scrolls down; vertical text (vertical-rl) scrolls
 * right to left, ruby on the right. The first paragraph in view is the position.
 */
export function BookReader() {
  const { t } = useTranslation();
  const bindings = useBindings();
  const keyText = useKeyText();
  const caps = useChordCaps();
  const { opened, chapter, chapterIndex, tokens, layout } = useBooks();
  const [tocOpen, setTocOpen] = useState(false);
  // The reader's furigana setting: the analyzer's readings always, on hover or not at all (the author's ruby always shows).
  const furigana = useSettings((s) => s.settings.furiganaMode);
  const withTokens = furigana !== 'off';
  const scrollRef = useRef<HTMLDivElement>(null);
  // The chapter whose saved place has been restored: until then the view does not report positions.
  const restored = useRef<number | null>(null);
  const [ready, setReady] = useState<number | null>(null);
  const vertical = layout.mode === 'vertical';
  const paragraphs = useMemo(() => chapter?.paragraphs ?? [], [chapter]);
  // The outline is there from the first request; the paragraphs' text may come later.
  const ids = useMemo(() => chapter?.ids ?? [], [chapter?.ids]);
  const chars = useMemo(() => chapter?.chars ?? [], [chapter?.chars]);
  const bookId = opened?.book.id ?? 0;
  const chapters = useMemo(() => opened?.chapters ?? [], [opened]);
  const next = chapters[chapterIndex + 1];

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read fresh on every render here
  const virtualizer = useVirtualizer({
    count: ids.length + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => {
      const len = chars[i] ?? 0;
      const extent = (vertical ? scrollRef.current?.clientHeight : scrollRef.current?.clientWidth) || 600;
      const lines = len < 0 ? 12 : Math.max(1, Math.ceil((len * layout.fontSize) / extent));
      return lines * layout.fontSize * layout.lineHeight + layout.fontSize;
    },
    horizontal: vertical,
    isRtl: vertical,
    // The default reads the ResizeObserver's logical sizes, which vertical-rl swaps: measure the physical box.
    measureElement: (el) => el.getBoundingClientRect()[vertical ? 'width' : 'height'],
    overscan: 4,
  });
  const items = virtualizer.getVirtualItems();

  // The position: the first paragraph whose far edge is past the start of the view.
  // From the virtualizer's measurements, so it holds for parts of the chapter not rendered yet.
  const firstAt = (offset: number) => {
    const item = virtualizer.getVirtualItemForOffset(offset + 1);
    return item && item.index < ids.length ? item : undefined;
  };
  const offset = virtualizer.scrollOffset ?? 0;
  const first = firstAt(offset);
  useEffect(() => {
    if (!chapter || !opened || !first || ready !== chapterIndex) return;
    const id = ids[first.index]!;
    const into = Math.floor(Math.max(0, Math.min(1, (offset - first.start) / Math.max(1, first.size))) * Math.max(0, chars[first.index]!));
    const current = useBooks.getState().position;
    if (current?.paragraphId === id && current.offset === into) return;
    useBooks.getState().setPosition({ chapterId: chapters[chapterIndex]!.id, paragraphId: id, offset: into });
  }, [first, offset, chapter, opened, ids, chars, chapters, chapterIndex, ready]);

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

  // Tokens for what is in view: the furigana, and the words a click opens the word panel on.
  const visibleIds = items.map((i) => paragraphs[i.index]).filter((p) => p && !p.image && p.text).map((p) => p!.id);
  const idsKey = visibleIds.join(',');
  useEffect(() => {
    if (idsKey) useBooks.getState().wantTokens(idsKey.split(',').map(Number));
  }, [idsKey]);

  // Back at the saved place when a chapter arrives (once per chapter).
  useEffect(() => {
    if (!chapter || restored.current === chapterIndex) return;
    restored.current = chapterIndex;
    const pos = useBooks.getState().position;
    const at = pos && pos.chapterId === chapters[chapterIndex]?.id ? ids.indexOf(pos.paragraphId) : -1;
    virtualizer.scrollToOffset(0);
    if (at > 0) virtualizer.scrollToIndex(at, { align: 'start' });
    // Let the scroll settle (and the paragraph be measured) before going into it and reporting positions again.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const item = at >= 0 ? virtualizer.measurementsCache[at] : undefined;
        const len = at >= 0 ? Math.max(0, chars[at]!) : 0;
        if (item && pos && pos.offset > 0 && len > 0) virtualizer.scrollToOffset(item.start + (item.size * Math.min(pos.offset, len - 1)) / len);
        setReady(chapterIndex);
      }),
    );
  }, [chapter, chapterIndex, chapters, ids, chars, virtualizer]);

  // The layout changed: measure again, stay on the same paragraph.
  useEffect(() => {
    virtualizer.measure();
    const pos = useBooks.getState().position;
    const at = pos ? ids.indexOf(pos.paragraphId) : -1;
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a layout change
  }, [layout.mode, layout.fontSize, layout.lineHeight]);

  const page = useCallback(
    (dir: 1 | -1) => {
      const el = scrollRef.current;
      if (!el) return;
      if (vertical) el.scrollBy({ left: -dir * el.clientWidth * 0.9 });
      else el.scrollBy({ top: dir * el.clientHeight * 0.9 });
    },
    [vertical],
  );

  // The paging keys (shared/shortcuts.ts, as the learner bound them): not in the word panel, the contents or a
  // dialog (their keys scroll or move there), and a key that presses a control (Space, Enter) presses it.
  const pages = (e: KeyboardEvent) => {
    if (!(e.target instanceof Element)) return true;
    if (e.target.closest('.detail-panel, .book-toc, [role="dialog"]')) return false;
    return !(['Space', 'Enter'].includes(e.key === ' ' ? 'Space' : e.key) && e.target.closest('button, a[href], [role="button"], [role="radio"]'));
  };
  useShortcut('book.nextPage', (e) => (pages(e) ? page(1) : false));
  useShortcut('book.prevPage', (e) => (pages(e) ? page(-1) : false));
  // The arrows page the way they point (word mode's, asked first, move its cursor instead).
  useShortcut('book.arrows', (e) => {
    const forward = ['ArrowDown', vertical ? 'ArrowLeft' : 'ArrowRight'];
    return pages(e) ? page(forward.includes(e.key) ? 1 : -1) : false;
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
  // What re-renders the paragraphs' text (the highlights are set again after it).
  const redraw = useMemo(() => [firstIndexInView, lastIndex, withTokens, tokens, paragraphs], [firstIndexInView, lastIndex, withTokens, tokens, paragraphs]);
  useParagraphHighlight(scrollRef, WORD_HIGHLIGHT, marked, markedSpan, redraw);
  const keyboard = useBookKeyboard({
    scrollRef,
    paragraphs,
    count: ids.length,
    chapterKey: `${bookId}:${chapterIndex}`,
    tokens,
    vertical,
    firstIndex: () => {
      const el = scrollRef.current;
      // This moment's scroll position, not the last render's (vertical-rl scrolls to a negative scrollLeft).
      return firstAt(el ? (vertical ? -el.scrollLeft : el.scrollTop) : offset)?.index ?? 0;
    },
    panelOpen,
    scrollToIndex: (i) => virtualizer.scrollToIndex(i, { align: 'center' }),
    redraw,
  });
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

  if (!opened) return null;
  const firstIndex = first?.index ?? 0;
  const progress = bookProgress(
    chapters.map((c) => c.chars),
    chapterIndex,
    chars.map((n) => Math.max(0, n)),
    firstIndex,
  );
  const total = virtualizer.getTotalSize();
  const heading = bookHeading(opened.book.title, chapter?.title, chapters.length);
  const { setLayout } = useBooks.getState();

  return (
    <section className={`book-reader ${vertical ? 'is-vertical' : 'is-horizontal'}`} data-testid="book-reader" data-mode={layout.mode}>
      <div className="book-reader-bar">
        <button type="button" onClick={() => useBooks.getState().close()} data-testid="book-back">
          ← {t('books.reader.back')}
        </button>
        <button type="button" aria-pressed={tocOpen} onClick={() => setTocOpen(!tocOpen)} data-testid="book-toc-toggle">
          {t('books.reader.toc')}
        </button>
        <h1 className="book-reader-title" lang="ja" title={heading}>
          {heading}
        </h1>
        <div className="segmented" role="group" aria-label={t('books.reader.directionLabel')}>
          <button type="button" aria-pressed={!vertical} onClick={() => setLayout({ mode: 'horizontal' })} data-testid="book-mode-horizontal">
            {t('books.reader.horizontal')}
          </button>
          <button type="button" aria-pressed={vertical} onClick={() => setLayout({ mode: 'vertical' })} data-testid="book-mode-vertical">
            {t('books.reader.vertical')}
          </button>
        </div>
        <button type="button" aria-label={t('books.reader.fontSmaller')} title={t('books.reader.fontSmaller')} onClick={() => setLayout({ fontSize: Math.max(14, layout.fontSize - 2) })}>
          A−
        </button>
        <button type="button" aria-label={t('books.reader.fontLarger')} title={t('books.reader.fontLarger')} onClick={() => setLayout({ fontSize: Math.min(40, layout.fontSize + 2) })}>
          A+
        </button>
        <button type="button" aria-label={t('books.reader.lineTighter')} title={t('books.reader.lineTighter')} onClick={() => setLayout({ lineHeight: Math.max(1.3, +(layout.lineHeight - 0.2).toFixed(1)) })}>
          ≡−
        </button>
        <button type="button" aria-label={t('books.reader.lineLooser')} title={t('books.reader.lineLooser')} onClick={() => setLayout({ lineHeight: Math.min(3, +(layout.lineHeight + 0.2).toFixed(1)) })}>
          ≡+
        </button>
        <div className="segmented" role="radiogroup" aria-label={t('books.reader.furigana')}>
          {FURIGANA_MODES.map((m) => (
            <button key={m} type="button" role="radio" aria-checked={furigana === m} data-testid={`book-furigana-${m}`} onClick={() => void useSettings.getState().update({ furiganaMode: m })}>
              {t(`furigana.modes.${m}`)}
            </button>
          ))}
        </div>
        <ChapterAnalysisButton />
      </div>
      <ChapterAnalysisPanel />
      <div className="book-reader-body">
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
        <div
          ref={scrollRef}
          className={`book-scroll furigana-${furigana}`}
          tabIndex={0}
          role="region"
          aria-label={t('books.reader.keys.region')}
          aria-describedby="book-keys-hint"
          data-testid="book-scroll"
          data-word-mode={keyboard.wordMode || undefined}
          style={{ fontSize: `${layout.fontSize}px`, lineHeight: layout.lineHeight }}
          lang="ja"
          onMouseUp={onPointerUp}
        >
          {!chapter ? (
            <p className="book-loading">{t('books.reader.loading')}</p>
          ) : (
            <div className="book-track" style={vertical ? { width: total, height: '100%' } : { height: total, width: '100%' }}>
              {items.map((vi) => {
                const p = paragraphs[vi.index];
                return (
                  <div
                    key={vi.key}
                    ref={virtualizer.measureElement}
                    data-index={vi.index}
                    className="book-item"
                    style={vertical ? { transform: `translateX(${-vi.start}px)` } : { transform: `translateY(${vi.start}px)` }}
                  >
                    {p ? (
                      <BookParagraphView bookId={bookId} paragraph={p} tokens={withTokens ? tokens[p.id] : undefined} translation={translations[p.id]} keyboard={keyboard.paragraphId === p.id} />
                    ) : vi.index < ids.length ? (
                      // Its text is on the way: hold its place at the estimated size.
                      <div className="book-pending" style={vertical ? { width: vi.size } : { height: vi.size }} />
                    ) : next ? (
                      <button type="button" className="book-next" onClick={() => void useBooks.getState().goChapter(chapterIndex + 1)} data-testid="book-next-chapter">
                        {t('books.reader.nextChapter', { title: next.title })}
                      </button>
                    ) : (
                      <p className="book-end">{t('books.reader.end')}</p>
                    )}
                  </div>
                );
              })}
            </div>
          )}
        </div>
        {panelOpen && (
          <CardLinkContext.Provider value={cardLink}>
            <BookDetailPanel text={panelParagraph.text} />
          </CardLinkContext.Provider>
        )}
      </div>
      <p id="book-keys-hint" className="book-keys-hint" data-testid="book-keys-hint">
        {keyboard.wordMode
          ? t('shortcuts.hints.bookWords', { open: keyText('book.wordMode') })
          : t('shortcuts.hints.book', { wordMode: keyText('book.wordMode'), pages: [...bindings['book.prevPage'], ...bindings['book.nextPage']].map((c) => caps(c).join('+')).join('/'), help: keyText('app.help') })}
      </p>
      <p className="book-cursor-live" aria-live="polite" lang="ja" data-testid="book-cursor-word">
        {keyboard.announcement}
      </p>
      <div className="book-progressbar" role="progressbar" aria-label={t('books.reader.progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} data-testid="book-progressbar">
        <span style={{ width: `${progress * 100}%` }} />
      </div>
    </section>
  );
}
