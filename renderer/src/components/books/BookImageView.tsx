import { useEffect, useState } from 'react';
import { bridge } from '../../bridge';

/** An illustration of the book, fetched from the core (only the book's own images exist). */
export function BookImageView(props: { bookId: number; name: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void bridge.call('books.image', props.bookId, props.name).then((r) => {
      if (live && r.ok) setSrc(r.value.dataUrl);
    });
    return () => {
      live = false;
    };
  }, [props.bookId, props.name]);
  return <figure className="book-figure">{src ? <img src={src} alt={props.label} /> : <span className="book-figure-placeholder" />}</figure>;
}
