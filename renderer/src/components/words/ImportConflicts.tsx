import { useTranslation } from 'react-i18next';
import type { WordConflict } from '../../../../shared/contract/words';

const SHOWN = 20;

/** Words marked by hand an import left as they are, and the way to replace them after all. */
export function ImportConflicts({ conflicts, onOverwrite }: { conflicts: readonly WordConflict[]; onOverwrite: () => void }) {
  const { t } = useTranslation();
  if (conflicts.length === 0) return null;
  return (
    <div className="report" data-testid="word-conflicts">
      <p>{t('words.conflicts.title', { count: conflicts.length })}</p>
      <ul>
        {conflicts.slice(0, SHOWN).map((c) => (
          <li key={`${c.term}\t${c.reading}`}>
            {t('words.conflicts.item', { word: c.term === c.reading ? c.term : `${c.term}（${c.reading}）`, status: t(`words.status.${c.status}`), wanted: t(`words.status.${c.wanted}`) })}
          </li>
        ))}
      </ul>
      <button type="button" className="small" onClick={onOverwrite} data-testid="word-conflicts-overwrite">
        {t('words.conflicts.overwrite')}
      </button>
    </div>
  );
}
