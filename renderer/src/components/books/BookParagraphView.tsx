import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookParagraph } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { bookSegments } from '../../books/bookSegments';
import { useApp } from '../../stores/appStore';
import { useAudio } from '../../stores/audioStore';
import type { ParagraphTranslation } from '../../stores/bookPanelStore';
import { useBookPanel } from '../../stores/bookPanelStore';
import { paragraphSource } from '../../stores/booksStore';
import { useReader } from '../../stores/readerStore';
import { useReadings } from '../../stores/readingsStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { BookImageView } from './BookImageView';

/**
 * One paragraph: the author's ruby always, the analyzer's furigana where it has
 * come; its tools (translate, read aloud, the reader) on hover, its translation under it.
 */
export const BookParagraphView = memo(function BookParagraphView(props: {
  bookId: number;
  paragraph: BookParagraph;
  tokens?: Token[];
  translation?: ParagraphTranslation;
  /** Word mode's cursor is in it: its readings show as on hover. */
  keyboard?: boolean;
}) {
  const { t } = useTranslation();
  const readings = useReadings((s) => s.byWord);
  const { paragraph: p, translation } = props;
  if (p.image) return <BookImageView bookId={props.bookId} name={p.image} label={t('books.reader.image')} />;
  const Tag = p.heading ? 'h2' : 'p';
  // The reader page for the whole paragraph (model analysis with its toolbar); the book keeps its place.
  const analyse = () => {
    useReader.getState().setInput(p.text, 'typed', paragraphSource(p.id));
    useReader.getState().analyze();
    useApp.getState().go('reader');
  };
  const tool = (label: string, testId: string, onClick: () => void, glyph: string, pressed?: boolean) => (
    <button type="button" className="book-tool" onClick={onClick} title={label} aria-label={label} aria-pressed={pressed} data-testid={testId}>
      {glyph}
    </button>
  );
  return (
    <>
      <Tag className={`${p.heading ? 'book-heading' : 'book-paragraph'}${props.keyboard ? ' has-cursor' : ''}`} data-paragraph-id={p.id}>
        {!p.heading && (
          <span className="book-tools">
            {tool(t('books.reader.analyse'), 'book-analyse', analyse, '析')}
            {tool(t('books.reader.translate'), 'book-translate', () => void useBookPanel.getState().translate(p), '訳', translation !== undefined)}
            {tool(t('books.reader.readAloud'), 'book-read-aloud', () => useAudio.getState().play(p.text, 'sentence'), '♪')}
          </span>
        )}
        {bookSegments(p.text, p.ruby, props.tokens, readings).map((s, i) =>
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
      {translation && (
        <div className="book-translation" data-testid="book-translation" aria-live="polite">
          {translation.status === 'loading' && <p className="muted">{t('books.reader.translating')}</p>}
          {translation.status === 'done' && <p>{translation.text}</p>}
          {translation.status === 'error' && <ErrorMessage error={translation.error} compact onRetry={() => void useBookPanel.getState().translate(p).then(() => useBookPanel.getState().translate(p))} />}
        </div>
      )}
    </>
  );
});
