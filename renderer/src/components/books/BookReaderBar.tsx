import { memo, useCallback, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FURIGANA_MODES } from '../../../../shared/settings';
import type { ShortcutId } from '../../../../shared/shortcuts';
import type { BookLayout } from '../../books/readerSettings';
import { useKeyText } from '../../keyboard/shortcuts';
import { useBooks } from '../../stores/booksStore';
import { useSettings } from '../../stores/settingsStore';
import { toggleFullScreen } from '../../window/fullScreen';
import { BookCoverage } from '../coverage/BookCoverage';
import { BookBookmarks } from './BookBookmarks';
import { BookmarkIcon, ExpandIcon, TypeIcon } from './bookIcons';
import { BookReaderSettings } from './BookReaderSettings';
import { ChapterAnalysisButton } from './ChapterAnalysis';
import { useDismiss } from './usePopover';

type Popover = 'settings' | 'bookmarks' | 'coverage';

/** A bar button with the popover it opens under it. */
function PopoverButton({ ref, which, label, title, icon, open, setOpen, testId, children }: {
  ref: RefObject<HTMLButtonElement | null>;
  which: Popover;
  label: string;
  title: string;
  icon: ReactNode;
  open: Popover | null;
  setOpen(p: Popover | null): void;
  testId: string;
  children: ReactNode;
}) {
  const isOpen = open === which;
  return (
    <div className="book-popover-anchor">
      <button ref={ref} type="button" className="icon-text" aria-expanded={isOpen} title={title} onClick={() => setOpen(isOpen ? null : which)} data-testid={testId}>
        {icon} {label}
      </button>
      {isOpen && children}
    </div>
  );
}

/**
 * The reader's controls: back to the library, contents, bookmarks, display, immersive view, writing mode, furigana.
 * Memoized: a page turn re-renders the reader, never its bar.
 */
export const BookReaderBar = memo(function BookReaderBar(props: {
  heading: string;
  layout: BookLayout;
  tocOpen: boolean;
  onToc(): void;
  popover: Popover | null;
  setPopover(p: Popover | null): void;
}) {
  const { t } = useTranslation();
  const { layout, popover, setPopover } = props;
  const vertical = layout.mode === 'vertical';
  const furigana = useSettings((s) => s.settings.furiganaMode);
  const { setLayout } = useBooks.getState();
  const settingsButton = useRef<HTMLButtonElement>(null);
  const marksButton = useRef<HTMLButtonElement>(null);
  const coverageButton = useRef<HTMLButtonElement>(null);
  const bookId = useBooks((s) => s.opened?.book.id);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setPopover(null), [setPopover]);
  useDismiss(popover !== null, close, panel, popover === 'settings' ? settingsButton : popover === 'coverage' ? coverageButton : marksButton);
  const keyText = useKeyText();
  // A button's name with its key, as the learner bound it (just the name when it has none).
  const titled = (label: string, action: ShortcutId) => (keyText(action) ? t('books.reader.withKeys', { label, keys: keyText(action) }) : label);

  return (
    <div className="book-reader-bar" data-testid="book-reader-bar">
      <button type="button" onClick={() => useBooks.getState().close()} data-testid="book-back">
        ← {t('books.reader.back')}
      </button>
      <button type="button" aria-pressed={props.tocOpen} onClick={props.onToc} title={titled(t('books.reader.toc'), 'book.contents')} data-testid="book-toc-toggle">
        {t('books.reader.toc')}
      </button>
      <h1 className="book-reader-title" lang="ja" title={props.heading}>
        {props.heading}
      </h1>
      <PopoverButton
        which="bookmarks"
        label={t('books.reader.bookmarks')}
        title={titled(t('books.reader.bookmarks'), 'book.bookmarks')}
        icon={<BookmarkIcon />}
        ref={marksButton}
        open={popover}
        setOpen={setPopover}
        testId="book-bookmarks-toggle"
      >
        <BookBookmarks ref={panel} onJumped={close} />
      </PopoverButton>
      {bookId !== undefined && (
        <PopoverButton
          which="coverage"
          label={t('coverage.show')}
          title={t('coverage.heading')}
          icon={null}
          ref={coverageButton}
          open={popover}
          setOpen={setPopover}
          testId="book-coverage-toggle"
        >
          <BookCoverage ref={panel} bookId={bookId} onOpened={close} />
        </PopoverButton>
      )}
      <PopoverButton
        which="settings"
        label={t('books.reader.settings')}
        title={titled(t('books.reader.settingsTitle'), 'book.display')}
        icon={<TypeIcon />}
        ref={settingsButton}
        open={popover}
        setOpen={setPopover}
        testId="book-settings-toggle"
      >
        <BookReaderSettings ref={panel} layout={layout} />
      </PopoverButton>
      <button
        type="button"
        className="icon-button"
        aria-pressed={layout.immersive}
        aria-label={t('books.reader.immersive')}
        title={titled(t('books.reader.immersive'), 'book.immersive')}
        onClick={() => setLayout({ immersive: !layout.immersive })}
        data-testid="book-immersive"
      >
        <ExpandIcon />
      </button>
      {layout.immersive && (
        <button type="button" title={titled(t('books.reader.fullScreen'), 'app.fullScreen')} onClick={() => void toggleFullScreen()} data-testid="book-fullscreen">
          {t('books.reader.fullScreen')}
        </button>
      )}
      <div className="segmented" role="group" aria-label={t('books.reader.directionLabel')} title={keyText('book.writingMode') || undefined}>
        <button type="button" aria-pressed={!vertical} onClick={() => setLayout({ mode: 'horizontal' })} data-testid="book-mode-horizontal">
          {t('books.reader.horizontal')}
        </button>
        <button type="button" aria-pressed={vertical} onClick={() => setLayout({ mode: 'vertical' })} data-testid="book-mode-vertical">
          {t('books.reader.vertical')}
        </button>
      </div>
      <div className="segmented" role="radiogroup" aria-label={t('books.reader.furigana')}>
        {FURIGANA_MODES.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={furigana === m} data-testid={`book-furigana-${m}`} onClick={() => void useSettings.getState().update({ furiganaMode: m })}>
            {t(`furigana.modes.${m}`)}
          </button>
        ))}
      </div>
      <ChapterAnalysisButton />
    </div>
  );
});
