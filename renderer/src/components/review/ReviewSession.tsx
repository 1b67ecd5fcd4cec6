import { useTranslation } from 'react-i18next';
import { cardSourceLabel, GRADES, type DueCard, type Grade } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import { ChordCaps } from '../../keyboard/KeyCaps';
import { useBindings, useKeyText, useShortcut } from '../../keyboard/shortcuts';
import { formatTime, intervalParts } from '../../library/format';
import { useAudio } from '../../stores/audioStore';
import { useReview } from '../../stores/reviewStore';
import { RubyTokens } from '../history/RubyTokens';

/** Cached audio under any voice first, so a card plays offline even after the voice was changed. */
const reviewAudio = (text: string) => bridge.call('review.audio', { text });

/** The sentence as plain text (no furigana), the starred word marked (a sentence card's word too: an i+1 sentence's new word). */
function Prompt({ card }: { card: DueCard }) {
  const at = card.word ? card.sentence.indexOf(card.word) : -1;
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

/** The shortcut of each grade (shared/shortcuts.ts). */
const GRADE_ACTIONS = { 1: 'review.again', 2: 'review.hard', 3: 'review.good', 4: 'review.easy' } as const satisfies Record<Grade, string>;

/** A grade's key grades the card once its answer shows. */
function useGradeKey(g: Grade) {
  useShortcut(GRADE_ACTIONS[g], () => {
    const review = useReview.getState();
    if (!review.revealed || !review.queue[0]) return false;
    void review.grade(g);
  });
}

/** The keys that say how to review: the reveal key, and the grades' (1–4 when they follow on). */
function useReviewKeysHint(): string {
  const { t } = useTranslation();
  const keyText = useKeyText();
  const reveal = keyText('review.reveal');
  const grades = GRADES.map((g) => keyText(GRADE_ACTIONS[g]));
  const run = grades.every((k, i) => k === String(i + 1));
  return t('shortcuts.hints.review', { reveal, grades: run ? '1–4' : grades.filter(Boolean).join(' / ') });
}

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

  useShortcut('review.reveal', () => {
    const review = useReview.getState();
    if (review.revealed || !review.queue[0]) return false;
    review.reveal();
  });
  useGradeKey(1);
  useGradeKey(2);
  useGradeKey(3);
  useGradeKey(4);
  const bindings = useBindings();
  const keyText = useKeyText();
  const revealKey = bindings['review.reveal'][0];
  const gradeKeys = GRADES.map((g) => bindings[GRADE_ACTIONS[g]][0]);
  const keysHint = useReviewKeysHint();

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
            {t('review.show')} {revealKey && <ChordCaps chord={revealKey} />}
          </button>
          <p className="muted review-keys">{keysHint}</p>
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
                title={t('review.gradeTitle', { grade: t(`review.grades.${g}`), key: keyText(GRADE_ACTIONS[g]), interval: interval(g) })}
                onClick={() => void useReview.getState().grade(g)}
              >
                <span className="review-grade-name">{t(`review.grades.${g}`)}</span>
                <span className="review-grade-interval">{interval(g)}</span>
                {gradeKeys[g - 1] && <ChordCaps chord={gradeKeys[g - 1]!} />}
              </button>
            ))}
          </div>
        </>
      )}
    </article>
  );
}
