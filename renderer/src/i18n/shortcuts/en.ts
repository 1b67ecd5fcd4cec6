/**
 * Messages of the keyboard shortcuts: the actions of shared/shortcuts.ts, Settings → Keyboard,
 * the `?` overlay and the hints that name keys. English is the key source; the other locales
 * must have exactly these keys.
 */
import type { Widen } from '../widen';

export const shortcutsEn = {
  shortcuts: {
    title: 'Keyboard shortcuts',
    help: 'Every shortcut of the app. Press {{key}} anywhere to see them.',
    change: 'Change shortcuts',
    close: 'Close',
    or: 'or',
    noKey: 'No key',
    fixed: 'Fixed',
    scopes: { global: 'Everywhere', popup: 'Dictionary popup', reader: 'Reader', book: 'Books', review: 'Review', chat: 'Tutor chat' },
    actions: {
      app: {
        help: 'Show the keyboard shortcuts',
        settings: 'Open Settings',
        close: 'Close the newest popup, card, panel or dialog (in Settings: back to the reader)',
        fullScreen: 'Full screen',
      },
      reader: {
        analyze: 'Analyse the text (in the text box)',
        reanalyze: 'Analyse again, replacing the stored analysis (in the text box)',
        openWord: 'Open the panel of the word in focus',
        extendPhrase: 'Add the word in focus to the phrase',
        move: 'Move between words and lines; Home and End: the first or last word',
        extendMove: 'Grow the phrase',
      },
      book: {
        nextPage: 'Next page',
        prevPage: 'Previous page',
        wordMode: 'Choose words with the keyboard; on a word: open its panel',
        arrows: 'Turn the page the way the arrow points; in word mode: the next word or line',
        extendMove: 'In word mode: grow the phrase',
        immersive: 'Immersive view: the book alone on the window',
        theme: 'Next page colour',
        writingMode: 'Vertical or horizontal text',
        bookmark: 'Bookmark the page in view',
        bookmarks: 'Show the bookmarks',
        contents: 'Show the contents',
        display: 'Reading display: typeface, size, spacing, colours',
        fontLarger: 'Larger text',
        fontSmaller: 'Smaller text',
      },
      review: {
        reveal: 'Show the answer',
        again: 'Grade “{{grade}}”',
        hard: 'Grade “{{grade}}”',
        good: 'Grade “{{grade}}”',
        easy: 'Grade “{{grade}}”',
      },
      word: { cycleStatus: 'Change the status of the word under the pointer or selected (new → learning → known)' },
      chat: { send: 'Send the message (Shift+Enter: a new line)' },
    },
    lookup: {
      label: 'Look up the word under the pointer',
      keys: { shift: 'Hold Shift', alt: 'Hold Alt', ctrl: 'Hold Ctrl', hover: 'No key: hover', off: 'Off' },
      help: 'Hold the key while pointing at Japanese text, or press it once over a word. A click, a drag or another key pressed with it does its own thing and opens no popup.',
      hoverHelp: 'Resting the pointer on Japanese text for a moment shows its entries; moving away closes them.',
    },
    gestures: {
      heading: 'Mouse',
      readerClick: 'Click a word: its panel',
      readerPhrase: 'Drag across words, or Shift+click: explain a phrase',
      bookSelect: 'Click a word: its panel · Select words: explain a phrase',
      kanji: 'Click a kanji in a popup or panel: its kanji card',
    },
    keyNames: { Space: 'Space', Escape: 'Esc' },
    settings: {
      add: 'Add a key',
      remove: 'Remove {{key}}',
      reset: 'Default keys',
      resetAll: 'Restore every default shortcut',
      press: 'Press the new key for “{{action}}” (Esc cancels)…',
      cancel: 'Cancel',
      clash: '{{key}} is already used for “{{action}}” ({{scope}}). Choose another key, or remove it there first.',
      reserved: '{{key}} moves the focus between controls, so it cannot be a shortcut.',
      tooMany: 'One action takes at most {{count}} keys.',
    },
    hints: {
      book: '{{wordMode}}: choose words with the keyboard · {{pages}}: turn pages · {{help}}: all shortcuts',
      bookWords: 'Arrows: next word or line · Shift+arrows: a phrase · {{open}}: open the panel · Esc: close',
      review: '{{reveal}} shows the answer; {{grades}} grade it.',
    },
  },
};

export type ShortcutsMessages = Widen<typeof shortcutsEn>;
