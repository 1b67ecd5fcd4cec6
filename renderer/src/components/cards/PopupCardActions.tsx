import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SenseChoice, StarredState } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import { useShortcut, useKeyText } from '../../keyboard/shortcuts';
import { useAudio } from '../../stores/audioStore';
import { PlayIcon, StarIcon, StopIcon } from '../reader/icons';
import { paragraphSource } from '../../stores/booksStore';
import { documentLink, starWithTranslation, type CardLink } from '../review/useDetailStar';
import { useCardFocus } from './cardFocus';
import { InReviewMark } from './InReviewMark';

export interface PopupWord {
  /** The word as written (泣いていた); the core heads its card by the dictionary form. */
  word: string;
  /** The dictionary form, for the word's audio. */
  term: string;
  sentence: string;
  offset: number;
  /** Where the card comes from: the book paragraph, or the reader's document (its source, its image); asked only when adding. */
  link: () => CardLink;
}

/** The source of a word pointed at: a book's paragraph, the reader's document, or nothing (other text of the app). */
export function pointedLink(node: Node): CardLink {
  const host = node.parentElement?.closest<HTMLElement>('[data-paragraph-id]');
  if (host) {
    const source = paragraphSource(Number(host.dataset.paragraphId));
    return source ? { source } : {};
  }
  return node.parentElement?.closest('[data-testid="reading-view"]') ? documentLink() : {};
}

/**
 * The popup's one-step card: the word's audio (the TTS cache, else Edge: no key) and "add card"
 * with the sense picked in the popup; a word already carded shows since when, and the button
 * opens that card. Keys: `popup.addCard`, `popup.playWord`.
 */
export function PopupCardActions({ word, sense }: { word: PopupWord; sense: SenseChoice | null }) {
  const { t } = useTranslation();
  const keyText = useKeyText();
  const [state, setState] = useState<{ for: string; value: StarredState } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const playing = useAudio((s) => s.what === 'word');
  const id = `${word.word}\u0000${word.sentence}`;
  const known = state?.for === id ? state.value : null;

  useEffect(() => {
    let live = true;
    // Asked once the popup is painted: a hover renders it synchronously, and this effect ran in
    // the hover's own task, its request (about 1 ms of the main thread) before the popup's frame.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        void bridge.call('review.isStarred', { kind: 'word', word: word.word, sentence: word.sentence, offset: word.offset }).then((r) => {
          if (live && r.ok) setState({ for: id, value: r.value });
        });
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [id, word.word, word.sentence, word.offset]);

  const play = () => (playing ? useAudio.getState().stop() : useAudio.getState().play(word.term || word.word, 'word'));
  const add = async () => {
    if (known?.starred && known.cardId !== undefined) return useCardFocus.getState().open(known.cardId);
    if (busy) return;
    setBusy(true);
    setFailed(false);
    const card = await starWithTranslation({ kind: 'word', word: word.word, sentence: word.sentence, offset: word.offset, ...(sense ? { sense } : {}), ...word.link() });
    setBusy(false);
    if (!card) return setFailed(true);
    setState({ for: id, value: { starred: true, cardId: card.id, since: card.createdAt, state: card.state } });
  };
  useShortcut('popup.addCard', () => void add());
  useShortcut('popup.playWord', play);

  const carded = !!known?.starred;
  return (
    <div className="dict-card-actions" data-testid="popup-card-actions">
      <button type="button" className="small with-icon" onClick={play} aria-label={playing ? t('audio.stop') : t('cards.playWord')} data-testid="popup-audio">
        {playing ? <StopIcon /> : <PlayIcon />}
        {t('audio.word')}
      </button>
      <button
        type="button"
        className="small with-icon"
        onClick={() => void add()}
        disabled={busy}
        title={carded ? t('cards.open') : t('cards.addTitle', { key: keyText('popup.addCard') })}
        data-testid="popup-add-card"
        data-carded={carded}
      >
        <StarIcon filled={carded} />
        {carded ? t('cards.open') : t('cards.add')}
      </button>
      {failed && (
        <span className="error small" role="alert">
          {t('cards.failed')}
        </span>
      )}
      {carded && <InReviewMark state={known} />}
    </div>
  );
}
