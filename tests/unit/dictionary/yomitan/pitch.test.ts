import { describe, expect, it } from 'vitest';
import { morae, pitchKind, pitchPattern } from '../../../../shared/pitch';

const shape = (reading: string, downstep: number) => pitchPattern(morae(reading).length, downstep).map((h) => (h ? 'H' : 'L')).join('');

describe('pitch graph', () => {
  it('cuts a reading into morae: small kana join, っ ん ー count alone', () => {
    expect(morae('きょう')).toEqual(['きょ', 'う']);
    expect(morae('がっこう')).toEqual(['が', 'っ', 'こ', 'う']);
    expect(morae('コーヒー')).toEqual(['コ', 'ー', 'ヒ', 'ー']);
    expect(morae('しんぶん')).toEqual(['し', 'ん', 'ぶ', 'ん']);
    expect(morae('ファイル')).toEqual(['ファ', 'イ', 'ル']);
  });

  it('draws each accent kind, the particle after the word included', () => {
    expect(shape('さくら', 0)).toBe('LHHH'); // heiban: the particle stays high
    expect(shape('いのち', 1)).toBe('HLLL'); // atamadaka
    expect(shape('たまご', 2)).toBe('LHLL'); // nakadaka
    expect(shape('おとうと', 4)).toBe('LHHHL'); // odaka: the particle falls
    expect(shape('き', 1)).toBe('HL');
    expect(shape('ひ', 0)).toBe('LH');
    expect(shape('がっこう', 0)).toBe('LHHHH');
  });

  it('names the kind', () => {
    expect(pitchKind(3, 0)).toBe('heiban');
    expect(pitchKind(3, 1)).toBe('atamadaka');
    expect(pitchKind(3, 2)).toBe('nakadaka');
    expect(pitchKind(4, 4)).toBe('odaka');
  });
});
