import { useTranslation } from 'react-i18next';
import { useDictionary } from './dictionaryStore';

/** One kanji (CJK unified ideographs, extension A, compatibility ideographs). */
export const KANJI = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Japanese text whose kanji open their KANJIDIC card when clicked. */
export function KanjiText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from(text).map((ch, i) =>
        KANJI.test(ch) ? (
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
              void useDictionary.getState().openKanji(ch, popup && { box: popup.getBoundingClientRect(), prefer: popup.dataset.wordSide === 'right' ? 'left' : 'right' });
            }}
          >
            {ch}
          </button>
        ) : (
          <span key={i}>{ch}</span>
        ),
      )}
    </>
  );
}
