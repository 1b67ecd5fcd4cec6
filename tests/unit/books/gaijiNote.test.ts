import { describe, expect, it } from 'vitest';
import { readGaijiNote } from '../../../electron/core/books/gaiji/gaijiNote';
import { AOZORA_DESCRIBED_ONLY, AOZORA_GAIJI } from '../../support/books/aozoraGaiji';

describe('Aozora gaiji notes', () => {
  it('read every note collected from real texts as its character and description', () => {
    for (const g of AOZORA_GAIJI) expect(readGaijiNote(g.note), g.note).toEqual({ char: g.char, description: g.description });
  });

  it('keep only the description where a note has no code', () => {
    for (const g of AOZORA_DESCRIBED_ONLY) expect(readGaijiNote(g.note), g.note).toEqual({ description: g.description });
  });

  it('read full-width digits, a code point in lower case or as UCS-, and a code without its level', () => {
    expect(readGaijiNote('第３水準１－８４－７７')).toEqual({ char: '挘', description: '' });
    expect(readGaijiNote('「土＋竒」、u+5D0E')).toEqual({ char: '崎', description: '土＋竒' });
    expect(readGaijiNote('「𠀋」、UCS-2000B')).toEqual({ char: '𠀋', description: '𠀋' });
    expect(readGaijiNote('1-13-21')).toEqual({ char: 'Ⅰ', description: '' });
  });

  it('never read a page reference, a code outside the table or a control code point as a character', () => {
    expect(readGaijiNote('「目＋匡」、2-3')).toEqual({ description: '目＋匡' });
    expect(readGaijiNote('「何か」、第4水準2-2-1')).toEqual({ description: '何か' });
    expect(readGaijiNote('「何か」、U+0007')).toEqual({ description: '何か' });
    expect(readGaijiNote('「何か」、U+D800')).toEqual({ description: '何か' });
  });
});
