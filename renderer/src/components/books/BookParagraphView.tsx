import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookParagraph } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import type { ParagraphTranslation } from '../../stores/bookPanelStore';
import { useBookPanel } from '../../stores/bookPanelStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { BookImageView } from './BookImageView';
import { BookText } from './BookText';

/**
 * One paragraph: the author's ruby always, the analyzer's furigana where it has
 * come, its translation under it. Its tools float in the page's margin (BookParagraphTools).
 */
export const BookParagraphView = memo(function BookParagraphView(props: {
  bookId: number;
  paragraph: BookParagraph;
  tokens?: Token[];
  /** The tokens' readings are shown (else the tokens only carry the words' status marks). */
  furigana?: boolean;
  translation?: ParagraphTranslation;
  /** Word mode's cursor is in it: its readings show as on hover. */
  keyboard?: boolean;
}) {
  const { t } = useTranslation();
  const { paragraph: p, translation } = props;
  if (p.image) return <BookImageView bookId={props.bookId} name={p.image} label={t('books.reader.image')} />;
  const Tag = p.heading ? 'h2' : 'p';
  return (
    <>
      <Tag className={`${p.heading ? 'book-heading' : 'book-paragraph'}${props.keyboard ? ' has-cursor' : ''}`} data-paragraph-id={p.id}>
        <BookText text={p.text} ruby={p.ruby} tokens={props.tokens} gaiji={p.gaiji} furigana={props.furigana} />
      </Tag>
      {translation && (
        <div className="book-translation" data-testid="book-translation" data-for={p.id} aria-live="polite">
          {translation.status === 'loading' && <p className="muted">{t('books.reader.translating')}</p>}
          {translation.status === 'done' && <p>{translation.text}</p>}
          {translation.status === 'error' && <ErrorMessage error={translation.error} compact onRetry={() => void useBookPanel.getState().translate(p).then(() => useBookPanel.getState().translate(p))} />}
        </div>
      )}
    </>
  );
});
