/** Messages of the reading correction in the word panel. English is the key source. */
import type { Widen } from '../widen';

export const readingsEn = {
  readings: {
    edit: 'Correct the reading',
    editTitle: 'Correct the reading of {{word}} (shown wherever it appears)',
    label: 'Reading of {{word}}',
    save: 'Save',
    cancel: 'Cancel',
    reset: 'Use the usual reading',
    yours: 'your reading',
    help: 'In kana. {{word}} will be read so everywhere: texts, books, the daily sentence, history and review.',
    notKana: 'Write the reading in kana (hiragana or katakana).',
    failed: 'The reading could not be saved. Try again.',
  },
};

export type ReadingsMessages = Widen<typeof readingsEn>;
