import { useTranslation } from 'react-i18next';
import { useReader } from '../../stores/readerStore';

/** The colours in use, named: only the parts of speech that occur in this text. */
export function PosLegend() {
  const { t } = useTranslation();
  const groups = useReader((s) => s.groups);
  const shown = groups.filter((g) => g !== 'punctuation' && g !== 'symbol');
  if (shown.length === 0) return null;
  return (
    <ul className="pos-legend" aria-label={t('pos.legend')} data-testid="pos-legend">
      {shown.map((g) => (
        <li key={g} className={`pos-${g}`}>
          <span className="swatch" aria-hidden="true" />
          {t(`pos.groups.${g}`)}
        </li>
      ))}
    </ul>
  );
}
