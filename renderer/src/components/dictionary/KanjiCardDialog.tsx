import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../reader/icons';
import { useDictionary } from './dictionaryStore';

/** The KANJIDIC card of the kanji last clicked, over whatever panel it was clicked in. */
export function KanjiCardDialog() {
  const { t } = useTranslation();
  const open = useDictionary((s) => s.kanjiCard);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Before the word panel's own Esc handler: only the card closes.
      e.preventDefault();
      e.stopImmediatePropagation();
      useDictionary.getState().closeKanji();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  if (!open) return null;
  const c = open.card;
  return (
    <div className="kanji-card" role="dialog" aria-label={t('dictionary.kanji.title', { literal: open.literal })} data-testid="kanji-card">
      <div className="kanji-card-head">
        <span className="kanji-literal" lang="ja">
          {open.literal}
        </span>
        {c && (
          <span className="kanji-facts">
            {c.strokes !== null && <span>{t('dictionary.kanji.strokes', { count: c.strokes })}</span>}
            {c.grade !== null && <span>{t('dictionary.kanji.grade', { grade: c.grade })}</span>}
            {c.jlpt !== null && <span>{t('dictionary.kanji.jlpt', { level: c.jlpt })}</span>}
            {c.freq !== null && <span>{t('dictionary.kanji.freq', { freq: c.freq })}</span>}
          </span>
        )}
        <button type="button" className="icon-button small" onClick={() => useDictionary.getState().closeKanji()} aria-label={t('dictionary.kanji.close')}>
          <CloseIcon />
        </button>
      </div>
      {c ? (
        <dl className="kanji-rows">
          {(
            [
              ['meanings', c.meanings.join(', '), 'en'],
              ['on', c.on.join('、'), 'ja'],
              ['kun', c.kun.join('、'), 'ja'],
              ['nanori', c.nanori.join('、'), 'ja'],
            ] as const
          )
            .filter(([, value]) => value)
            .map(([row, value, lang]) => (
              <Fragment key={row}>
                <dt>{t(`dictionary.kanji.${row}`)}</dt>
                <dd lang={lang}>{value}</dd>
              </Fragment>
            ))}
        </dl>
      ) : (
        <p className="muted">{open.loading ? t('dictionary.loading') : t('dictionary.kanji.notFound', { literal: open.literal })}</p>
      )}
    </div>
  );
}
