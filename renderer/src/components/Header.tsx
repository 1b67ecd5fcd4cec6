import { useTranslation } from 'react-i18next';
import { useApp } from '../stores/appStore';
import { useSettings } from '../stores/settingsStore';
import { CreditMeter } from './credits/CreditMeter';
import { ChatToggle } from './chat/ChatDrawer';
import { OfflineIndicator } from './status/OfflineIndicator';
import { LibraryNav } from './library/LibraryNav';

export function Header() {
  const { t } = useTranslation();
  const page = useApp((s) => s.page);
  const go = useApp((s) => s.go);
  // A model on this machine has no credits to meter.
  const local = useSettings((s) => s.settings.provider === 'local');
  return (
    <header className="header">
      <button type="button" className="brand" onClick={() => go('reader')} aria-label={t('nav.reader')}>
        <span className="brand-mark" aria-hidden="true">読</span>
        <span className="brand-name">{t('app.title')}</span>
      </button>
      <div className="header-slot" data-testid="credit-meter-slot">
        {!local && <CreditMeter />}
      </div>
      <nav className="header-nav">
        <OfflineIndicator />
        <ChatToggle />
        <LibraryNav />
        <button
          type="button"
          className="icon-button"
          aria-pressed={page === 'settings'}
          aria-label={t('nav.settings')}
          title={`${t('nav.settings')} (Ctrl+,)`}
          onClick={() => go(page === 'settings' ? 'reader' : 'settings')}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19.4 13a7.8 7.8 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3.3h-4l-.4 2.6a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.8 7.8 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1l.4 2.6h4l.4-2.6a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
              transform="translate(-1 0)"
            />
          </svg>
        </button>
      </nav>
    </header>
  );
}
