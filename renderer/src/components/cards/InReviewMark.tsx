import { useTranslation } from 'react-i18next';
import type { StarredState } from '../../../../shared/contract/review';
import { formatDay } from '../../i18n/dateFormats';
import { useCardFocus } from './cardFocus';

/** "In review since …" beside a word that is a card already, with a link to that card. */
export function InReviewMark({ state }: { state: StarredState | null }) {
  const { t, i18n } = useTranslation();
  if (!state?.starred || state.cardId === undefined) return null;
  const date = state.since ? formatDay(state.since, i18n.language) : '';
  const id = state.cardId;
  return (
    <p className="in-review" data-testid="in-review" data-card-id={id}>
      <span>{t('cards.inReviewSince', { date })}</span>{' '}
      <button type="button" className="link-button small" data-testid="open-card" onClick={() => useCardFocus.getState().open(id)}>
        {t('cards.open')}
      </button>
    </p>
  );
}
