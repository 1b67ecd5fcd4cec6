import { describe, expect, it } from 'vitest';
import { correctedPos, posGroupOf } from '../../../../renderer/src/reader/posGroupOf';

describe('the model’s part of speech mapped to a group', () => {
  it('reads English, Japanese grammar terms and the UI languages', () => {
    expect(posGroupOf('noun')).toBe('noun');
    expect(posGroupOf('Proper noun')).toBe('noun');
    expect(posGroupOf('副詞')).toBe('adverb');
    expect(posGroupOf('名詞（固有名詞）')).toBe('noun');
    expect(posGroupOf('动词')).toBe('verb');
    expect(posGroupOf('형용사')).toBe('adjective');
    expect(posGroupOf('形容動詞')).toBe('adjective');
    expect(posGroupOf('i-adjective')).toBe('adjective');
    expect(posGroupOf('godan verb')).toBe('verb');
  });

  it('the specific names win over the words inside them', () => {
    expect(posGroupOf('adverb')).toBe('adverb');
    expect(posGroupOf('auxiliary verb')).toBe('auxiliary');
    expect(posGroupOf('助動詞')).toBe('auxiliary');
    expect(posGroupOf('pronoun')).toBe('pronoun');
    expect(posGroupOf('대명사')).toBe('pronoun');
    expect(posGroupOf('感動詞')).toBe('interjection');
    expect(posGroupOf('連体詞')).toBe('prenominal');
  });

  it('names nothing for empty or unknown text', () => {
    expect(posGroupOf('')).toBeNull();
    expect(posGroupOf(undefined)).toBeNull();
    expect(posGroupOf('phrase')).toBeNull();
  });

  it('a correction only when the model names another known group', () => {
    expect(correctedPos('noun', '副詞')).toBe('adverb');
    expect(correctedPos('noun', 'noun (common)')).toBeNull();
    expect(correctedPos('noun', 'something else')).toBeNull();
    expect(correctedPos('other', 'noun')).toBeNull();
  });
});
