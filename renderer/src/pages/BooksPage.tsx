import '../styles/books.css';
import { BookLibrary } from '../components/books/BookLibrary';
import { BookReader } from '../components/books/BookReader';
import { useBooks } from '../stores/booksStore';

/** The library of books, or the book being read. */
export function BooksPage() {
  const reading = useBooks((s) => s.opened !== null);
  return reading ? <BookReader /> : <BookLibrary />;
}
