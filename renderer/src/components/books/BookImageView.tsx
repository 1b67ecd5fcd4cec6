import { useBookImage } from '../../books/useBookImage';

/** An illustration of the book, fetched from the core (only the book's own images exist). */
export function BookImageView(props: { bookId: number; name: string; label: string }) {
  const src = useBookImage(props.bookId, props.name);
  return <figure className="book-figure">{src ? <img src={src} alt={props.label} /> : <span className="book-figure-placeholder" />}</figure>;
}
