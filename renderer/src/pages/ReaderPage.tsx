import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ReaderPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <section className="reader" aria-labelledby="reader-heading">
      <h1 id="reader-heading" className="page-title">
        {t('reader.heading')}
      </h1>
      <label className="visually-hidden" htmlFor="reader-input">
        {t('reader.inputLabel')}
      </label>
      <textarea
        id="reader-input"
        className="reader-input"
        lang="ja"
        value={text}
        placeholder={t('reader.empty')}
        onChange={(e) => setText(e.target.value)}
        rows={8}
      />
      <div className="toolbar">
        <button type="button" className="primary" disabled={text.trim() === ''} title={t('reader.shortcut')}>
          {t('reader.analyze')}
        </button>
      </div>
    </section>
  );
}
