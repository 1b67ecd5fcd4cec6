/**
 * Yomitan-format dictionaries written by the tests: every glossary type (plain strings, `text`
 * items, structured content with lists, tables, ruby, links and styles, images, deinflection
 * items) and every meta kind (freq as a number, a string, `{ value, displayValue }`, per reading;
 * pitch with nasal and devoiced morae; ipa), kanji and kanji meta banks, tag banks.
 */
import { makeZip, type ZipEntries } from '../books/zipWriter';

export interface YomitanFixture {
  index?: Record<string, unknown> | null;
  terms?: unknown[][];
  termMeta?: unknown[][];
  kanji?: unknown[][];
  kanjiMeta?: unknown[][];
  tags?: unknown[][];
  /** Extra raw entries (a damaged bank). */
  extra?: ZipEntries;
}

export function yomitanZip(f: YomitanFixture): Uint8Array {
  const entries: ZipEntries = {};
  if (f.index !== null) entries['index.json'] = JSON.stringify(f.index ?? { title: 'Test Dict', revision: 'r1', format: 3, sequenced: true, attribution: 'CC BY-SA 4.0 Test Authors', author: 'Tester' });
  if (f.tags) entries['tag_bank_1.json'] = JSON.stringify(f.tags);
  if (f.terms) entries['term_bank_1.json'] = JSON.stringify(f.terms);
  if (f.termMeta) entries['term_meta_bank_1.json'] = JSON.stringify(f.termMeta);
  if (f.kanji) entries['kanji_bank_1.json'] = JSON.stringify(f.kanji);
  if (f.kanjiMeta) entries['kanji_meta_bank_1.json'] = JSON.stringify(f.kanjiMeta);
  return makeZip({ ...entries, ...f.extra });
}

export const STRUCTURED = {
  type: 'structured-content',
  content: [
    { tag: 'span', style: { fontWeight: 'bold', color: 'red' }, class: 'evil', content: 'noun' },
    {
      tag: 'ul',
      content: [
        { tag: 'li', content: 'to eat' },
        { tag: 'li', content: ['to live on ', { tag: 'ruby', content: ['給料', { tag: 'rt', content: 'きゅうりょう' }] }] },
      ],
    },
    { tag: 'table', content: [{ tag: 'tr', content: [{ tag: 'td', content: 'cell' }] }] },
    { tag: 'a', href: 'https://example.org/eat', content: 'source' },
    { tag: 'a', href: 'javascript:alert(1)', content: 'bad link' },
    { tag: 'script', content: 'hidden?' },
    { tag: 'div', onclick: 'x()', style: { textDecorationLine: 'line-through' }, content: 'old sense' },
  ],
};

/** A full format-3 dictionary: what the integration tests import. */
export function fullFixture(): YomitanFixture {
  return {
    tags: [
      ['v1', 'partOfSpeech', 0, 'Ichidan verb', 0],
      ['n', 'partOfSpeech', 0, 'noun', 0],
      ['P', 'popular', -10, 'popular term', 10],
      ['arch', 'archaism', 0, 'archaic', -1],
    ],
    terms: [
      ['食べる', 'たべる', 'v1 P', 'v1', 100, [STRUCTURED], 1, 'P'],
      ['猫', 'ねこ', 'n', '', 50, ['cat', { type: 'text', text: 'feline' }], 2, ''],
      ['犬', 'いぬ', 'n arch', '', 40, [{ type: 'image', path: 'img/dog.png', width: 10, height: 10, title: 'a dog' }, 'dog'], 3, ''],
      ['食べた', 'たべた', '', '', 0, [['食べる', ['past']]], 4, ''],
    ],
    termMeta: [
      ['食べる', 'freq', 120],
      ['猫', 'freq', '3500㋕'],
      ['犬', 'freq', { value: 800, displayValue: '800 (news)' }],
      ['日', 'freq', { reading: 'ひ', frequency: 40 }],
      ['日', 'freq', { reading: 'にち', frequency: { value: 90, displayValue: '90' } }],
      ['食べる', 'pitch', { reading: 'たべる', pitches: [{ position: 2, devoice: [1] }] }],
      ['鏡', 'pitch', { reading: 'かがみ', pitches: [{ position: 3, nasal: 2, tags: ['n'] }, { position: 0 }] }],
      ['猫', 'ipa', { reading: 'ねこ', transcriptions: [{ ipa: 'ne̞ko̞', tags: ['n'] }] }],
    ],
    kanji: [['猫', 'ビョウ', 'ねこ', 'jouyou', ['cat'], { strokes: '11', grade: '8' }]],
    kanjiMeta: [['猫', 'freq', 1702]],
  };
}
