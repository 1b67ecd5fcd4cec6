import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookParagraph } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { bookSegments } from '../../books/bookSegments';
import { BookImageView } from './BookImageView';

/** One paragraph: the author's ruby always, the analyzer's furigana where it has come. */
export const BookParagraphView = memo(function BookParagraphView(props: { bookId: number; paragraph: BookParagraph; tokens?: Token[] }) {
  const { t } = useTranslation();
  const { paragraph: p } = props;
  if (p.image) return <BookImageView bookId={props.bookId} name={p.image} label={t('books.reader.image')} />;
  const Tag = p.heading ? 'h2' : 'p';
  return (
    <Tag className={p.heading ? 'book-heading' : 'book-paragraph'} data-paragraph-id={p.id}>
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
