import { useRef, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ariaKeyShortcuts } from '../../keyboard/chordOf';
import { useShortcut, useShortcutKeys, useShortcutLabel } from '../../keyboard/shortcuts';
import { imageFromClipboard } from '../../ocr/clipboard';
import { cleanPaste, insertAtSelection } from '../../reader/pasteCleaning';
import { useModels } from '../../stores/modelsStore';
import { useOcr } from '../../stores/ocrStore';
import { CostPrompt } from '../models/CostPrompt';
import { useReader } from '../../stores/readerStore';
import { ImageIcon } from './icons';
import { OcrPanel } from './OcrPanel';

/** Where text comes in: typed, pasted (cleaned of markup), or read from an image. */
export function InputCard() {
  const { t } = useTranslation();
  const input = useReader((s) => s.input);
  const analysing = useReader((s) => s.status === 'analyzing');
  const hasDoc = useReader((s) => s.doc !== null);
  const ocrBusy = useOcr((s) => s.status === 'reading' || s.status === 'preparing');
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const analyzeKeys = useShortcutKeys('reader.analyze');
  const reanalyzeKeys = useShortcutKeys('reader.reanalyze');
  const analyzeKey = analyzeKeys[0];
  const analyzeText = useShortcutLabel('reader.analyze');
  // In the text box (shared/shortcuts.ts: Ctrl+Enter); the other key analyses again, bypassing (and replacing) the stored analysis.
  const inBox = (e: KeyboardEvent) => e.target === areaRef.current;
  useShortcut('reader.analyze', (e) => (inBox(e) ? void useModels.getState().requestAnalysis() : false));
  useShortcut('reader.reanalyze', (e) => (inBox(e) ? void useModels.getState().requestAnalysis({ refresh: true }) : false));

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const image = imageFromClipboard(e.clipboardData);
    if (image) {
      e.preventDefault();
      void useOcr.getState().read(image);
      return;
    }
    const html = e.clipboardData.getData('text/html');
    const text = e.clipboardData.getData('text/plain');
    const cleaned = cleanPaste({ html, text });
    if (cleaned === text && !html) return; // plain text: the browser's own paste keeps undo working
    e.preventDefault();
    const el = e.currentTarget;
    const next = insertAtSelection(el.value, el.selectionStart, el.selectionEnd, cleaned);
    useReader.getState().setInput(next.value);
    requestAnimationFrame(() => el.setSelectionRange(next.caret, next.caret));
  };

  const chars = input.length;
  return (
    <section className={`card input-card${hasDoc ? ' has-doc' : ''}`} aria-label={t('reader.inputLabel')}>
      <label className="visually-hidden" htmlFor="reader-input">
        {t('reader.inputLabel')}
      </label>
      <textarea
        ref={areaRef}
        id="reader-input"
        className="reader-input"
        lang="ja"
        value={input}
        placeholder={t('reader.empty')}
        onChange={(e) => useReader.getState().setInput(e.target.value)}
        onPaste={onPaste}
        rows={6}
        spellCheck={false}
        aria-describedby="input-help"
        aria-busy={ocrBusy}
      />
      <OcrPanel />
      <div className="toolbar">
        <button type="button" className="with-icon" onClick={() => fileRef.current?.click()} title={t('ocr.pickTitle')} data-testid="pick-image">
          <ImageIcon />
          {t('ocr.pick')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/bmp"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="image-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void useOcr.getState().read(file);
            e.target.value = '';
          }}
        />
        {input !== '' && (
          <button
            type="button"
            onClick={() => {
              useReader.getState().clear();
              useOcr.getState().dismiss();
              areaRef.current?.focus();
            }}
          >
            {t('input.clear')}
          </button>
        )}
        <span id="input-help" className="hint toolbar-spacer">
          {chars > 0 ? t('input.chars', { count: chars }) : t('input.help')}
        </span>
        <button
          type="button"
          className="primary"
          disabled={input.trim() === '' || ocrBusy}
          title={analyzeKey ? `${t('reader.analyze')} (${analyzeText})` : t('reader.analyze')}
          aria-keyshortcuts={ariaKeyShortcuts([...analyzeKeys, ...reanalyzeKeys]) || undefined}
          onClick={() => void useModels.getState().requestAnalysis()}
          data-testid="analyze"
        >
          {analysing ? t('input.reanalyze') : t('reader.analyze')}
          {analyzeKey && <kbd aria-hidden="true">{analyzeText}</kbd>}
        </button>
      </div>
      <CostPrompt />
    </section>
  );
}
