import '../../styles/words.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../bridge';
import { useSettings } from '../../stores/settingsStore';
import { Switch } from '../settings/Switch';
import { AnkiWordImport } from './AnkiWordImport';
import { saveTextFile } from './saveTextFile';
import { WordListBrowser } from './WordListBrowser';
import { WordListImport } from './WordListImport';

/** Settings → Word knowledge: the marks, review's threshold, imports, export and the words themselves. */
export function WordKnowledgeSettings() {
  const { t } = useTranslation();
  const s = useSettings((st) => st.settings);
  const update = useSettings((st) => st.update);
  const [refresh, setRefresh] = useState(0);
  const done = () => setRefresh((n) => n + 1);
  const exportAs = async (format: 'csv' | 'list') => {
    const r = await bridge.call('words.export', { format });
    if (r.ok) saveTextFile(r.value.filename, r.value.text, r.value.mime);
  };
  return (
    <fieldset className="card word-knowledge-section" data-testid="settings-words" id="settings-words">
      <legend>{t('words.settings.title')}</legend>
      <p className="field-help">{t('words.settings.help')}</p>
      <Switch id="pref-word-marks" label={t('words.settings.marks')} checked={s.wordStatusMarks} onChange={(wordStatusMarks) => void update({ wordStatusMarks })} help={t('words.settings.marksHelp')} testId="word-marks-toggle" />
      <div className="field">
        <label className="field-label" htmlFor="pref-review-known">
          {t('words.settings.reviewThreshold')}
        </label>
        <div>
          <input
            id="pref-review-known"
            type="number"
            min={1}
            max={3650}
            value={s.reviewKnownAfterDays}
            style={{ width: '5em' }}
            onChange={(e) => {
              const v = Math.round(Number(e.target.value));
              if (v >= 1 && v <= 3650) void update({ reviewKnownAfterDays: v });
            }}
          />{' '}
          {t('words.settings.days')}
        </div>
      </div>
      <WordListImport onDone={done} />
      <AnkiWordImport onDone={done} />
      <div className="row">
        <strong>{t('words.export.title')}</strong>
        <button type="button" className="small" onClick={() => void exportAs('csv')} data-testid="words-export-csv">
          {t('words.export.csv')}
        </button>
        <button type="button" className="small" onClick={() => void exportAs('list')} data-testid="words-export-list">
          {t('words.export.list')}
        </button>
      </div>
      <WordListBrowser refresh={refresh} />
    </fieldset>
  );
}
