import { useEffect, useState } from 'react';
import { bridge } from '../bridge';

/** A cover or illustration of a book as a data URL, once the core has sent it (null until then, or without a name). */
export function useBookImage(bookId: number, name: string | undefined): string | null {
  const [src, setSrc] = useState<{ key: string; url: string } | null>(null);
  const key = `${bookId}/${name ?? ''}`;
  useEffect(() => {
    if (!name) return;
    let live = true;
    void bridge.call('books.image', bookId, name).then((r) => {
      if (live && r.ok) setSrc({ key: `${bookId}/${name}`, url: r.value.dataUrl });
    });
    return () => {
      live = false;
    };
  }, [bookId, name]);
  return src?.key === key ? src.url : null;
}
