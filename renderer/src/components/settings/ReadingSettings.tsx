import { useTranslation } from 'react-i18next';
import { FURIGANA_MODES } from '../../../../shared/settings';
import { useSettings } from '../../stores/settingsStore';
import { Segmented, Switch } from './Switch';

/** How analysed text looks: furigana and romaji. */
export function ReadingSettings() {
  const { t } = useTranslation();
  const s = useSettings((st) => st.settings);
  const update = useSettings((st) => st.update);
  return (
    <fieldset className="card" data-testid="settings-reading">
      <legend>{t('prefs.reading')}</legend>
      <Segmented
        id="pref-furigana"
        label={t('furigana.label')}
        options={FURIGANA_MODES}
        value={s.furiganaMode}
        name={(m) => t(`furigana.modes.${m}`)}
        onChange={(furiganaMode) => void update({ furiganaMode })}
      />
      <Switch id="pref-romaji" label={t('furigana.romaji')} checked={s.showRomaji} onChange={(showRomaji) => void update({ showRomaji })} help={t('prefs.romajiHelp')} />
    </fieldset>
  );
}
