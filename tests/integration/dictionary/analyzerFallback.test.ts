/** dictionary.lookup through the contract: the offline analyzer's dictionary form covers what the rule table misses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryEntry } from '../../../shared/contract/dictionary';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

// いらっしゃる is a v5aru verb: its masu stem is いらっしゃい, not いらっしゃり. Tagged here as a plain
// godan verb (as a file from before the rules knew v5aru would store it), the rules cannot reach it
// from いらっしゃいます: the analyzer's dictionary form does.
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE JMdict [
<!ENTITY v5r "Godan verb with 'ru' ending">
<!ENTITY n "noun (common) (futsuumeishi)">
<!ENTITY hon "honorific or respectful (sonkeigo) language">
]>
<JMdict>
<entry><ent_seq>1586180</ent_seq><r_ele><reb>いらっしゃる</reb><re_pri>ichi1</re_pri></r_ele>
<sense><pos>&v5r;</pos><misc>&hon;</misc><gloss>to come</gloss><gloss>to go</gloss><gloss>to be (somewhere)</gloss></sense></entry>
<entry><ent_seq>1000001</ent_seq><k_ele><keb>胃</keb></k_ele><r_ele><reb>い</reb></r_ele><sense><pos>&n;</pos><gloss>stomach</gloss></sense></entry>
</JMdict>`;

let core: ReturnType<typeof makeTestCore>;
beforeAll(async () => {
  core = makeTestCore();
  await callOk(core, 'dictionary.import', { name: 'JMdict_e', dataBase64: Buffer.from(XML).toString('base64') });
  await core.analyzer.ready();
}, 120_000);
afterAll(() => core.cleanupDir());

describe('lookup with the offline analyzer', () => {
  it('finds いらっしゃる for いらっしゃいます, before the shorter match い', async () => {
    const entries = await callOk<DictionaryEntry[]>(core, 'dictionary.lookup', 'いらっしゃいます');
    expect(entries.map((e) => e.id)).toEqual([1586180, 1000001]);
    expect(entries[0]).toMatchObject({ matched: 'いらっしゃい', term: 'いらっしゃる', reasons: ['analyzer'] });
    expect(entries[0]?.senses[0]).toMatchObject({ misc: ['honorific or respectful (sonkeigo) language'] });
  });

  it("takes the caller's first word and dictionary form through the contract", async () => {
    const entries = await callOk<DictionaryEntry[]>(core, 'dictionary.lookup', 'いらっしゃいませ', '', { word: 'いらっしゃい', lemma: 'いらっしゃる' });
    expect(entries[0]).toMatchObject({ id: 1586180, matched: 'いらっしゃい', term: 'いらっしゃる' });
  });

  it('null for the first word (no word of the caller starts there): the table alone answers', async () => {
    const entries = await callOk<DictionaryEntry[]>(core, 'dictionary.lookup', 'いらっしゃいます', '', null);
    expect(entries.map((e) => e.id)).toEqual([1000001]);
  });

  it('dictionary.lookupMany answers several lookups in order, each as dictionary.lookup would', async () => {
    const many = await callOk<DictionaryEntry[][]>(core, 'dictionary.lookupMany', [
      { text: '胃が痛い' },
      { text: 'いらっしゃいませ', firstWord: { word: 'いらっしゃい', lemma: 'いらっしゃる' } },
      { text: 'ぬ' },
    ]);
    expect(many.map((entries) => entries.map((e) => e.id))).toEqual([[1000001], [1586180, 1000001], []]);
    const one = await callOk<DictionaryEntry[]>(core, 'dictionary.lookup', '胃が痛い');
    expect(many[0]).toEqual(one);
  });

  it('dictionary.lookupMany refuses more than 300 lookups in one call', async () => {
    const error = await callErr(core, 'dictionary.lookupMany', Array.from({ length: 301 }, () => ({ text: '胃' })));
    expect(error.code).toBe('bad_request');
  });
});
