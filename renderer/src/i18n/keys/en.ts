/** Messages about API keys themselves (what a key may contain). English is the key source. */
import type { Widen } from '../widen';

export const keysEn = {
  keyRules: {
    badCharacters: 'A key may contain only letters, digits and ASCII symbols, with no spaces or line breaks. Check what was pasted.',
  },
};

export type KeysMessages = Widen<typeof keysEn>;
