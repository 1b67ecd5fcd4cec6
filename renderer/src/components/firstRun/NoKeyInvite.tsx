import '../../styles/firstRun.css';
import { useTranslation } from 'react-i18next';
import { dismissKeyInvites, useKeyInviteRole } from '../../stores/keyInviteStore';
import { API_KEYS_ID, openSettingsSection } from '../credits/openKeyPanel';
import { CloseIcon } from '../reader/icons';

export type NoKeyFeature = 'analysis' | 'translation' | 'detail' | 'chat' | 'image';

/** Once the learner has closed the invitation, features that still work offline just say what they show. */
const DISMISSED_TEXT: Partial<Record<NoKeyFeature, string>> = { analysis: 'analysis.source.offline', detail: 'detail.offline' };

/**
 * What a feature does without a key, in one quiet line. Only one place per screen (keyInviteStore)
 * adds the way to a key and a close button; the others keep the line without buttons. Not an error:
 * no alert role, no error colour. Nothing once a key is there.
 */
export function NoKeyInvite({ feature, onAddKey }: { feature: NoKeyFeature; /** Runs first, e.g. closes the drawer it is in. */ onAddKey?: () => void }) {
  const { t } = useTranslation();
  const role = useKeyInviteRole(feature);
  if (role === 'none') return null;
  const text = role === 'dismissed' && DISMISSED_TEXT[feature] ? t(DISMISSED_TEXT[feature]) : t(`noKey.${feature}`);
  if (role !== 'invite')
    return (
      <p className="no-key-hint" data-testid="no-key-invite" data-feature={feature} data-role={role}>
        {text}
      </p>
    );
  return (
    <div className="no-key-invite" data-testid="no-key-invite" data-feature={feature} data-role="invite">
      <p>{text}</p>
      <button type="button" className="small" onClick={() => {
          onAddKey?.();
          openSettingsSection(API_KEYS_ID);
        }} data-testid="no-key-add">
        {t('noKey.addKey')}
      </button>
      <button type="button" className="icon-button" onClick={dismissKeyInvites} aria-label={t('noKey.dismissLabel')} title={t('noKey.dismissLabel')} data-testid="no-key-dismiss">
        <CloseIcon />
      </button>
    </div>
  );
}
