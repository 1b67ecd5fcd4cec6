import { toKatakana, toRomaji } from 'wanakana';
import type { Token } from '../../../shared/domain';
import { isKanaOnly, toHiragana } from './kana';

/** Particles written with one kana and read as another. */
const PARTICLE_READINGS: Record<string, string> = { は: 'wa', へ: 'e', を: 'o' };

/**
 * Hepburn romaji of a token from its reading (or the word itself when it is kana);
 * empty for tokens with nothing to romanise (punctuation, Latin, kanji without a reading).
 */
export function romajiOf(token: Pick<Token, 'word' | 'furigana' | 'pos'>): string {
  if (token.pos === 'particle' && PARTICLE_READINGS[token.word]) return PARTICLE_READINGS[token.word]!;
  const reading = token.furigana.trim() !== '' ? token.furigana.trim() : token.word;
  if (!isKanaOnly(reading)) return '';
  // Through katakana so the long-vowel mark ー lengthens the vowel (コーヒー → koohii).
  return toRomaji(toKatakana(toHiragana(reading)));
}
