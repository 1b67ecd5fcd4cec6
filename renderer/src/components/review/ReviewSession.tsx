import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cardSourceLabel, GRADES, type DueCard, type Grade } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import { formatTime, intervalParts } from '../../library/format';
import { useAudio } from '../../stores/audioStore';
import { useReview } from '../../stores/reviewStore';
import { RubyTokens } from '../history/RubyTokens';

/** Cached audio under any voice first, so a card plays offline even after the voice was changed. */
const reviewAudio = (text: string) => bridge.call('review.audio', { text });

/** The sentence as plain text (no furigana), the starred word marked. */
function Prompt({ card }: { card: DueCard }) {
  const at = card.kind === 'word' && card.word ? card.sentence.indexOf(card.word) : -1;
  return (
    <p className="review-sentence" lang="ja" data-testid="review-sentence">
      {at < 0 ? (
        card.sentence
      ) : (
        <>
          {card.sentence.slice(0, at)}
          <mark>{card.word}</mark>
          {card.sentence.slice(at + card.word.length)}
        </>
      )}
    </p>
  );
}

const isTyping = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** One card at a time: Space reveals the reading (sentence cards: furigana), meaning and translation; 1–4 grade it. */
export function ReviewSession() {
  const { t } = useTranslation();
  const queue = useReview((s) => s.queue);
  const revealed = useReview((s) => s.revealed);
  const busy = useReview((s) => s.busy);
  const nextDue = useReview((s) => s.nextDue);
  const total = useReview((s) => s.stats?.total ?? 0);
  const audioWhat = useAudio((s) => s.what);
  const card = queue[0];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const review = useReview.getState();
      if (e.key === ' ' && !review.revealed) {
        e.preventDefault();
        review.reveal();
      } else if (review.revealed && ['1', '2', '3', '4'].includes(e.key)) {
        e.preventDefault();
        void review.grade(Number(e.key) as Grade);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!card) {
    return (
      <div className="card review-done" data-testid="review-done">
        <p>{total === 0 ? t('review.empty') : t('review.done')}</p>
        {total > 0 && nextDue !== null && <p className="muted">{t('review.nextDue', { time: formatTime(nextDue) })}</p>}
        {total > 0 && (
          <button type="button" onClick={() => void useReview.getState().load()}>
            {t('review.again')}
          </button>
        )}
      </div>
    );
  }

  const interval = (g: Grade) => {
    const { unit, n } = intervalParts(card.intervals[g]);
    return t(`review.units.${unit}`, { n });
  };
  const playing = audioWhat === 'sentence';
  return (
    <article className="card review-card" data-testid="review-card" data-card-id={card.id} aria-live="polite">
      <div className="review-card-head">
        <span className="card-kicker">{t(`review.kinds.${card.kind}`)}</span>
        <span className="muted" data-testid="review-left">
          {t('review.left', { count: queue.length })}
        </span>
      </div>
      {card.kind === 'word' && (
        <p className="review-word" lang="ja">
          {card.word}
        </p>
      )}
      <Prompt card={card} />
      {card.source && (
        <p className="muted review-source" lang="ja" data-testid="review-source">
          {t('books.reader.fromBook', { source: cardSourceLabel(card.source) })}
        </p>
      )}
      {!revealed ? (
        <div className="review-actions">
          <button type="button" className="primary" data-testid="review-show" onClick={() => useReview.getState().reveal()}>
            {t('review.show')} <kbd>Space</kbd>
          </button>
          <p className="muted review-keys">{t('review.keysHelp')}</p>
        </div>
      ) : (
        <>
          <dl className="review-answer" data-testid="review-answer">
            {card.kind === 'sentence' && card.tokens && (
              <div>
                <dt>{t('review.withReadings')}</dt>
                <dd data-testid="review-furigana">
                  <RubyTokens tokens={card.tokens} />
                </dd>
              </div>
            )}
            {card.reading && (
              <div>
                <dt>{t('review.reading')}</dt>
                <dd lang="ja" data-testid="review-reading">
                  {card.reading}
                </dd>
              </div>
            )}
            {card.meaning && (
              <div>
                <dt>{t('review.meaning')}</dt>
                <dd data-testid="review-meaning">{card.meaning}</dd>
              </div>
            )}
            {card.translation && (
              <div>
                <dt>{t('review.translation')}</dt>
                <dd data-testid="review-translation">{card.translation}</dd>
              </div>
            )}
          </dl>
          <div className="review-actions">
            <button
              type="button"
              data-testid="review-play"
              onClick={() => (playing ? useAudio.getState().stop() : useAudio.getState().play(card.sentence, 'sentence', reviewAudio))}
            >
              {playing ? t('review.stop') : t('review.play')}
            </button>
            <button type="button" className="link-button" onClick={() => void useReview.getState().remove()} disabled={busy}>
              {t('review.remove')}
            </button>
          </div>
          <div className="review-grades" role="group" aria-label={t('review.heading')}>
            {GRADES.map((g) => (
              <button
                key={g}
                type="button"
                className={`review-grade grade-${g}`}
                data-testid={`review-grade-${g}`}
                disabled={busy}
                title={t('review.gradeTitle', { grade: t(`review.grades.${g}`), key: g, interval: interval(g) })}
                onClick={() => void useReview.getState().grade(g)}
              >
                <span className="review-grade-name">{t(`review.grades.${g}`)}</span>
                <span className="review-grade-interval">{interval(g)}</span>
                <kbd>{g}</kbd>
              </button>
            ))}
          </div>
        </>
      )}
    </article>
  );
}
