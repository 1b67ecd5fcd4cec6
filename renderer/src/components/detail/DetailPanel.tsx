import { useEffect, useRef } from 'react';
import { AudioErrorNotice } from '../audio/AudioErrorNotice';
import { useTranslation } from 'react-i18next';
import type { PhraseDetail } from '../../../../shared/domain';
import type { StarredState } from '../../../../shared/contract/review';
import { InReviewMark } from '../cards/InReviewMark';
import { choiceKey, useCardChoice } from '../cards/cardChoice';
import { isMissingKey } from '../../../../shared/result';
import { useShortcut } from '../../keyboard/shortcuts';
import { toHiragana } from '../../reader/kana';
import { romajiOf } from '../../reader/romaji';
import { correctedPos } from '../../reader/posGroupOf';
import { modelHeadwordMatches } from '../../../../shared/modelCorrection';
import { needsRuby, rubyParts } from '../../reader/ruby';
import { sentenceAround } from '../../reader/sentences';
import { useAudio } from '../../stores/audioStore';
import { useDetail, type DetailTarget } from '../../stores/detailStore';
import { useReader } from '../../stores/readerStore';
import { CloseIcon, PlayIcon, RefreshIcon, StarIcon, StopIcon } from '../reader/icons';
import { NoKeyInvite } from '../firstRun/NoKeyInvite';
import { SentenceStarButton } from '../review/SentenceStarButton';
import { ErrorMessage } from '../status/ErrorMessage';
import { DetailFields } from './DetailFields';
import { DictionaryEntries } from '../dictionary/DictionaryEntries';
import { ReadingLine } from './ReadingLine';
import { WordStatusControl } from '../words/WordStatusControl';
import { hasKanji } from '../../reader/kana';
import { useReadings, withReading } from '../../stores/readingsStore';

export interface DetailPanelProps {
  /** Saves the word or phrase for review. Without it the star is shown, unavailable. */
  onStar?: (target: DetailTarget, detail: Partial<PhraseDetail>) => void;
  /** Whether the current target is already starred. */
  starred?: boolean;
  /** The card it is, when starred: "in review since …". */
  starredState?: StarredState | null;
  /** The text the target lies in, when it is not the reader's document (a book paragraph). */
  text?: string;
}

function Heading({ target, readings }: { target: DetailTarget; readings: Readonly<Record<string, string>> }) {
  if (target.kind === 'phrase') return <>{target.phrase}</>;
  const t = withReading(target.token, readings);
  if (!needsRuby(t)) return <>{t.word}</>;
  return (
    <>
      {rubyParts(t.word, t.furigana).map((p, i) =>
        p.rt ? (
          <ruby key={i}>
            {p.base}
            <rt>{p.rt}</rt>
          </ruby>
        ) : (
          p.base
        ),
      )}
    </>
  );
}

/** Closes the panel and gives focus back to the word it was about, if it is on screen. */
function closeAndRefocus(target: DetailTarget): void {
  const start = target.kind === 'word' ? target.token.start : target.tokens[0]?.start;
  useDetail.getState().close();
  document.querySelector<HTMLElement>(`[data-s="${start}"]`)?.focus();
}

/**
 * Word or phrase detail beside the text (a bottom sheet on narrow windows),
 * streaming field by field. Opening it for a word moves focus to its heading;
 * Esc or the close button close it and give focus back to the word.
 */
export function DetailPanel({ onStar, starred = false, starredState = null, text }: DetailPanelProps) {
  const { t } = useTranslation();
  const target = useDetail((s) => s.target);
  const detail = useDetail((s) => s.detail);
  const status = useDetail((s) => s.status);
  const source = useDetail((s) => s.source);
  const modelError = useDetail((s) => s.modelError);
  const error = useDetail((s) => s.error);
  const audioWhat = useAudio((s) => s.what);
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(false);
  const readings = useReadings((s) => s.byWord);
  const cardChoice = useCardChoice();

  // A word's panel takes focus when it opens. A phrase does not: Shift+Arrow keeps growing it from the text.
  useEffect(() => {
    if (target && !wasOpen.current && target.kind === 'word') headingRef.current?.focus({ preventScroll: true });
    wasOpen.current = target !== null;
  }, [target]);

  // Esc closes the panel (after anything opened over it: the dispatcher asks the newest first).
  useShortcut('app.close', () => (target ? closeAndRefocus(target) : false), target !== null);

  if (!target) return null;
  const loading = status === 'loading';
  const phrase = target.kind === 'phrase';
  const word = target.kind === 'word' ? target.token.word : target.phrase;
  // The learner's reading of the word, when they corrected it, over the analysis's and the model's.
  const learnerReading = target.kind === 'word' ? readings[target.token.word] : undefined;
  const reading = target.kind === 'word' ? withReading(target.token, readings).furigana : '';
  const modelReading = detail.furigana?.trim() ?? '';
  // The model may name another part of speech or reading than the analysis. It corrects the analysis only when
  // it speaks of the clicked word (its headword is the word or its dictionary form); else it is the model's opinion.
  const modelAnswered = target.kind === 'word' && status === 'done' && source !== 'offline';
  const posDiffers = modelAnswered ? correctedPos(target.token.pos, detail.pos) : null;
  const readingDiffersFromModel = modelAnswered && learnerReading === undefined && modelReading !== '' && needsRuby(target.token) && toHiragana(modelReading) !== toHiragana(reading);
  const aboutWord = target.kind === 'word' && modelHeadwordMatches(target.token, detail.dictionaryForm);
  const posFix = aboutWord ? posDiffers : null;
  const readingDiffers = aboutWord && readingDiffersFromModel;
  const opinion = !aboutWord && (posDiffers !== null || readingDiffersFromModel);
  // The card's meaning is a dictionary sense unless the learner picks the model's (only a model speaking of this word).
  const cardKey = choiceKey(word, target.sentence);
  const usingModel = cardChoice.key === cardKey && cardChoice.useModel;
  const modelMeaning = (detail.chineseTranslation ?? detail.explanation ?? '').trim();
  const canUseModel = status === 'done' && source !== 'offline' && modelMeaning !== '' && (phrase || aboutWord);

  const playing = (what: 'word' | 'sentence') => audioWhat === what;
  const playWord = () => (playing('word') ? useAudio.getState().stop() : useAudio.getState().play(word, 'word'));
  const playSentence = () => {
    if (playing('sentence')) return useAudio.getState().stop();
    const whole = text ?? useReader.getState().doc?.text;
    const at = target.kind === 'word' ? target.token : target.tokens[0];
    if (whole === undefined || !at) return;
    const r = sentenceAround(whole, at.start, at.end);
    useAudio.getState().play(whole.slice(r.start, r.end), 'sentence');
  };

  return (
    <aside
      ref={panelRef}
      className="detail-panel"
      aria-labelledby="detail-heading"
      aria-busy={loading}
      data-testid="detail-panel"
      data-kind={target.kind}
      data-status={status}
    >
      <div className="detail-head">
        <div className="detail-title">
          <p className="detail-kicker">
            {phrase ? t('detail.phrase') : t(`pos.groups.${posFix ?? target.token.pos}`)}
            {posFix && target.kind === 'word' && (
              <span className="correction" data-testid="pos-correction" data-pos={posFix}>
                {t('detail.posCorrected', { pos: t(`pos.groups.${target.token.pos}`) })}
              </span>
            )}
          </p>
          <h2 id="detail-heading" ref={headingRef} lang="ja" tabIndex={-1}>
            <Heading target={target} readings={readings} />
          </h2>
        </div>
        <button type="button" className="icon-button" onClick={() => closeAndRefocus(target)} aria-label={t('detail.close')} title={t('detail.close')}>
          <CloseIcon />
        </button>
      </div>

      <div className="detail-actions">
        <button type="button" className="small with-icon" onClick={playWord} aria-label={playing('word') ? t('audio.stop') : phrase ? t('audio.playPhrase') : t('audio.playWord')}>
          {playing('word') ? <StopIcon /> : <PlayIcon />}
          {phrase ? t('audio.phrase') : t('audio.word')}
        </button>
        <button type="button" className="small with-icon" onClick={playSentence} aria-label={playing('sentence') ? t('audio.stop') : t('audio.playSentence')}>
          {playing('sentence') ? <StopIcon /> : <PlayIcon />}
          {t('audio.sentence')}
        </button>
        <span className="toolbar-spacer" />
        <button
          type="button"
          className="icon-button small"
          onClick={() => useDetail.getState().refresh()}
          disabled={loading}
          aria-label={t('detail.refresh')}
          title={t('detail.refreshTitle')}
          data-testid="detail-refresh"
        >
          <RefreshIcon />
        </button>
        <button
          type="button"
          className={`icon-button small star${starred ? ' on' : ''}`}
          aria-label={starred ? t('detail.starred') : t('detail.star')}
          aria-pressed={onStar ? starred : undefined}
          aria-disabled={onStar ? undefined : true}
          title={onStar ? (starred ? t('detail.starred') : t('detail.star')) : t('detail.starUnavailable')}
          data-testid="detail-star"
          onClick={() => onStar?.(target, detail)}
        >
          <StarIcon filled={starred} />
        </button>
      </div>
      <AudioErrorNotice whats={['word', 'sentence']} />

      <InReviewMark state={starredState} />
      {target.kind === 'word' && target.token.key && <WordStatusControl wordKey={target.token.key} />}

      {target.kind === 'word' && hasKanji(target.token.word) && (
        <ReadingLine
          key={target.token.word}
          word={target.token.word}
          reading={readingDiffers ? modelReading : reading}
          corrected={learnerReading !== undefined}
          note={
            readingDiffers && (
              <span className="correction" data-testid="reading-correction">
                {t('detail.readingCorrected', { reading })}
              </span>
            )
          }
        />
      )}

      {opinion && (
        <p className="hint model-opinion" data-testid="model-opinion">
          {t('cards.modelOpinion', { word: detail.dictionaryForm?.trim() || '—', reading: modelReading || '—' })}
        </p>
      )}

      {target.kind === 'word' && source === 'offline' && romajiOf(withReading(target.token, readings)) !== '' && (
        <p className="detail-reading detail-romaji" data-testid="detail-romaji">
          <span className="muted">{t('noKey.romaji')}</span> <span>{romajiOf(withReading(target.token, readings))}</span>
        </p>
      )}

      <DictionaryEntries target={target} text={text} />
      {source === 'offline' && (
        <div className="detail-offline" data-testid="detail-offline">
          {isMissingKey(modelError) ? (
            <NoKeyInvite feature="detail" />
          ) : (
            <>
              <p>{t('detail.offline')}</p>
              {modelError && <ErrorMessage error={modelError} compact />}
            </>
          )}
        </div>
      )}
      {status === 'error' && error && <ErrorMessage error={error} onRetry={() => useDetail.getState().refresh()} testId="detail-error" />}
      {/* Fields that arrived before a stream broke off (or went quiet) stay readable next to the error and its retry. */}
      {(status !== 'error' || Object.keys(detail).length > 0) && (
        <DetailFields detail={source === 'offline' && detail.pos ? { ...detail, pos: t(`pos.groups.${detail.pos}`, { defaultValue: detail.pos }) } : detail} loading={loading} phrase={phrase} />
      )}
      {canUseModel && (
        <button
          type="button"
          className={`link-button small${usingModel ? ' on' : ''}`}
          aria-pressed={usingModel}
          data-testid="use-model-meaning"
          onClick={() => cardChoice.setUseModel(cardKey, !usingModel)}
        >
          {usingModel ? t('cards.usingModel') : t('cards.useModel')}
        </button>
      )}
      {status === 'done' && source === 'cache' && <p className="hint">{t('detail.fromCache')}</p>}
      <p className="detail-context" lang="ja">
        <span className="muted">{t('detail.context')}</span> {target.sentence} <SentenceStarButton sentence={target.sentence} />
      </p>
    </aside>
  );
}
