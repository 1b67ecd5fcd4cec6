/** Messages of the offline dictionary (entries, hover popup, kanji card, settings). English is the key source. */
import type { Widen } from '../widen';

export const dictionaryEn = {
  dictionary: {
    heading: 'Dictionary',
    englishGlosses: 'English meanings (JMdict; the dictionary has none in your language)',
    common: 'common',
    loading: 'Looking up…',
    none: 'Not in the offline dictionary.',
    notInstalled: 'No offline dictionary yet: download it in Settings → Offline dictionary.',
    needsImport: 'The offline dictionary must be downloaded or imported again (Settings → Offline dictionary).',
    matched: '{{term}} — {{matched}}',
    more: '{{count}} more entries',
    kanjiHint: 'Click a kanji for its card',
    exportMissingAudio: '{{count}} without audio: speech synthesis failed.',
    kanji: {
      title: 'Kanji {{literal}}',
      on: 'On',
      kun: 'Kun',
      nanori: 'Names',
      meanings: 'Meanings',
      strokes: 'Strokes: {{count}}',
      grade: 'Grade {{grade}}',
      gradeSecondary: 'Jōyō kanji, secondary school',
      gradeJinmeiyo: 'Name kanji (jinmeiyō)',
      freq: 'Frequency rank {{freq}}',
      jlpt: 'Old JLPT level {{level}}',
      notFound: 'No KANJIDIC card for {{literal}}.',
      close: 'Close the kanji card',
    },
    popup: {
      label: 'Dictionary entries for {{text}}',
    },
    settings: {
      legend: 'Offline dictionary',
      help: 'JMdict (words) and KANJIDIC2 (kanji) answer instantly, offline and with no key. The model’s explanation follows when a key is set.',
      status: 'Edition {{edition}} · {{entries}} entries · {{kanji}} kanji',
      statusImported: 'imported {{date}}',
      empty: 'Not installed.',
      outdated: 'The dictionary was made by another version of Yomimono and cannot be read: download or import it again.',
      unreadable: 'The dictionary file is damaged and cannot be read: download or import it again.',
      download: 'Download from EDRDG',
      downloadHelp: 'JMdict_e.gz (about 10 MB) and kanjidic2.xml.gz (about 1.5 MB).',
      downloading: 'Downloading {{file}}: {{done}} of {{total}}',
      downloadingNoTotal: 'Downloading {{file}}: {{done}}',
      importing: 'Importing {{file}}: {{percent}}%',
      importFile: 'Import a file',
      importFileHelp: 'JMdict, JMdict_e or KANJIDIC2 XML, or EDICT / KANJIDIC text; gzipped or not, up to 64 MB.',
      done: 'Dictionary ready: {{entries}} entries, {{kanji}} kanji.',
      progressLabel: 'Dictionary progress',
    },
    licence: {
      text: 'The dictionary files are the property of the Electronic Dictionary Research and Development Group (EDRDG) and are used in conformance with the Group’s licence (CC BY-SA 4.0).',
      link: 'EDRDG licence',
    },
    errors: {
      not_dictionary: 'This file is not a JMdict, KANJIDIC2, EDICT or KANJIDIC dictionary. Nothing was changed.',
      truncated: 'The file is truncated or damaged (an incomplete download?). Nothing was changed.',
      external_entity: 'The file refers to external entities, which are refused for safety. Nothing was changed.',
      entity_limit: 'The file declares entities that expand far too much (an XML bomb?). Nothing was changed.',
      too_large: 'The file is too large (over 64 MB; import it gzipped). Nothing was changed.',
      malformed: 'The file is not well-formed XML. Nothing was changed.',
    },
    about: {
      legend: 'About',
      version: 'Yomimono {{version}}',
    },
  },
};

export type DictionaryMessages = Widen<typeof dictionaryEn>;
