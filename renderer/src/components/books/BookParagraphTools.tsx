import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookParagraph } from '../../../../shared/contract/books';
import { useApp } from '../../stores/appStore';
import { useAudio } from '../../stores/audioStore';
import { useBookPanel } from '../../stores/bookPanelStore';
import { paragraphSource } from '../../stores/booksStore';
import { useReader } from '../../stores/readerStore';
import { AnalyseIcon, SpeakerIcon, TranslateIcon } from './bookIcons';
import { whenIdle } from '../../scheduling/whenIdle';

/** Room between the tools and the page. */
const GAP_PX = 6;

/**
 * The tools of the paragraph under the pointer (or the keyboard's word), in the
 * page's margin: above its first column in view in vertical text, left of its
 * first line in view in horizontal text. Outside the text's own box, they never
 * cover a character. They stay while the pointer goes from the text to them.
 */
export function BookParagraphTools(props: {
  frameRef: RefObject<HTMLElement | null>;
  scrollRef: RefObject<HTMLElement | null>;
  paragraphs: ReadonlyArray<BookParagraph | undefined>;
  vertical: boolean;
  /** The paragraph of word mode's cursor. */
  cursorParagraphId: number | null;
  /** Changes whenever the page moved or re-rendered. */
  redraw: unknown;
}) {
  const { t } = useTranslation();
  const { frameRef, scrollRef, vertical, cursorParagraphId } = props;
  const [hovered, setHovered] = useState<number | null>(null);
  // In word mode, the keyboard's paragraph; else the one the pointer was last over.
  const target = cursorParagraphId ?? hovered;
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const translations = useBookPanel((s) => s.translations);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // A page turn moves paragraphs under a resting pointer: that is not the learner pointing at one
    // (and the turn's frame stays free of React). The next move of the pointer counts again.
    let still = false;
    // Where the page was when the pointer last counted: the hover events of a turn's frame come before its scroll event.
    let left = el.scrollLeft;
    let top = el.scrollTop;
    const scrolledSince = () => el.scrollLeft !== left || el.scrollTop !== top;
    const take = (e: Event) => {
      left = el.scrollLeft;
      top = el.scrollTop;
      const host = e.target instanceof Element ? e.target.closest<HTMLElement>('.book-paragraph[data-paragraph-id]') : null;
      if (host) setHovered(Number(host.dataset.paragraphId));
    };
    const over = (e: MouseEvent) => {
      if (scrolledSince()) still = true;
      if (!still) take(e);
    };
    const move = (e: PointerEvent) => {
      if (!still && !scrolledSince()) return;
      still = false;
      take(e);
    };
    const scrolled = () => void (still = true);
    el.addEventListener('mouseover', over);
    el.addEventListener('pointermove', move, { passive: true });
    el.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      el.removeEventListener('mouseover', over);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('scroll', scrolled);
    };
  }, [scrollRef]);

  useLayoutEffect(() => {
    const scroll = scrollRef.current;
    const frame = frameRef.current;
    if (!scroll || !frame || target === null) {
      setAt(null);
      return;
    }
    let cancel: (() => void) | null = null;
    const place = () => {
      cancel = null;
      const host = scroll.querySelector<HTMLElement>(`.book-paragraph[data-paragraph-id="${target}"]`);
      const tools = ref.current;
      if (!host) return setAt(null);
      const p = host.getBoundingClientRect();
      const s = scroll.getBoundingClientRect();
      const f = frame.getBoundingClientRect();
      if (p.right <= s.left || p.left >= s.right || p.bottom <= s.top || p.top >= s.bottom) return setAt(null);
      const w = tools?.offsetWidth ?? 0;
      const h = tools?.offsetHeight ?? 0;
      // Offsets in the frame's padding box, where the tools are placed.
      const x0 = f.left + frame.clientLeft;
      const y0 = f.top + frame.clientTop;
      const next = vertical
        ? { left: Math.max(s.left, Math.min(p.right, s.right) - w) - x0, top: s.top - y0 - h - GAP_PX }
        : { left: s.left - x0 - w - GAP_PX, top: Math.max(p.top, s.top) - y0 };
      setAt((was) => (was && was.left === next.left && was.top === next.top ? was : next));
    };
    place();
    // After a scroll, once its frame is painted: a page turn paints without React (the tools sit in the margin, over no text, meanwhile).
    const later = () => void (cancel ??= whenIdle(place));
    scroll.addEventListener('scroll', later, { passive: true });
    return () => {
      scroll.removeEventListener('scroll', later);
      cancel?.();
    };
  }, [target, vertical, scrollRef, frameRef, props.redraw, translations]);

  const p = target === null ? undefined : props.paragraphs.find((x) => x?.id === target);
  if (!p || p.image || p.heading) return null;
  // The reader page for the whole paragraph (model analysis with its toolbar); the book keeps its place.
  const analyse = () => {
    useReader.getState().setInput(p.text, 'typed', paragraphSource(p.id));
    useReader.getState().analyze();
    useApp.getState().go('reader');
  };
  const tool = (label: string, testId: string, onClick: () => void, icon: React.ReactNode, pressed?: boolean) => (
    <button type="button" className="book-tool" onClick={onClick} title={label} aria-label={label} aria-pressed={pressed} data-testid={testId}>
      {icon}
    </button>
  );
  return (
    <div
      ref={ref}
      className={`book-tools ${vertical ? 'is-row' : 'is-column'}`}
      role="toolbar"
      aria-label={t('books.reader.tools')}
      data-testid="book-tools"
      data-paragraph={p.id}
      style={at ? { left: at.left, top: at.top } : { visibility: 'hidden' }}
    >
      {tool(t('books.reader.analyse'), 'book-analyse', analyse, <AnalyseIcon />)}
      {tool(t('books.reader.translate'), 'book-translate', () => void useBookPanel.getState().translate(p), <TranslateIcon />, translations[p.id] !== undefined)}
      {tool(t('books.reader.readAloud'), 'book-read-aloud', () => useAudio.getState().play(p.text, 'sentence'), <SpeakerIcon />)}
    </div>
  );
}
