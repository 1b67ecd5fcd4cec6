/** The renderer's lookup cache: answered lookups are readable at once (a hover draws them in its frame). */
import { describe, expect, it, vi } from 'vitest';
import type { DictionaryEntry } from '../../../../../shared/contract/dictionary';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../../support/bridgeStub';

vi.mock('../../../../../renderer/src/bridge', async () => (await import('../../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { answeredEntries, lookupEntries, prefetchEntries } = await import('../../../../../renderer/src/components/dictionary/dictionaryStore');

const entry = (id: number, matched: string): DictionaryEntry => ({ id, kanji: [matched], readings: [], common: true, senses: [], matched, term: matched, reasons: [], dictionary: 'JMdict', frequencies: [], pitches: [], jlpt: null });
const lookups = () => b.calls.filter((c) => c.method === 'dictionary.lookup');

describe('dictionary lookups in the renderer', () => {
  it('one call per text; once answered, the entries are there without waiting', async () => {
    b.answers.set('dictionary.lookup', (text) => ({ ok: true, value: [entry(1, String(text).slice(0, 2))] }));
    expect(answeredEntries('東京に行く')).toBeUndefined();
    const pending = lookupEntries('東京に行く');
    expect(answeredEntries('東京に行く')).toBeUndefined();
    expect((await pending).map((e) => e.id)).toEqual([1]);
    expect(answeredEntries('東京に行く')?.map((e) => e.matched)).toEqual(['東京']);
    await lookupEntries('東京に行く');
    expect(lookups().filter((c) => c.args[0] === '東京に行く')).toHaveLength(1);
  });

  it('a failed call is not kept as an answer', async () => {
    b.answers.set('dictionary.lookup', () => ({ ok: false, error: { code: 'internal', message: 'boom' } }));
    expect(await lookupEntries('大学')).toEqual([]);
    expect(answeredEntries('大学')).toBeUndefined();
  });

  it("passes the caller's first word and lemma, keyed apart from the plain lookup", async () => {
    b.answers.set('dictionary.lookup', () => ({ ok: true, value: [] }));
    await lookupEntries('いらっしゃいませ', 'いらっしゃいませ', { word: 'いらっしゃい', lemma: 'いらっしゃる' });
    expect(lookups().at(-1)?.args).toEqual(['いらっしゃいませ', 'いらっしゃいませ', { word: 'いらっしゃい', lemma: 'いらっしゃる' }]);
    await lookupEntries('いらっしゃいませ', 'いらっしゃいませ');
    expect(lookups().at(-1)?.args).toEqual(['いらっしゃいませ', 'いらっしゃいませ']);
  });

  it('when full, the oldest lookups go and a screen just looked up ahead stays', async () => {
    b.answers.set('dictionary.lookupMany', (items) => ({ ok: true, value: (items as { text: string }[]).map((i) => [entry(7, i.text.slice(0, 1))]) }));
    const screen = (n: number) => Array.from({ length: 300 }, (_, i) => ({ text: `画面${n}の${i}` }));
    // Eleven screens of 300: more than the cache holds.
    for (let n = 0; n < 11; n++) await prefetchEntries(screen(n));
    expect(answeredEntries('画面0の0')).toBeUndefined();
    for (const n of [8, 9, 10]) expect(answeredEntries(`画面${n}の0`)?.map((e) => e.id)).toEqual([7]);
    expect(answeredEntries('画面10の299')?.map((e) => e.id)).toEqual([7]);
    // Known ones are not asked again.
    const calls = b.calls.filter((c) => c.method === 'dictionary.lookupMany').length;
    await prefetchEntries(screen(10));
    expect(b.calls.filter((c) => c.method === 'dictionary.lookupMany')).toHaveLength(calls);
  });
});
