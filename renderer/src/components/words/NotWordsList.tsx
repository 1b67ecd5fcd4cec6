import { useTranslation } from 'react-i18next';

const SHOWN = 50;

/**
 * What an import found that is no word (a word list's lines, an Anki field's text), the first
 * of them listed: told the same way for both imports, in the UI language.
 */
export function NotWordsList({ items, count, heading, testId }: { items: readonly string[]; count: number; heading: string; testId: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <>
      <p>{heading}</p>
      <ul data-testid={testId} lang="ja">
        {items.slice(0, SHOWN).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
        {count > Math.min(SHOWN, items.length) && <li>{t('words.importList.moreLines', { count: count - Math.min(SHOWN, items.length) })}</li>}
      </ul>
    </>
  );
}
