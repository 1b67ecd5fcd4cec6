import { useTranslation } from 'react-i18next';
import { useApp } from '../stores/appStore';

export function NoticeBar() {
  const { t } = useTranslation();
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismiss);
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((n) => (
        <div key={n.id} className="notice" role="alert">
          <span>{n.kind === 'database-recovered' ? t('notices.databaseRecovered', { path: n.movedTo }) : n.message}</span>
          <button type="button" className="link-button" onClick={() => dismiss(n.id)}>
            {t('notices.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
