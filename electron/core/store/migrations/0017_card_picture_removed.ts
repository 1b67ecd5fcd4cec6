import type { Migration } from './types';

/**
 * A card whose picture the learner took off remembers it (`picture_removed`): starring the same
 * word again beside the same illustration must not put the picture back. The learner's choice
 * wins; a picture the learner gives (an image, a region of it) is a new choice and clears it.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'card picture removed by the learner',
  up(db) {
    db.exec('ALTER TABLE review_cards ADD COLUMN picture_removed INTEGER NOT NULL DEFAULT 0');
  },
};
