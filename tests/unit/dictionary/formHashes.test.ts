import { describe, expect, it } from 'vitest';
import { buildFormHashes, hashesFromBlob, mayContain } from '../../../electron/core/dictionary/formHashes';

describe('form hashes (the no-query gate of lookups)', () => {
  it('says "maybe" for every stored form and "no" for others, also after a round trip through an unaligned blob', () => {
    const forms = ['食べる', 'たべる', '橋', 'はし', 'コーヒー', '東京大学'];
    const hashes = buildFormHashes(forms);
    const blob = Buffer.concat([Buffer.from([0]), Buffer.from(hashes.buffer)]).subarray(1);
    const back = hashesFromBlob(blob);
    for (const f of forms) expect(mayContain(back, f), f).toBe(true);
    for (const f of ['食べ', 'たべた', '東京', '', 'x']) expect(mayContain(back, f), f).toBe(false);
  });
});
