import { useEffect, useState } from 'react';
import type { SenseChoice, StarredState } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import { useShortcut, useKeyText } from '../../keyboard/shortcuts';
import { useAudio } from '../../stores/audioStore';
import { PlayIcon, StarIcon, StopIcon } from '../reader/icons';
import { paragraphSource } from '../../stores/booksStore';
import { documentLink, starWithTranslation, type CardLink } from '../review/useDetailStar';
import { useCardFocus } from './cardFocus';
import { InReviewMark } from './InReviewMark';
import { whenIdle } from '../../scheduling/whenIdle';
import { useT } from '../../i18n/useT';

export interface PopupWord {
  /** The word as written (泣いていた); the core heads its card by the dictionary form. */
  word: string;
  /** The dictionary form, for the word's audio. */
  term: string;
  /**
   * The sentence the word is in and its place there: asked once the popup is painted (or when
   * the card is added), as reading a paragraph's text is no part of drawing the popup.
   */
  context: () => { sentence: string; offset: number };
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
  const { t } = useT();
  const keyText = useKeyText();
  const [state, setState] = useState<{ for: PopupWord; value: StarredState } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const playing = useAudio((s) => s.what === 'word');
  const known = state?.for === word ? state.value : null;

  useEffect(() => {
    let live = true;
    // Asked once the popup is painted and the page is idle: a hover renders it synchronously, and
    // this request (the word's sentence read from the page, then about 1 ms of the main thread for
    // the call) would otherwise come before the popup's frame, or before the next hover's input.
    let cancelIdle: (() => void) | undefined;
    const frame = requestAnimationFrame(() => {
      cancelIdle = whenIdle(() => {
        const { sentence, offset } = word.context();
        void bridge.call('review.isStarred', { kind: 'word', word: word.word, sentence, offset }).then((r) => {
          // A card added meanwhile (the key pressed before this answer came) is newer than the answer.
          if (live && r.ok) setState((prev) => (prev?.for === word ? prev : { for: word, value: r.value }));
        });
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      cancelIdle?.();
    };
  }, [word]);

  const play = () => (playing ? useAudio.getState().stop() : useAudio.getState().play(word.term || word.word, 'word'));
  const add = async () => {
    if (known?.starred && known.cardId !== undefined) return useCardFocus.getState().open(known.cardId);
    if (busy) return;
    setBusy(true);
    setFailed(false);
    const { sentence, offset } = word.context();
    const card = await starWithTranslation({ kind: 'word', word: word.word, sentence, offset, ...(sense ? { sense } : {}), ...word.link() });
    setBusy(false);
    if (!card) return setFailed(true);
    setState({ for: word, value: { starred: true, cardId: card.id, since: card.createdAt, state: card.state } });
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
