/**
 * Messages of the first run: the welcome and the no-key invitations. English is the
 * key source; the other locales must have exactly these keys (checked by a unit test).
 */
import type { Widen } from '../widen';

export const firstRunEn = {
  welcome: {
    title: 'Welcome to Yomimono',
    offline: 'Works offline, with no key: furigana, parts of speech and readings, the word panel, read-aloud and review.',
    input: 'Paste or type Japanese text below and press Analyse, or drop or paste an image of Japanese text.',
    keys: 'A key adds translation, explanations, chat and image text: create an <or>{{openrouter}}</or> or a <ge>{{gemini}}</ge>, then paste it in Settings.',
    openrouter: 'OpenRouter key',
    gemini: 'Gemini key',
    addKey: 'Add a key',
    dismiss: 'Got it',
    dismissLabel: 'Close the welcome',
    dictionary: 'The offline dictionary (JMdict and KANJIDIC from the EDRDG, CC BY-SA 4.0) adds meanings and kanji cards with no key. It is about 12 MB, downloaded once.',
    dictionaryDownload: 'Download the dictionary',
    dictionaryBusy: 'Downloading the dictionary…',
    dictionaryDone: 'The offline dictionary is ready: {{entries}} words and {{kanji}} kanji.',
  },
  noKey: {
    analysis: 'Offline analysis: furigana, parts of speech and readings, with no key and no network. A key adds model analysis, translation, explanations, chat and image text.',
    translation: 'Translation comes with an API key (OpenRouter or Gemini).',
    detail: 'From the offline analyser: reading, dictionary form, part of speech and romaji. A key adds meanings, explanations and examples.',
    romaji: 'Romaji',
    chat: 'The tutor chat needs an API key (OpenRouter or Gemini). Your saved conversations stay here.',
    image: 'Reading text from images needs an API key (OpenRouter or Gemini).',
    addKey: 'Add a key',
    dismissLabel: 'Stop showing this invitation',
  },
};

export type FirstRunMessages = Widen<typeof firstRunEn>;
