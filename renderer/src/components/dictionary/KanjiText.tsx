import { useT } from '../../i18n/useT';
import { useDictionary } from './dictionaryStore';

/** One kanji (CJK unified ideographs, extension A, compatibility ideographs). */
export const KANJI = /[\u3400-\u9fff\uf900-\ufaff]/;

/** The text cut into its kanji, one by one, and the runs of other characters between them. */
function kanjiAndRuns(text: string): { kanji: boolean; text: string }[] {
  const parts: { kanji: boolean; text: string }[] = [];
  for (const ch of text) {
    const kanji = KANJI.test(ch);
    const last = parts[parts.length - 1];
    if (!kanji && last && !last.kanji) last.text += ch;
    else parts.push({ kanji, text: ch });
  }
  return parts;
}

/**
 * Japanese text whose kanji open their KANJIDIC card when clicked. Each kanji is a button; the
 * kana between them stay plain text (each popup draws three headwords: no element they need not).
 */
export function KanjiText({ text }: { text: string }) {
  const { t } = useT();
  return (
    <>
      {kanjiAndRuns(text).map((part, i) =>
        part.kanji ? (
          <button
            key={i}
            type="button"
            className="kanji-link"
            title={t('dictionary.kanjiHint')}
            data-testid="kanji-link"
            onClick={(e) => {
              e.stopPropagation();
              // From a popup, the card goes beside it, away from the word the popup is about.
              const popup = e.currentTarget.closest<HTMLElement>('.dict-popup');
              void useDictionary.getState().openKanji(part.text, popup && { box: popup.getBoundingClientRect(), prefer: popup.dataset.wordSide === 'right' ? 'left' : 'right' });
            }}
          >
            {part.text}
          </button>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
