import type { BookSummary } from '../../../../shared/contract/books';
import { useBookImage } from '../../books/useBookImage';

/** A hue from the title, so a book without a cover still has its own colour. */
const hueOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 360, 7);

/** The book's own cover when it has one, else one drawn from its title and author. */
export function BookCover({ book }: { book: Pick<BookSummary, 'id' | 'title' | 'author' | 'cover'> }) {
  const src = useBookImage(book.id, book.cover);

  if (src) return <img className="book-cover" src={src} alt="" data-testid="book-cover-image" />;
  const hue = hueOf(book.title);
  return (
    <div className="book-cover book-cover-generated" style={{ background: `linear-gradient(160deg, hsl(${hue} 45% 42%), hsl(${(hue + 40) % 360} 50% 28%))` }} aria-hidden="true">
      <span className="book-cover-title" lang="ja">{book.title}</span>
      {book.author && <span className="book-cover-author" lang="ja">{book.author}</span>}
    </div>
  );
}
