import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardEditInput } from '../../../../shared/contract/cards';
import type { ReviewCard } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';
import { errorText } from '../../errors/errorText';
import { sourceOf } from './cardSource';

const FIELDS = ['word', 'reading', 'meaning', 'sentence', 'translation', 'notes'] as const;
type Field = (typeof FIELDS)[number];
const LONG = new Set<Field>(['meaning', 'sentence', 'translation', 'notes']);

/** One card to edit (word, reading, meaning, sentence, translation, notes) or delete; what the model explained is shown beside. */
export function CardEditor({ card, onClose, onChanged }: { card: ReviewCard; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    word: card.word,
    reading: card.reading,
    meaning: card.meaning,
    sentence: card.sentence,
    translation: card.translation,
    notes: card.notes ?? '',
  }));
  const [error, setError] = useState<string | null>(null);
  const [picture, setPicture] = useState<string | null>(null);
  const [dropPicture, setDropPicture] = useState(false);
  const fields = FIELDS.filter((f) => card.kind === 'word' || (f !== 'word' && f !== 'reading' && f !== 'meaning'));

  useEffect(() => {
    if (!card.hasPicture) return;
    let live = true;
    void bridge.call('cards.picture', card.id).then((r) => live && r.ok && r.value && setPicture(`data:${r.value.mimeType};base64,${r.value.dataBase64}`));
    return () => {
      live = false;
    };
  }, [card.id, card.hasPicture]);

  const save = async () => {
    const change: CardEditInput = {};
    for (const f of fields) if (values[f] !== ((card[f] as string | undefined) ?? '')) change[f] = values[f];
    if (dropPicture) change.removePicture = true;
    const r = await bridge.call('cards.update', card.id, change);
    if (!r.ok) return setError(r.error.status === 409 ? t('cards.browser.taken') : t('cards.browser.saveFailed', { message: errorText(t, r.error) }));
    onChanged();
  };
  const remove = async () => {
    if (!window.confirm(t('cards.browser.confirmDelete'))) return;
    const r = await bridge.call('cards.delete', card.id);
    if (!r.ok) return setError(t('cards.browser.saveFailed', { message: errorText(t, r.error) }));
    onChanged();
  };

  return (
    <form
      className="card-editor"
      data-testid="card-editor"
      data-card-id={card.id}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {fields.map((f) => (
        <label key={f} className="field">
          <span className="field-label">{t(`cards.browser.fields.${f}`)}</span>
          {LONG.has(f) ? (
            <textarea value={values[f]} rows={f === 'notes' ? 3 : 2} lang={f === 'sentence' ? 'ja' : undefined} onChange={(e) => setValues({ ...values, [f]: e.target.value })} data-testid={`card-edit-${f}`} />
          ) : (
            <input type="text" value={values[f]} lang="ja" onChange={(e) => setValues({ ...values, [f]: e.target.value })} data-testid={`card-edit-${f}`} />
          )}
        </label>
      ))}
      {card.explanation && (
        <p className="card-explanation">
          <span className="muted">{t('cards.browser.explanation')}</span> {card.explanation}
        </p>
      )}
      {sourceOf(card) && (
        <p className="muted" lang="ja">
          {t('cards.browser.source')}: {sourceOf(card)}
        </p>
      )}
      {picture && !dropPicture && (
        <div className="inline-actions">
          <img className="card-picture" src={picture} alt="" data-testid="card-picture" />
          <button type="button" className="small" onClick={() => setDropPicture(true)} data-testid="card-remove-picture">
            {t('cards.browser.removePicture')}
          </button>
        </div>
      )}
      {error && (
        <p className="error" role="alert" data-testid="card-edit-error">
          {error}
        </p>
      )}
      <div className="inline-actions">
        <button type="submit" data-testid="card-save">
          {t('cards.browser.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('cards.browser.cancel')}
        </button>
        <span className="toolbar-spacer" />
        <button type="button" className="danger" onClick={() => void remove()} data-testid="card-delete">
          {t('cards.browser.delete')}
        </button>
      </div>
    </form>
  );
}
