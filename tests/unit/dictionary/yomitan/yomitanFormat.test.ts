import { describe, expect, it } from 'vitest';
import { DictionaryInputError } from '../../../../electron/core/dictionary/errors';
import { kanjiumLine } from '../../../../electron/core/dictionary/yomitan/kanjiumAccents';
import { bankRows } from '../../../../electron/core/dictionary/yomitan/bankRows';
import { bankOf, kanjiMetaRow, kanjiRow, parseIndex, tagRow, termMetaRow, termRow } from '../../../../electron/core/dictionary/yomitan/yomitanFormat';

const problem = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DictionaryInputError ? e.problem : String(e);
  }
  return undefined;
};

describe('index.json', () => {
  it('reads format or version, the optional fields and format 1 tagMeta', () => {
    expect(parseIndex(JSON.stringify({ title: ' Jitendex ', revision: '2024', format: 3, attribution: 'CC BY-SA', sequenced: true }))).toMatchObject({ title: 'Jitendex', revision: '2024', format: 3, attribution: 'CC BY-SA', sequenced: true });
    expect(parseIndex('\uFEFF' + JSON.stringify({ title: 'Old', revision: '1', version: 1, tagMeta: { n: { category: 'partOfSpeech', notes: 'noun', score: 1 } } }))).toMatchObject({
      format: 1,
      tagMeta: [{ name: 'n', category: 'partOfSpeech', notes: 'noun', score: 1, order: 0 }],
    });
  });

  it('refuses a missing index, no title, no format, a newer format, invalid JSON', () => {
    expect(problem(() => parseIndex(undefined))).toBe('no_index');
    expect(problem(() => parseIndex('{"revision":"1","format":3}'))).toBe('no_index');
    expect(problem(() => parseIndex('{"title":"a","revision":"1"}'))).toBe('no_index');
    expect(problem(() => parseIndex('{"title":"a","revision":"1","format":4}'))).toBe('newer_format');
    expect(problem(() => parseIndex('{"title":'))).toBe('damaged_bank');
  });
});

describe('banks', () => {
  it('names banks by kind and number, nothing else', () => {
    expect(bankOf('term_bank_12.json')).toEqual({ kind: 'term', number: 12 });
    expect(bankOf('term_meta_bank_1.json')).toEqual({ kind: 'term_meta', number: 1 });
    expect(bankOf('kanji_meta_bank_3.json')).toEqual({ kind: 'kanji_meta', number: 3 });
    expect(bankOf('tag_bank_1.json')).toEqual({ kind: 'tag', number: 1 });
    expect(bankOf('img/term_bank_1.json')).toBeNull();
    expect(bankOf('index.json')).toBeNull();
  });

  const rows = (text: string | Uint8Array) => [...bankRows('term_bank_1.json', typeof text === 'string' ? new TextEncoder().encode(text) : text)];

  it('reads a bank row by row: strings holding brackets, commas and escaped quotes, nesting, a BOM, spacing', () => {
    const bank = [['a,]', 'b"[{', '', '', 1, ['x\\', { type: 'structured-content', content: [{ tag: 'span', content: '】,]' }] }], 1, ''], ['日本', 'にほん', null, '', -2.5, [], 2, 'P'], 7, 'plain', { k: [1, [2]] }];
    expect(rows(JSON.stringify(bank))).toEqual(bank);
    expect(rows(`\uFEFF \n[ ${JSON.stringify(bank[1])} ,\n ${JSON.stringify(bank[0])} ]\n`)).toEqual([bank[1], bank[0]]);
    expect(rows('[]')).toEqual([]);
    expect(rows(' [ ] ')).toEqual([]);
  });

  it('refuses a bank that is not a JSON list, cut short, with garbage after it, or not UTF-8', () => {
    for (const bad of ['{}', '[[', '[["a"]', '[["a"],]', '[["a"]] x', '[["a" "b"]]', '', '[1,,2]']) {
      expect(problem(() => rows(bad)), bad).toBe('damaged_bank');
    }
    expect(problem(() => rows(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d])))).toBe('damaged_bank');
  });
});

describe('term rows', () => {
  it('reads format 3 rows with every glossary type', () => {
    const row = termRow(['読む', 'よむ', 'v5 vt', 'v5', 7.6, ['to read', { type: 'text', text: 'to recite' }, { type: 'structured-content', content: { tag: 'div', content: 'rich' } }, ['読む', ['past']], { type: 'image', path: 'a.png' }, 42], 12, 'P ★'], 3);
    expect(row).toMatchObject({ expression: '読む', reading: 'よむ', definitionTags: ['v5', 'vt'], rules: ['v5'], score: 8, sequence: 12, termTags: ['P', '★'] });
    expect(row?.glossary).toEqual([
      { kind: 'text', text: 'to read' },
      { kind: 'text', text: 'to recite' },
      { kind: 'rich', content: { tag: 'div', content: 'rich' } },
      { kind: 'text', text: '→ 読む' },
      { kind: 'rich', content: { tag: 'img', path: 'a.png' } },
    ]);
  });

  it('reads format 1 rows, an empty reading as the expression, and refuses wrong shapes', () => {
    expect(termRow(['ねこ', '', 'n', '', 0, 'cat', 'kitty'], 1)).toMatchObject({ reading: 'ねこ', glossary: [{ kind: 'text', text: 'cat' }, { kind: 'text', text: 'kitty' }], sequence: null });
    expect(termRow(['a', 'a', '', '', 0, 'not a list', 1, ''], 3)).toBeNull();
    expect(termRow([1, 'a'], 3)).toBeNull();
    expect(termRow('x', 3)).toBeNull();
  });
});

describe('meta rows', () => {
  it('freq: a number, a string, { value, displayValue }, per reading', () => {
    expect(termMetaRow(['a', 'freq', 5])).toEqual({ expression: 'a', meta: { mode: 'freq', data: { value: 5 } } });
    expect(termMetaRow(['a', 'freq', '1234㋕'])).toEqual({ expression: 'a', meta: { mode: 'freq', data: { value: 1234, display: '1234㋕' } } });
    expect(termMetaRow(['a', 'freq', { value: 3, displayValue: 'N3' }])).toEqual({ expression: 'a', meta: { mode: 'freq', data: { value: 3, display: 'N3' } } });
    expect(termMetaRow(['日', 'freq', { reading: 'ひ', frequency: { value: 9 } }])).toEqual({ expression: '日', meta: { mode: 'freq', data: { value: 9, reading: 'ひ' } } });
    expect(termMetaRow(['日', 'freq', { reading: 'ひ', frequency: 9 }])).toEqual({ expression: '日', meta: { mode: 'freq', data: { value: 9, reading: 'ひ' } } });
    expect(termMetaRow(['a', 'freq', null])).toBeNull();
  });

  it('pitch: positions, nasal and devoiced as a number or a list, tags', () => {
    expect(termMetaRow(['鏡', 'pitch', { reading: 'かがみ', pitches: [{ position: 3, nasal: 2, devoice: [1, 2], tags: ['n'] }, { position: 0 }] }])).toEqual({
      expression: '鏡',
      meta: { mode: 'pitch', data: { reading: 'かがみ', pitches: [{ position: 3, nasal: [2], devoice: [1, 2], tags: ['n'] }, { position: 0, nasal: [], devoice: [], tags: [] }] } },
    });
    expect(termMetaRow(['鏡', 'pitch', { reading: 'かがみ', pitches: [{ position: -1 }] }])).toBeNull();
    expect(termMetaRow(['鏡', 'pitch', { pitches: [] }])).toBeNull();
  });

  it('ipa; an unknown kind is skipped, not a damage', () => {
    expect(termMetaRow(['猫', 'ipa', { reading: 'ねこ', transcriptions: [{ ipa: 'neko', tags: ['n'] }] }])).toEqual({ expression: '猫', meta: { mode: 'ipa', data: { reading: 'ねこ', transcriptions: [{ ipa: 'neko', tags: ['n'] }] } } });
    expect(termMetaRow(['猫', 'sound', {}])).toBe('unknown');
    expect(termMetaRow(['猫'])).toBeNull();
  });
});

describe('kanji and tag rows', () => {
  it('reads format 3 and format 1 kanji rows, kanji meta and tags', () => {
    expect(kanjiRow(['猫', 'ビョウ ミョウ', 'ねこ', 'jouyou', ['cat'], { strokes: '11', freq: 1702 }], 3)).toEqual({ character: '猫', onyomi: ['ビョウ', 'ミョウ'], kunyomi: ['ねこ'], tags: ['jouyou'], meanings: ['cat'], stats: { strokes: '11', freq: '1702' } });
    expect(kanjiRow(['山', 'サン', 'やま', '', 'mountain', 'hill'], 1)).toMatchObject({ meanings: ['mountain', 'hill'], stats: {} });
    expect(kanjiMetaRow(['猫', 'freq', 1702])).toEqual({ character: '猫', freq: { value: 1702 } });
    expect(kanjiMetaRow(['猫', 'pitch', 1])).toBeNull();
    expect(tagRow(['v1', 'partOfSpeech', -3, 'Ichidan verb', 0])).toEqual({ name: 'v1', category: 'partOfSpeech', order: -3, notes: 'Ichidan verb', score: 0 });
    expect(tagRow([1])).toBeNull();
  });
});

describe("Kanjium's accents.txt", () => {
  it('reads positions, several accents, part-of-speech notes and kana words with no reading', () => {
    expect(kanjiumLine('１\tひと\t0,2')).toEqual({ expression: '１', meta: { mode: 'pitch', data: { reading: 'ひと', pitches: [{ position: 0, nasal: [], devoice: [], tags: [] }, { position: 2, nasal: [], devoice: [], tags: [] }] } } });
    const kasa = kanjiumLine('かさかさ\t\t(副)1,(形動)0');
    expect(kasa?.meta.data).toMatchObject({ reading: 'かさかさ', pitches: [{ position: 1, tags: ['副'] }, { position: 0, tags: ['形動'] }] });
    expect(kanjiumLine('お手前\tおてまえ\t(名)2,(代)2,0')?.meta.data).toMatchObject({ pitches: [{ position: 2, tags: ['名', '代'] }, { position: 0 }] });
    expect(kanjiumLine('')).toBeNull();
    expect(kanjiumLine('語\tご\t')).toBeNull();
  });
});
