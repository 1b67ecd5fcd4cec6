import type { PosGroup, Token } from '../../../../shared/domain';
import { placeTokens, type PlacedToken } from '../../../../renderer/src/reader/placedToken';

/** Tokens from `word/pos/reading` triples, e.g. tok('猫/noun/ねこ', 'が/particle'). */
export function tokens(...specs: string[]): Token[] {
  return specs.map((s) => {
    const [word = '', pos = 'noun', furigana = ''] = s.split('/');
    return { word: word === '\\n' ? '\n' : word, pos: pos as PosGroup, furigana };
  });
}

export function placed(origin: PlacedToken['origin'], ...specs: string[]): PlacedToken[] {
  return placeTokens(tokens(...specs), 0, origin);
}

export const words = (list: readonly { word: string }[]) => list.map((t) => t.word);
