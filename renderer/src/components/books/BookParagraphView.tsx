import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookParagraph } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { bookSegments } from '../../books/bookSegments';
import { useApp } from '../../stores/appStore';
import { paragraphSource } from '../../stores/booksStore';
import { useReader } from '../../stores/readerStore';
import { BookImageView } from './BookImageView';

/** One paragraph: the author's ruby always, the analyzer's furigana where it has come. */
export const BookParagraphView = memo(function BookParagraphView(props: { bookId: number; paragraph: BookParagraph; tokens?: Token[] }) {
  const { t } = useTranslation();
  const { paragraph: p } = props;
  if (p.image) return <BookImageView bookId={props.bookId} name={p.image} label={t('books.reader.image')} />;
  const Tag = p.heading ? 'h2' : 'p';
  // The reader does the rest (model analysis, translation, word panel, starring, reading aloud); the book keeps its place.
  const analyse = () => {
    useReader.getState().setInput(p.text, 'typed', paragraphSource(p.id));
    useReader.getState().analyze();
    useApp.getState().go('reader');
  };
  return (
    <Tag className={p.heading ? 'book-heading' : 'book-paragraph'} data-paragraph-id={p.id}>
      {!p.heading && (
        <button type="button" className="book-analyse" onClick={analyse} title={t('books.reader.analyse')} aria-label={t('books.reader.analyse')} data-testid="book-analyse">
          析
        </button>
      )}
      {bookSegments(p.text, p.ruby, props.tokens).map((s, i) =>
        s.rt ? (
          <ruby key={i} className={s.author ? 'author-ruby' : undefined}>
            {s.text}
            <rt>{s.rt}</rt>
          </ruby>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </Tag>
  );
});
