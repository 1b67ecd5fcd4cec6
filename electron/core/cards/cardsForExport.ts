import type { ExportScope } from '../../../shared/contract/cards';
import type { ReviewCard } from '../../../shared/contract/review';
import type { ReviewService } from '../review/reviewService';

/** The cards an export takes: those selected, every card, or those added or edited since the last export. */
export function cardsForExport(review: Pick<ReviewService, 'select' | 'notExported'>, scope: ExportScope): ReviewCard[] {
  return scope.kind === 'selected' ? review.select(scope.cardIds) : scope.kind === 'all' ? review.select() : review.notExported();
}
