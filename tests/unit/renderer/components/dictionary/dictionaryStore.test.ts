/** The renderer's lookup cache: answered lookups are readable at once (a hover draws them in its frame). */
import { describe, expect, it, vi } from 'vitest';
import type { DictionaryEntry } from '../../../../../shared/contract/dictionary';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../../support/bridgeStub';

vi.mock('../../../../../renderer/src/bridge', async () => (await import('../../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { answeredEntries, lookupEntries } = await import('../../../../../renderer/src/components/dictionary/dictionaryStore');

const entry = (id: number, matched: string): DictionaryEntry => ({ id, kanji: [matched], readings: [], common: true, senses: [], matched, term: matched, reasons: [] });
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
});
