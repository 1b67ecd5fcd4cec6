import { describe, expect, it } from 'vitest';
import { buildFormHashes, hashForm, hashesFromBlob, mayContain } from '../../../electron/core/dictionary/formHashes';

describe('form hashes (the no-query gate of lookups)', () => {
  it('says "maybe" for every stored form and "no" for others, also after a round trip through an unaligned blob', () => {
    const forms = ['食べる', 'たべる', '橋', 'はし', 'コーヒー', '東京大学'];
    const hashes = buildFormHashes(forms);
    const blob = Buffer.concat([Buffer.from([0]), Buffer.from(hashes.buffer)]).subarray(1);
    const back = hashesFromBlob(blob);
    for (const f of forms) expect(mayContain(back, f), f).toBe(true);
    for (const f of ['食べ', 'たべた', '東京', '', 'x']) expect(mayContain(back, f), f).toBe(false);
  });

  it('keeps each hash once, in ascending order, for more forms than its first array holds', () => {
    const forms = Array.from({ length: 5000 }, (_, i) => `語${i}`);
    const hashes = buildFormHashes([...forms, ...forms.slice(0, 2000)]);
    expect(hashes.length).toBe(new Set(forms.map(hashForm)).size);
    for (let i = 1; i < hashes.length; i++) expect(hashes[i]! > hashes[i - 1]!, `index ${i}`).toBe(true);
    for (const f of forms) expect(mayContain(hashes, f), f).toBe(true);
    expect(mayContain(hashes, '語5000')).toBe(false);
  });
});
