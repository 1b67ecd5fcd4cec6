import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookGaiji, BookRuby } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { bookSegments } from '../../books/bookSegments';
import { useReadings } from '../../stores/readingsStore';
import { paintedStatus } from '../../stores/wordStatusStore';

/** A counted word's piece carries its key and status (marks and "unknown words only" furigana are CSS over them). */
const statusAttrs = (wk: string | undefined) => (wk === undefined ? {} : { 'data-wk': wk, 'data-ws': paintedStatus(wk) });

/**
 * A paragraph's text as shown: the author's ruby, the analyzer's furigana where
 * tokens are given (unless `furigana` is false: then the tokens only carry the words' marks), a described gaiji as a small ※ with its description. The
 * one place the book page renders words (marks on words plug in here).
 */
export const BookText = memo(function BookText(props: { text: string; ruby?: BookRuby[]; tokens?: Token[]; gaiji?: BookGaiji[]; furigana?: boolean }) {
  const { t } = useTranslation();
  // Readings the learner corrected by hand, over the analyzer's.
  const readings = useReadings((s) => s.byWord);
  return (
    <>
      {bookSegments(props.text, props.ruby, props.tokens, readings, props.gaiji, props.furigana ?? true).map((s, i) =>
        s.rt ? (
          <ruby key={i} className={s.author ? 'author-ruby' : undefined} title={s.gaiji} {...statusAttrs(s.wk)}>
            {s.text}
            <rt>{s.rt}</rt>
          </ruby>
        ) : s.gaiji ? (
          <span key={i} className="book-gaiji" title={s.gaiji} role="img" aria-label={t('books.reader.gaiji', { description: s.gaiji })}>
            {s.text}
          </span>
        ) : s.wk === undefined ? (
          // Plain text is a text node, not an element: a page holds fewer elements to lay out and keep rendered ahead.
          s.text
        ) : (
          <span key={i} {...statusAttrs(s.wk)}>
            {s.text}
          </span>
        ),
      )}
    </>
  );
});
