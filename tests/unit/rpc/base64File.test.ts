import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64File } from '../../../electron/core/rpc/base64File';

const decoded = async (text: string) => {
  const out = await decodeBase64File(text);
  return out && Buffer.from(out);
};

describe('decodeBase64File', () => {
  it('decodes what Buffer encodes, across many slices, whatever the padding', async () => {
    for (const n of [0, 1, 2, 3, 4, 3 * (1 << 20) + 1]) {
      const bytes = randomBytes(n);
      expect((await decoded(bytes.toString('base64')))?.equals(bytes)).toBe(true);
    }
  });

  it('skips whitespace (MIME line breaks), even where it shifts the slices', async () => {
    const bytes = randomBytes(2 * (1 << 20));
    const wrapped = bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
    expect((await decoded(' ' + wrapped))?.equals(bytes)).toBe(true);
  });

  it('refuses what is not base64: another alphabet, padding before the end, a lone character', async () => {
    expect(await decodeBase64File('ab$d')).toBeUndefined();
    expect(await decodeBase64File('ab-_')).toBeUndefined();
    expect(await decodeBase64File('QQ==QUFB')).toBeUndefined();
    expect(await decodeBase64File('QUFBQ')).toBeUndefined();
    // Padding that ends a slice but not the text.
    const long = 'QQ==' + 'A'.repeat(1 << 20);
    expect(await decodeBase64File('A'.repeat((1 << 20) - 4) + long)).toBeUndefined();
  });
});
