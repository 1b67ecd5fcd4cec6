import '../../styles/coverage.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoverageSentence, CoverageWord } from '../../../../shared/contract/coverage';
import { cardSourceLabel, type CardSource } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import type { CoverageEntry } from '../../stores/coverageStore';
import { StarIcon } from '../reader/icons';
import { coverageError, percentText } from './coverageText';

const FIRST = 30;
const MORE = 100;

function WordChip({ w }: { w: CoverageWord }) {
  const { t } = useTranslation();
  return (
    <li className="coverage-word" data-testid="coverage-word">
      <span lang="ja" className="coverage-term">
        {w.term}
      </span>
      {w.reading !== w.term && (
        <span lang="ja" className="coverage-reading">
          {w.reading}
        </span>
      )}
      <span className="coverage-count">{t('coverage.times', { count: w.count })}</span>
      {w.jlpt !== undefined && <span className="coverage-tag">{t('coverage.jlpt', { level: w.jlpt })}</span>}
      {w.frequency !== undefined && <span className="coverage-tag">{t('coverage.frequency', { rank: w.frequency })}</span>}
    </li>
  );
}

/** A list shown a part at a time, most frequent first. */
function WordList({ words, testId }: { words: CoverageWord[]; testId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(FIRST);
  return (
    <>
      <ul className="coverage-words" data-testid={testId}>
        {words.slice(0, shown).map((w) => (
          <WordChip key={`${w.term}\t${w.reading}`} w={w} />
        ))}
      </ul>
      {words.length > shown && (
        <button type="button" className="link-button" onClick={() => setShown(shown + MORE)}>
          {t('coverage.more', { count: Math.min(MORE, words.length - shown) })}
        </button>
      )}
    </>
  );
}

/** The sentence with its one new word marked. */
function Marked({ s }: { s: CoverageSentence }) {
  // The word is keyed by its dictionary form: mark it when it stands in the sentence as written.
  const at = s.sentence.indexOf(s.term);
  if (at < 0) return <>{s.sentence}</>;
  return (
    <>
      {s.sentence.slice(0, at)}
      <mark>{s.term}</mark>
      {s.sentence.slice(at + s.term.length)}
    </>
  );
}

/** A book's sentence: where it is, and one click to read it there. */
function SentencePlace({ place, onOpen }: { place: CardSource; onOpen: (place: CardSource) => void }) {
  const { t } = useTranslation();
  const label = cardSourceLabel(place);
  return (
    <button type="button" className="link-button coverage-place" title={t('coverage.openAtTitle', { place: label })} data-testid="coverage-open-at" onClick={() => onOpen(place)}>
      <span lang="ja">{label}</span> · {t('coverage.openAt')}
    </button>
  );
}

function IPlusOne({ sentences, source, onOpen }: { sentences: CoverageSentence[]; source?: CardSource | undefined; onOpen?: ((place: CardSource) => void) | undefined }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(FIRST);
  const [starred, setStarred] = useState<Record<string, 'on' | 'failed'>>({});
  const star = async (s: CoverageSentence) => {
    const from = s.source ?? source;
    const r = await bridge.call('review.star', { kind: 'sentence', sentence: s.sentence, word: s.term, ...(from ? { source: from } : {}) });
    setStarred((m) => ({ ...m, [s.sentence]: r.ok ? 'on' : 'failed' }));
  };
  if (sentences.length === 0) return <p className="muted">{t('coverage.iPlusOneNone')}</p>;
  return (
    <>
      <ol className="coverage-sentences" data-testid="coverage-iplusone">
        {sentences.slice(0, shown).map((s, i) => {
          const state = starred[s.sentence];
          return (
            <li key={i} className="coverage-sentence" data-testid="coverage-sentence">
              <span lang="ja" className="coverage-sentence-text">
                <Marked s={s} />
              </span>
              {s.source && onOpen && <SentencePlace place={s.source} onOpen={onOpen} />}
              <button
                type="button"
                className={`icon-button small star${state === 'on' ? ' on' : ''}`}
                aria-label={state === 'on' ? t('coverage.starred') : t('coverage.star')}
                title={state === 'on' ? t('coverage.starred') : t('coverage.star')}
                aria-pressed={state === 'on'}
                disabled={state === 'on'}
                data-testid="coverage-star"
                onClick={() => void star(s)}
              >
                <StarIcon filled={state === 'on'} />
              </button>
              {state === 'failed' && (
                <span className="error" role="alert">
                  {t('coverage.starFailed')}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {sentences.length > shown && (
        <button type="button" className="link-button" onClick={() => setShown(shown + MORE)}>
          {t('coverage.more', { count: Math.min(MORE, sentences.length - shown) })}
        </button>
      )}
    </>
  );
}

/** Coverage of a text or book: the share known, the unknown words, the words to 95 %, the i+1 sentences. */
export function CoveragePanel({
  entry,
  source,
  onOpen,
}: {
  entry: CoverageEntry | undefined;
  source?: CardSource | undefined;
  /** Opens the book at a sentence's place (a book's panel). */
  onOpen?: ((place: CardSource) => void) | undefined;
}) {
  const { t } = useTranslation();
  if (!entry || (entry.status === 'loading' && !entry.coverage)) {
    return (
      <section className="card coverage-panel" data-testid="coverage-panel" data-state="loading" aria-busy="true">
        <p className="muted" role="status">
          {t('coverage.computing')}
        </p>
      </section>
    );
  }
  if (entry.status === 'error' && entry.error) {
    return (
      <section className="card coverage-panel" data-testid="coverage-panel" data-state="error">
        <p className="error" role="alert" data-testid="coverage-error">
          {coverageError(t, entry.error)}
        </p>
      </section>
    );
  }
  const c = entry.coverage!;
  return (
    <section className="card coverage-panel" data-testid="coverage-panel" data-state="done" aria-labelledby="coverage-heading">
      <div className="coverage-head">
        <h2 id="coverage-heading">{t('coverage.heading')}</h2>
        <p className="coverage-percent" data-testid="coverage-percent">
          {t('coverage.known', { percent: percentText(c.percent) })}
        </p>
        <div className="coverage-meter large" aria-hidden="true">
          <span className="coverage-meter-fill" style={{ width: `${c.percent}%` }} />
        </div>
        <p className="muted" data-testid="coverage-counts">
          {t('coverage.counts', { known: c.known, tokens: c.tokens, unique: c.uniqueUnknown })}
        </p>
        <p className="muted small">{t('coverage.definition')}</p>
      </div>
      <div className="coverage-columns">
        <div>
          <h3>{c.toReach95.length ? t('coverage.reachHeading', { count: c.toReach95.length }) : t('coverage.heading')}</h3>
          {c.toReach95.length ? <WordList words={c.toReach95} testId="coverage-reach95" /> : <p className="muted">{t('coverage.reached')}</p>}
          {c.unknown.length > 0 && (
            <>
              <h3>{t('coverage.unknownHeading')}</h3>
              <WordList words={c.unknown} testId="coverage-unknown" />
            </>
          )}
        </div>
        <div>
          <h3>{t('coverage.iPlusOneHeading')}</h3>
          <IPlusOne sentences={c.iPlusOne} source={source} onOpen={onOpen} />
        </div>
      </div>
    </section>
  );
}
