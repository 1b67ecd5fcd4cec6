import '../../styles/firstRun.css';
import { Trans, useTranslation } from 'react-i18next';
import { useKeyInviteRole } from '../../stores/keyInviteStore';
import { useSettings } from '../../stores/settingsStore';
import { API_KEYS_ID, openSettingsSection } from '../credits/openKeyPanel';
import { CloseIcon } from '../reader/icons';
import { DictionaryOffer } from './DictionaryOffer';

/** Where each provider's keys are made; links open in the system browser (main's window-open handler). */
export const KEY_PAGES = { openrouter: 'https://openrouter.ai/keys', gemini: 'https://aistudio.google.com/apikey' } as const;

function KeyLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
      <span className="ext-mark" aria-hidden="true">
        ↗
      </span>
    </a>
  );
}

/** The first-run welcome: what works offline, how to start, where keys come from. Once closed, never again. */
export function Welcome() {
  const { t } = useTranslation();
  const show = useSettings((s) => s.loaded && !s.error && !s.settings.welcomeDismissed);
  // While the welcome is open, its "Add a key" is the screen's one invitation (unless the chat drawer holds it, or a no).
  const keyInvite = useKeyInviteRole('welcome', show);
  if (!show) return null;
  const dismiss = () => void useSettings.getState().update({ welcomeDismissed: true });
  return (
    <section className="card welcome-card" aria-labelledby="welcome-heading" data-testid="welcome">
      <div className="card-head">
        <h2 id="welcome-heading">{t('welcome.title')}</h2>
        <button type="button" className="icon-button" onClick={dismiss} aria-label={t('welcome.dismissLabel')} title={t('welcome.dismissLabel')}>
          <CloseIcon />
        </button>
      </div>
      <ul className="welcome-lines">
        <li>{t('welcome.offline')}</li>
        <li>{t('welcome.input')}</li>
        <li>
          <Trans
            i18nKey="welcome.keys"
            values={{ openrouter: t('welcome.openrouter'), gemini: t('welcome.gemini') }}
            components={{ or: <KeyLink href={KEY_PAGES.openrouter} />, ge: <KeyLink href={KEY_PAGES.gemini} /> }}
          />
        </li>
      </ul>
      <DictionaryOffer />
      <div className="welcome-actions">
        {keyInvite === 'invite' && (
          <button type="button" className="small" onClick={() => openSettingsSection(API_KEYS_ID)} data-testid="welcome-add-key">
            {t('welcome.addKey')}
          </button>
        )}
        <button type="button" className="small primary" onClick={dismiss} data-testid="welcome-dismiss">
          {t('welcome.dismiss')}
        </button>
      </div>
    </section>
  );
}
