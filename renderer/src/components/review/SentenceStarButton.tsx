import { useTranslation } from 'react-i18next';
import { StarIcon } from '../reader/icons';
import { useSentenceStar } from './useDetailStar';

/** Saves the sentence (with its translation) as a review card; pressing again removes it. */
export function SentenceStarButton({ sentence }: { sentence: string }) {
  const { t } = useTranslation();
  const { starred, toggle } = useSentenceStar(sentence);
  const label = starred ? t('review.sentenceStarred') : t('review.sentenceStar');
  return (
    <button
      type="button"
      className={`icon-button small star${starred ? ' on' : ''}`}
      aria-label={label}
      aria-pressed={starred}
      title={label}
      data-testid="sentence-star"
      onClick={toggle}
    >
      <StarIcon filled={starred} />
    </button>
  );
}
