/** Messages of word knowledge: statuses, marks, imports, the word list. English is the key source. */
import type { Widen } from '../widen';

export const wordsEn = {
  words: {
    status: { new: 'New', learning: 'Learning', known: 'Known', ignored: 'Ignored' },
    source: { mark: 'marked by you', review: 'from review', anki: 'from Anki', list: 'from a word list' },
    control: {
      label: 'Status of {{word}}',
      hint: 'Press {{key}} over a word to change its status',
    },
    settings: {
      title: 'Word knowledge',
      help: 'Each word is new, learning, known or ignored (names, sounds, words you never want flagged). Statuses come from your marks, your review cards, Anki and word lists; a status you marked by hand is never overwritten by an import without asking.',
      marks: 'Mark new and learning words in texts and books',
      marksHelp: 'New words are underlined with dots, learning words with a solid line on a light tint; known and ignored words stay plain.',
      reviewThreshold: 'A review card makes its word known after',
      days: 'days of stability',
      counts: '{{known}} known · {{learning}} learning · {{ignored}} ignored',
    },
    list: {
      title: 'Your words',
      search: 'Search a word or reading',
      all: 'All',
      empty: 'No word here yet.',
      term: 'Word',
      reading: 'Reading',
      status: 'Status',
      source: 'Source',
      changed: 'Changed',
      more: 'Show more',
      shown: '{{shown}} of {{total}}',
    },
    importList: {
      title: 'Import a word list',
      help: 'One word a line, as other tools export them: a word, or a word, a tab and its reading.',
      placeholder: '食べる\n猫\tねこ',
      open: 'Open a file…',
      as: 'Import as',
      run: 'Import',
      done: '{{added}} words changed, {{unchanged}} already so.',
      unrecognized_one: '{{count}} line is not a word:',
      unrecognized_other: '{{count}} lines are not words:',
      moreLines: '… and {{count}} more',
    },
    conflicts: {
      title_one: '{{count}} word you marked by hand was left as it is',
      title_other: '{{count}} words you marked by hand were left as they are',
      item: '{{word}}: {{status}} (the import says {{wanted}})',
      overwrite: 'Replace them with the import’s',
    },
    anki: {
      title: 'Import from Anki',
      help: 'Through AnkiConnect (Anki must be running with the add-on). Cards whose interval reaches the threshold make their word known, the others learning.',
      query: 'Anki search',
      queryPlaceholder: 'deck:Mining',
      findFields: 'Find the fields',
      cards_one: '{{count}} card found',
      cards_other: '{{count}} cards found',
      field: 'Field holding the word',
      knownAfter: 'Known from an interval of',
      suspended: 'Suspended cards',
      suspendedChoice: { skip: 'Leave out', learning: 'Learning', known: 'Known' },
      run: 'Import',
      progress: 'Reading Anki: {{done}} of {{total}} cards',
      searching: 'Searching Anki…',
      saving: 'Saving…',
      done: '{{known}} known, {{learning}} learning, {{skipped}} skipped ({{notes}} notes).',
    },
    export: {
      title: 'Export',
      csv: 'Export as CSV',
      list: 'Export as a word list',
    },
    failed: 'The status could not be saved. Try again.',
  },
};

export type WordsMessages = Widen<typeof wordsEn>;
