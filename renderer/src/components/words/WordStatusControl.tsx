import '../../styles/words.css';
import { useState } from 'react';
import { WORD_STATUSES, wordKeyId, type WordKey } from '../../../../shared/words';
import { useKeyText } from '../../keyboard/shortcuts';
import { useT } from '../../i18n/useT';
import { statusOfId, useWordStatus } from '../../stores/wordStatusStore';

/** A word's status in one click (the word panel, the dictionary popup); the cycle key is named beside it. */
export function WordStatusControl({ wordKey, compact = false }: { wordKey: WordKey; compact?: boolean }) {
  // Mounted with each dictionary popup: the shared translate function (useT.ts).
  const { t } = useT();
  const id = wordKeyId(wordKey);
  const status = useWordStatus((s) => statusOfId(s.byId, id));
  const loaded = useWordStatus((s) => s.loaded);
  const keyText = useKeyText()('word.cycleStatus');
  const [failed, setFailed] = useState(false);
  const choose = async (next: (typeof WORD_STATUSES)[number]) => {
    setFailed(false);
    const e = await useWordStatus.getState().set([{ ...wordKey, status: next }]);
    if (e) setFailed(true);
  };
  return (
    <div className="word-status-row" data-testid="word-status" data-status={loaded ? status : ''}>
      <div className="word-status-control" role="radiogroup" aria-label={t('words.control.label', { word: wordKey.term })}>
        {WORD_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            data-status={s}
            aria-checked={loaded && status === s}
            data-testid={`word-status-${s}`}
            onPointerDown={(e) => e.stopPropagation()}
            onClick={() => void choose(s)}
          >
            {t(`words.status.${s}`)}
          </button>
        ))}
      </div>
      {!compact && keyText && <span className="hint">{t('words.control.hint', { key: keyText })}</span>}
      {failed && (
        <span className="error" role="alert">
          {t('words.failed')}
        </span>
      )}
    </div>
  );
}
