import '../../styles/firstRun.css';
import { useTranslation } from 'react-i18next';
import { API_KEYS_ID, openSettingsSection } from '../credits/openKeyPanel';

export type NoKeyFeature = 'analysis' | 'translation' | 'detail' | 'chat' | 'image';

/**
 * What a feature does without a key, in one quiet line, and the one way to add
 * a key. Not an error: no alert role, no error colour.
 */
export function NoKeyInvite({ feature, onAddKey }: { feature: NoKeyFeature; /** Runs first, e.g. closes the drawer it is in. */ onAddKey?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="no-key-invite" data-testid="no-key-invite" data-feature={feature}>
      <p>{t(`noKey.${feature}`)}</p>
      <button type="button" className="small" onClick={() => {
          onAddKey?.();
          openSettingsSection(API_KEYS_ID);
        }} data-testid="no-key-add">
        {t('noKey.addKey')}
      </button>
    </div>
  );
}
