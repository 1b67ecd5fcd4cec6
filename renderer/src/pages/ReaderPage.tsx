import '../styles/reading.css';
import { useTranslation } from 'react-i18next';
import { cardSourceLabel } from '../../../shared/contract/review';
import { DailyCard } from '../components/daily/DailyCard';
import { DetailPanel } from '../components/detail/DetailPanel';
import { Welcome } from '../components/firstRun/Welcome';
import { useDetailStar } from '../components/review/useDetailStar';
import { InputCard } from '../components/reader/InputCard';
import { ReadingCard } from '../components/reader/ReadingCard';
import { TranslationCard } from '../components/reader/TranslationCard';
import { useDetail } from '../stores/detailStore';
import { useReader } from '../stores/readerStore';
import { TextCoverage } from '../components/coverage/TextCoverage';

/** The start page and the reader: input, the analysed text, its translation, and the word panel. */
export function ReaderPage() {
  const { t } = useTranslation();
  const hasDoc = useReader((s) => s.doc !== null);
  const panelOpen = useDetail((s) => s.target !== null);
  const book = useReader((s) => s.doc?.book);
  const docText = useReader((s) => s.doc?.text ?? '');
  const star = useDetailStar();
  return (
    <section className="reader" aria-labelledby="reader-heading">
      <h1 id="reader-heading" className="page-title">
        {t('reader.heading')}
      </h1>
      <div className={`reader-layout${panelOpen ? ' with-panel' : ''}`}>
        <div className="reader-main">
          <Welcome />
          <InputCard />
          {hasDoc ? (
            <>
              {book && (
                <p className="muted reader-book-source" lang="ja" data-testid="reader-book-source">
                  {t('books.reader.fromBook', { source: cardSourceLabel(book) })}
                </p>
              )}
              <TextCoverage text={docText} />
              <ReadingCard />
              <TranslationCard />
            </>
          ) : (
            <DailyCard />
          )}
        </div>
        <DetailPanel {...star} />
      </div>
    </section>
  );
}
