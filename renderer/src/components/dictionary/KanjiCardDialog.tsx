import { Fragment, useLayoutEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShortcut } from '../../keyboard/shortcuts';
import { CloseIcon } from '../reader/icons';
import { useDictionary } from './dictionaryStore';
import { besidePlace } from './popupPlace';

/** KANJIDIC2's grades: 1–6 are school years, 8 jōyō kanji taught later, 9–10 name kanji (jinmeiyō). */
export function gradeLabel(t: TFunction, grade: number): string {
  if (grade === 8) return t('dictionary.kanji.gradeSecondary');
  if (grade >= 9) return t('dictionary.kanji.gradeJinmeiyo');
  return t('dictionary.kanji.grade', { grade });
}

/** The KANJIDIC card of the kanji last clicked, over whatever panel it was clicked in. */
export function KanjiCardDialog() {
  const { t } = useTranslation();
  const open = useDictionary((s) => s.kanjiCard);
  const ref = useRef<HTMLDivElement>(null);

  // Esc closes the card first: it opened after the panel or popup it came from (the dispatcher asks the newest first).
  useShortcut('app.close', () => useDictionary.getState().closeKanji(), open !== null);

  // Opened from the popup: beside it, not over it (measured once its content, and so its height, is in).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!open?.beside) {
      el.removeAttribute('style');
      return;
    }
    const size = el.getBoundingClientRect();
    const place = besidePlace(open.beside.box, open.beside.prefer, { width: window.innerWidth, height: window.innerHeight }, size);
    Object.assign(el.style, { left: `${place.x}px`, top: `${place.y}px`, right: 'auto', bottom: 'auto' });
  }, [open]);

  if (!open) return null;
  const c = open.card;
  return (
    <div ref={ref} className="kanji-card" role="dialog" aria-label={t('dictionary.kanji.title', { literal: open.literal })} data-testid="kanji-card">
      <div className="kanji-card-head">
        <span className="kanji-literal" lang="ja">
          {open.literal}
        </span>
        {c && (
          <span className="kanji-facts">
            {c.strokes !== null && <span>{t('dictionary.kanji.strokes', { count: c.strokes })}</span>}
            {c.grade !== null && <span data-testid="kanji-grade">{gradeLabel(t, c.grade)}</span>}
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
