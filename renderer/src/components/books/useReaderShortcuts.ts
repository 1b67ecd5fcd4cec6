import { nextTheme, LAYOUT_LIMITS, type BookLayout } from '../../books/readerSettings';
import { PAGE_RANK, useShortcut } from '../../keyboard/shortcuts';
import { useBooks } from '../../stores/booksStore';

/**
 * Whether a key is the book's (shared/shortcuts.ts, as the learner bound them):
 * not in the word panel, the contents or a dialog (their keys scroll or move
 * there), and a key that presses a control (Space, Enter) presses it.
 */
export function isBookKey(e: KeyboardEvent): boolean {
  if (!(e.target instanceof Element)) return true;
  if (e.target.closest('.detail-panel, .book-toc, [role="dialog"]')) return false;
  return !(['Space', 'Enter'].includes(e.key === ' ' ? 'Space' : e.key) && e.target.closest('button, a[href], [role="button"], [role="radio"]'));
}

/**
 * The book reader's keys: page turns (registered before word mode's arrows,
 * which are asked first and move its cursor instead), the one-key commands of
 * the display, contents and bookmarks, and Escape out of the immersive view once
 * nothing newer is left to close.
 */
export function useReaderShortcuts(opts: {
  layout: BookLayout;
  turn(dir: 1 | -1): void;
  toggleContents(): void;
  togglePopover(which: 'settings' | 'bookmarks'): void;
  bookmark(): void;
}): void {
  const { layout } = opts;
  const vertical = layout.mode === 'vertical';
  const { setLayout } = useBooks.getState();
  const command = (run: () => void) => (e: KeyboardEvent) => (isBookKey(e) ? run() : false);
  const fontStep = LAYOUT_LIMITS.fontSize.step;

  useShortcut('book.nextPage', command(() => opts.turn(1)));
  useShortcut('book.prevPage', command(() => opts.turn(-1)));
  // The arrows page the way they point.
  useShortcut('book.arrows', (e) => (isBookKey(e) ? opts.turn(['ArrowDown', vertical ? 'ArrowLeft' : 'ArrowRight'].includes(e.key) ? 1 : -1) : false));

  useShortcut('book.immersive', command(() => setLayout({ immersive: !layout.immersive })));
  useShortcut('book.theme', command(() => setLayout({ theme: nextTheme(layout.theme) })));
  useShortcut('book.writingMode', command(() => setLayout({ mode: vertical ? 'horizontal' : 'vertical' })));
  useShortcut('book.fontLarger', command(() => setLayout({ fontSize: layout.fontSize + fontStep })));
  useShortcut('book.fontSmaller', command(() => setLayout({ fontSize: layout.fontSize - fontStep })));
  useShortcut('book.contents', command(opts.toggleContents));
  useShortcut('book.display', command(() => opts.togglePopover('settings')));
  useShortcut('book.bookmarks', command(() => opts.togglePopover('bookmarks')));
  useShortcut('book.bookmark', command(opts.bookmark));
  useShortcut('app.close', () => setLayout({ immersive: false }), layout.immersive, PAGE_RANK);
}
