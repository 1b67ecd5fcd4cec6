import { describe, expect, it } from 'vitest';
import { parseDictionaryText } from '../../../electron/core/dictionary/textDictionary';
import { DICTIONARY_CAPS, TextBudget } from '../../../electron/core/dictionary/textCaps';
import { parseDictionaryXml } from '../../../electron/core/dictionary/xmlDictionary';
import type { RecordSink } from '../../../electron/core/dictionary/records';

const caps = { ...DICTIONARY_CAPS, elementChars: 100, entryChars: 250, fileCharsFloor: 1000, fileCharsPerInputChar: 2 };

function sink(): RecordSink & { words: number } {
  const s = { words: 0, kind: () => undefined, edition: () => undefined, word: () => void s.words++, kanji: () => undefined };
  return s;
}
async function* once(text: string): AsyncGenerator<string> {
  yield text;
}
const jmdict = (entries: string) =>
  `<?xml version="1.0"?><!DOCTYPE JMdict [<!ENTITY n "noun"><!ENTITY x "${'y'.repeat(40)}">]><JMdict>${entries}</JMdict>`;
const entry = (glosses: string[]) => `<entry><ent_seq>1</ent_seq><r_ele><reb>あ</reb></r_ele><sense><pos>&n;</pos>${glosses.map((g) => `<gloss>${g}</gloss>`).join('')}</sense></entry>`;

describe('dictionary text caps', () => {
  it('count each entity reference at its expanded length, per element', async () => {
    // Three references are 120 characters: one element past its 100, though its XML is 9.
    await expect(parseDictionaryXml(once(jmdict(entry(['&x;&x;&x;']))), sink(), { budget: new TextBudget(caps) })).rejects.toMatchObject({
      problem: 'text_limit',
      message: expect.stringContaining('one element expands to more than 100'),
    });
    const ok = sink();
    await parseDictionaryXml(once(jmdict(entry(['&x;&x;']))), ok, { budget: new TextBudget(caps) });
    expect(ok.words).toBe(1);
  });

  it('per entry: elements each within their cap, together past the entry cap', async () => {
    await expect(parseDictionaryXml(once(jmdict(entry(['&x;&x;', '&x;&x;', '&x;&x;', '&x;&x;']))), sink(), { budget: new TextBudget(caps) })).rejects.toMatchObject({
      problem: 'text_limit',
      message: expect.stringContaining('one entry expands to more than 250'),
    });
    // The entry's count starts again at the next entry.
    const ok = sink();
    await parseDictionaryXml(once(jmdict(entry(['&x;&x;', '&x;&x;']).repeat(3))), ok, { budget: new TextBudget({ ...caps, fileCharsFloor: 10_000 }) });
    expect(ok.words).toBe(3);
  });

  it('per file: entries each within their cap, together past the file cap that grows with the text read', async () => {
    const perChar = { ...caps, fileCharsFloor: 200, fileCharsPerInputChar: 1 };
    const wide = jmdict(entry(['&x;&x;', '&x;&x;']).repeat(20));
    await expect(parseDictionaryXml(once(wide), sink(), { budget: new TextBudget(perChar) })).rejects.toMatchObject({ problem: 'text_limit', message: expect.stringMatching(/^The file's text expands to more than/) });
    // Plain text of the same length (no references) is within it.
    const plain = sink();
    await parseDictionaryXml(once(jmdict(entry(['a'.repeat(80), 'b'.repeat(80)]).repeat(20))), plain, { budget: new TextBudget(perChar) });
    expect(plain.words).toBe(20);
  });

  it('an EDICT line is an entry, and a file without line breaks is refused before it is gathered', async () => {
    await expect(parseDictionaryText(once(`食べる [たべる] /(v1) ${'to eat/'.repeat(40)}\n`), 'edict', sink(), new TextBudget(caps))).rejects.toMatchObject({ problem: 'text_limit' });
    async function* endless(): AsyncGenerator<string> {
      for (let i = 0; i < 1000; i++) yield 'x'.repeat(100);
      throw new Error('read past the cap');
    }
    await expect(parseDictionaryText(endless(), 'edict', sink(), new TextBudget(caps))).rejects.toMatchObject({ problem: 'text_limit' });
  });
});
