import { useEffect, useState, type RefObject } from 'react';

/** How near an edge of the window the pointer brings the controls back (px). */
const EDGE_PX = 48;
/** How long they stay once the pointer has left them. */
const LINGER_MS = 700;

/**
 * The immersive view's hidden controls: the bar comes back while the pointer is
 * at the top edge (or on the bar), the footer at the bottom edge, either while
 * the keyboard is in it; else they stay away from the text.
 */
export function useEdgeChrome(section: RefObject<HTMLElement | null>, enabled: boolean): 'top' | 'bottom' | null {
  const [shown, setShown] = useState<'top' | 'bottom' | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const want = (edge: 'top' | 'bottom' | null) => {
      clearTimeout(timer);
      if (edge) setShown(edge);
      else timer = setTimeout(() => setShown(null), LINGER_MS);
    };
    const onMove = (e: PointerEvent) => {
      const el = section.current;
      if (!el) return;
      const over = e.target instanceof Element ? e.target.closest('.book-reader-bar, .book-reader-footer, .book-popover') : null;
      if (e.clientY <= EDGE_PX || over?.matches('.book-reader-bar, .book-popover')) want('top');
      else if (e.clientY >= window.innerHeight - EDGE_PX || over?.matches('.book-reader-footer')) want('bottom');
      else want(null);
    };
    const onFocus = (e: FocusEvent) => {
      const t = e.target instanceof Element ? e.target : null;
      if (t?.closest('.book-reader-bar, .book-popover')) want('top');
      else if (t?.closest('.book-reader-footer')) want('bottom');
    };
    document.addEventListener('pointermove', onMove, { passive: true });
    document.addEventListener('focusin', onFocus);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('focusin', onFocus);
    };
  }, [section, enabled]);
  return enabled ? shown : null;
}
