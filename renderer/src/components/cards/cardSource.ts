import { cardSourceLabel, type ReviewCard } from '../../../../shared/contract/review';

/** A card's source in one line: the book and chapter, else the document. */
export const sourceOf = (c: ReviewCard) => cardSourceLabel(c.source) || c.sourceLabel || '';
