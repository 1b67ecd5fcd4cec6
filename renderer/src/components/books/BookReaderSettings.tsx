import { forwardRef, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fontInstalled, installedFonts } from '../../books/fontCheck';
import { LAYOUT_LIMITS, READER_FONTS, READER_THEMES, type BookLayout } from '../../books/readerSettings';
import { useBooks } from '../../stores/booksStore';

/** A value with its − and + buttons. */
function Stepper(props: { label: string; value: string; less: string; more: string; onLess(): void; onMore(): void; testId: string }) {
  return (
    <div className="book-setting-row">
      <span className="book-setting-label">{props.label}</span>
      <button type="button" aria-label={props.less} title={props.less} onClick={props.onLess} data-testid={`${props.testId}-less`}>
        −
      </button>
      <output aria-live="polite" data-testid={props.testId}>
        {props.value}
      </output>
      <button type="button" aria-label={props.more} title={props.more} onClick={props.onMore} data-testid={`${props.testId}-more`}>
        +
      </button>
    </div>
  );
}

const step = (v: number, d: number, lim: { min: number; max: number }) => Math.min(lim.max, Math.max(lim.min, +(v + d).toFixed(1)));

/** The reading display: typeface, size, line spacing, margins, page colour, furigana on headings. */
export const BookReaderSettings = forwardRef<HTMLDivElement, { layout: BookLayout }>(function BookReaderSettings({ layout }, ref) {
  const { t } = useTranslation();
  const set = useBooks.getState().setLayout;
  const fontListId = useId();
  const [fonts, setFonts] = useState<string[] | null>(null);
  const missing = useMemo(() => layout.font === 'custom' && layout.customFont.trim() !== '' && !fontInstalled(layout.customFont), [layout.font, layout.customFont]);
  const L = LAYOUT_LIMITS;
  return (
    <div ref={ref} className="book-popover book-settings" role="dialog" aria-label={t('books.reader.settingsTitle')} data-testid="book-settings">
      <h2>{t('books.reader.settingsTitle')}</h2>
      <fieldset className="book-setting-row">
        <legend className="book-setting-label">{t('books.reader.typeface')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('books.reader.typeface')}>
          {READER_FONTS.map((f) => (
            <button key={f} type="button" role="radio" aria-checked={layout.font === f} onClick={() => set({ font: f })} data-testid={`book-font-${f}`}>
              {t(`books.reader.fonts.${f}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {layout.font === 'custom' && (
        <div className="book-setting-row book-custom-font">
          <label>
            <span className="book-setting-label">{t('books.reader.customFont')}</span>
            <input type="text" list={fontListId} value={layout.customFont} onChange={(e) => set({ customFont: e.target.value })} data-testid="book-custom-font" />
          </label>
          {fonts === null && 'queryLocalFonts' in window && (
            <button type="button" onClick={() => void installedFonts().then(setFonts)}>
              {t('books.reader.installedFonts')}
            </button>
          )}
          <datalist id={fontListId}>{fonts?.map((f) => <option key={f} value={f} />)}</datalist>
          {missing && (
            <p className="hint" role="status">
              {t('books.reader.customFontMissing')}
            </p>
          )}
        </div>
      )}
      <Stepper
        label={t('books.reader.fontSize')}
        value={`${layout.fontSize}px`}
        less={t('books.reader.fontSmaller')}
        more={t('books.reader.fontLarger')}
        onLess={() => set({ fontSize: step(layout.fontSize, -L.fontSize.step, L.fontSize) })}
        onMore={() => set({ fontSize: step(layout.fontSize, L.fontSize.step, L.fontSize) })}
        testId="book-font-size"
      />
      <Stepper
        label={t('books.reader.lineSpacing')}
        value={layout.lineHeight.toFixed(1)}
        less={t('books.reader.lineTighter')}
        more={t('books.reader.lineLooser')}
        onLess={() => set({ lineHeight: step(layout.lineHeight, -L.lineHeight.step, L.lineHeight) })}
        onMore={() => set({ lineHeight: step(layout.lineHeight, L.lineHeight.step, L.lineHeight) })}
        testId="book-line-height"
      />
      <Stepper
        label={t('books.reader.margins')}
        value={`${layout.margin}px`}
        less={t('books.reader.marginsNarrower')}
        more={t('books.reader.marginsWider')}
        onLess={() => set({ margin: step(layout.margin, -L.margin.step, L.margin) })}
        onMore={() => set({ margin: step(layout.margin, L.margin.step, L.margin) })}
        testId="book-margin"
      />
      <fieldset className="book-setting-row">
        <legend className="book-setting-label">{t('books.reader.theme')}</legend>
        <div className="book-themes" role="radiogroup" aria-label={t('books.reader.theme')}>
          {READER_THEMES.map((th) => (
            <button key={th} type="button" role="radio" aria-checked={layout.theme === th} className={`book-theme-swatch theme-${th}`} onClick={() => set({ theme: th })} data-testid={`book-theme-${th}`}>
              {t(`books.reader.themes.${th}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="book-setting-row book-check">
        <input type="checkbox" checked={layout.headingFurigana} onChange={(e) => set({ headingFurigana: e.target.checked })} data-testid="book-heading-furigana" />
        <span>{t('books.reader.headingFurigana')}</span>
      </label>
    </div>
  );
});
