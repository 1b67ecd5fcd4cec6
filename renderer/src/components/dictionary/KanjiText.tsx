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
              void useDictionary.getState().openKanji(ch);
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
