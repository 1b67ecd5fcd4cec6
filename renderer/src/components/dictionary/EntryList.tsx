import { useTranslation } from 'react-i18next';
import type { DictionaryEntry } from '../../../../shared/contract/dictionary';
import { KanjiText } from './KanjiText';

/** Dictionary entries: headword (kanji clickable), readings, a common badge, every sense with its tags. */
export function EntryList({ entries, compact = false }: { entries: readonly DictionaryEntry[]; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className={`dict-entries${compact ? ' compact' : ''}`}>
      {entries.map((e) => (
        <li key={e.id} className="dict-entry" data-testid="dict-entry" data-entry-id={e.id}>
          <p className="dict-head" lang="ja">
            <span className="dict-word">{e.kanji[0] ? <KanjiText text={e.kanji[0]} /> : e.readings[0]}</span>
            {e.kanji[0] && <span className="dict-reading">【{e.readings.join('・')}】</span>}
            {e.common && (
              <span className="dict-badge" data-testid="dict-common">
                {t('dictionary.common')}
              </span>
            )}
            {e.reasons.length > 0 && !compact && <span className="dict-matched">{t('dictionary.matched', { term: e.term, matched: e.reasons.join(' › ') })}</span>}
          </p>
          {!compact && e.kanji.length > 1 && (
            <p className="dict-alt" lang="ja">
              {e.kanji.slice(1).join('・')}
            </p>
          )}
          <ol className="dict-senses">
            {(compact ? e.senses.slice(0, 3) : e.senses).map((s, i) => (
              <li key={i} data-testid="dict-sense">
                {(s.pos.length > 0 || s.misc.length > 0 || s.field.length > 0 || s.dialect.length > 0) && (
                  <span className="dict-tags">
                    {/* Parts of speech shown once for a run of senses that share them, as JMdict writes them. */}
                    {(i > 0 && e.senses[i - 1]?.posCodes.join() === s.posCodes.join() ? [] : s.pos).map((p, j) => (
                      <span key={`p${j}`} className="dict-tag pos" title={s.posCodes[j]}>
                        {p}
                      </span>
                    ))}
                    {[...s.misc, ...s.field, ...s.dialect].map((m, j) => (
                      <span key={`m${j}`} className="dict-tag misc" data-testid="dict-misc">
                        {m}
                      </span>
                    ))}
                  </span>
                )}
                <span className="dict-glosses" lang="en">
                  {s.glosses.join('; ')}
                </span>
                {s.info.length > 0 && !compact && <span className="dict-info"> ({s.info.join('; ')})</span>}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}
