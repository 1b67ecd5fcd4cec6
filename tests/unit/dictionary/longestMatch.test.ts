import { describe, expect, it } from 'vitest';
import type { DictionarySense } from '../../../shared/contract/dictionary';
import type { FormHit, StoredEntry } from '../../../electron/core/dictionary/dictionaryStore';
import { lookup } from '../../../electron/core/dictionary/lookup';
import { entryClasses } from '../../../electron/core/dictionary/wordClass';

/** A reader over a handful of entries, in memory: the ranking is what is tested here. */
function reader(entries: { id: number; kanji: string[]; readings: string[]; pos: string[]; score?: number; common?: boolean }[]) {
  const byId = new Map<number, StoredEntry>();
  const forms = new Map<string, FormHit[]>();
  for (const e of entries) {
    const sense: DictionarySense = { pos: e.pos, posCodes: e.pos, glosses: [`gloss ${e.id}`], misc: [], miscCodes: [], field: [], dialect: [], info: [], lang: 'eng' };
    byId.set(e.id, { id: e.id, kanji: e.kanji, readings: e.readings, common: e.common ?? false, senses: [sense] });
    for (const [form, isKanji] of [...e.kanji.map((k) => [k, true] as const), ...e.readings.map((r) => [r, false] as const)]) {
      const hit: FormHit = {
        entryId: e.id,
        formScore: e.score ?? 0,
        isKanji,
        entryScore: e.score ?? 0,
        classes: entryClasses(e.pos, [...e.kanji, ...e.readings]),
        common: e.common ?? false,
        readingsJson: JSON.stringify(e.readings),
      };
      forms.set(form, [...(forms.get(form) ?? []), hit]);
    }
  }
  return { hits: (f: string) => forms.get(f) ?? [], entry: (id: number) => byId.get(id) ?? null };
}

const dict = reader([
  { id: 1, kanji: ['東京'], readings: ['とうきょう'], pos: ['n'], score: 30, common: true },
  { id: 2, kanji: ['東京大学'], readings: ['とうきょうだいがく'], pos: ['n'] },
  { id: 3, kanji: ['大学'], readings: ['だいがく'], pos: ['n'], score: 30, common: true },
  { id: 4, kanji: ['東'], readings: ['ひがし'], pos: ['n'] },
  { id: 5, kanji: ['食べる'], readings: ['たべる'], pos: ['v1', 'vt'], score: 30, common: true },
  { id: 6, kanji: ['見せる'], readings: ['みせる'], pos: ['v1'] },
  { id: 7, kanji: ['端'], readings: ['はし'], pos: ['n'] },
  { id: 8, kanji: ['橋'], readings: ['はし'], pos: ['n'], score: 72, common: true },
  { id: 9, kanji: ['箸'], readings: ['はし'], pos: ['n'], score: 30, common: true },
  { id: 10, kanji: ['食'], readings: ['しょく'], pos: ['n'] },
  { id: 11, kanji: ['見せ'], readings: ['みせ'], pos: ['n'] },
  { id: 12, kanji: ['食べ'], readings: ['たべ'], pos: ['n'] },
  { id: 13, kanji: ['食'], readings: ['じき'], pos: ['n'], score: 10 },
  { id: 20, kanji: ['下'], readings: ['した'], pos: ['n'], score: 30, common: true },
  { id: 21, kanji: ['為る'], readings: ['する'], pos: ['vs-i'], score: 30, common: true },
  { id: 22, kanji: ['待つ'], readings: ['まつ'], pos: ['v5t'], score: 30, common: true },
  { id: 23, kanji: ['待たす'], readings: ['またす'], pos: ['v5s'], score: 30, common: true },
  { id: 24, kanji: ['本'], readings: ['ほん'], pos: ['n'], score: 30, common: true },
  { id: 25, kanji: ['静か'], readings: ['しずか'], pos: ['adj-na'], score: 30, common: true },
  { id: 26, kanji: ['勉強'], readings: ['べんきょう'], pos: ['n', 'vs'], score: 30, common: true },
  { id: 27, kanji: [], readings: ['ありがとうございます'], pos: ['int'], score: 30, common: true },
  { id: 28, kanji: ['良い'], readings: ['よい', 'いい'], pos: ['adj-i'], score: 30, common: true },
  { id: 29, kanji: [], readings: ['すげえ'], pos: ['int'] },
  { id: 30, kanji: ['凄い'], readings: ['すごい'], pos: ['adj-i'], score: 30, common: true },
  { id: 31, kanji: ['雨'], readings: ['あめ'], pos: ['n'], score: 30, common: true },
]);

describe('longest match from the cursor', () => {
  it('finds the compound the analyzer would split, before its parts', () => {
    const ids = lookup(dict, '東京大学に行く').map((e) => e.id);
    expect(ids[0]).toBe(2);
    expect(ids.slice(1)).toEqual([1, 4]);
  });

  it('finds the verb of an inflected form, with how it matched', () => {
    const [first] = lookup(dict, '食べられなかったので');
    expect(first).toMatchObject({ id: 5, matched: '食べられなかった', term: '食べる', reasons: ['potentialOrPassive', 'negative', 'past'] });
    expect(lookup(dict, '見せてくれる')[0]).toMatchObject({ id: 6, matched: '見せてくれる' });
    expect(lookup(dict, '食べた。')[0]).toMatchObject({ id: 5, matched: '食べた' });
  });

  it('a deinflected form only matches an entry of its word class', () => {
    // 食べ as a noun (id 12) matches as written, but 食べた → 食べる must be the verb, and 見せる's past is not the noun 見せ.
    const entries = lookup(dict, '見せた');
    expect(entries[0]).toMatchObject({ id: 6, term: '見せる' });
    expect(entries.find((e) => e.id === 11)).toMatchObject({ matched: '見せ', reasons: [] });
  });

  it('looks kana up by reading and sorts homonyms by commonness; a wanted reading comes first', () => {
    expect(lookup(dict, 'はし').map((e) => e.id)).toEqual([8, 9, 7]);
    expect(lookup(dict, 'ハシ').map((e) => e.id)).toEqual([8, 9, 7]);
    expect(lookup(dict, '食')[0]?.id).toBe(13);
    expect(lookup(dict, '食', { reading: 'しょく' })[0]?.id).toBe(10);
    expect(lookup(dict, '食', { reading: 'ショク' })[0]?.id).toBe(10);
  });

  it('stops at punctuation and finds nothing in text with no entry', () => {
    expect(lookup(dict, '、東京')).toEqual([]);
    expect(lookup(dict, 'xyz')).toEqual([]);
  });
});

describe('ranking of what the rules find', () => {
  it('the text as written before a guess at an inflection: した is 下 before する', () => {
    expect(lookup(dict, 'した').map((e) => e.id)).toEqual([20, 21]);
    expect(lookup(dict, 'した')[1]).toMatchObject({ term: 'する', reasons: ['past'] });
  });

  it('two words a chain fits as well: the plainer one first, both offered (待たされる: 待つ, 待たす)', () => {
    const entries = lookup(dict, '待たされる');
    expect(entries.map((e) => e.id)).toEqual([22, 23]);
    expect(entries[0]).toMatchObject({ reasons: ['causativePassive'] });
    expect(entries[1]).toMatchObject({ reasons: ['passive'] });
  });

  it('a chain never ends on a word of the wrong class: the particle や after a noun is no copula', () => {
    expect(lookup(dict, '本や雑誌')[0]).toMatchObject({ id: 24, matched: '本', reasons: [] });
    expect(lookup(dict, '静かや')[0]).toMatchObject({ id: 25, matched: '静かや', reasons: ['kansaiCopula'] });
    expect(lookup(dict, '雨やった')[0]).toMatchObject({ id: 31, matched: '雨やった', reasons: ['kansaiCopula', 'past'] });
  });

  it('a noun that takes する is found from the verb (勉強した → 勉強)', () => {
    expect(lookup(dict, '勉強したい')[0]).toMatchObject({ id: 26, matched: '勉強したい', term: '勉強', reasons: ['suru', 'tai'] });
  });

  it('a set phrase in ます conjugates as ます does; ～っす takes any word', () => {
    expect(lookup(dict, 'ありがとうございました')[0]).toMatchObject({ id: 27, matched: 'ありがとうございました', reasons: ['past'] });
    expect(lookup(dict, 'いいっす')[0]).toMatchObject({ id: 28, matched: 'いいっす', reasons: ['ssu'] });
  });

  it('slang offers both the slang entry as written and the adjective it comes from', () => {
    expect(lookup(dict, 'すげえ').map((e) => e.id)).toEqual([29, 30]);
    expect(lookup(dict, 'すげえ')[1]).toMatchObject({ term: 'すごい', reasons: ['slang'] });
  });
});
