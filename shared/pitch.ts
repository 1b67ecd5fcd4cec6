/**
 * Pitch accent as the popup draws it: a reading cut into morae, and each mora high or low
 * for a downstep position (0 = heiban: low then high, and a following particle stays high;
 * n = the pitch falls after the n-th mora).
 */

const SMALL = new Set(Array.from('ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ'));

/** Morae: a small kana belongs to the one before it; っ, ん and ー count as their own. */
export function morae(reading: string): string[] {
  const out: string[] = [];
  for (const ch of reading) {
    if (SMALL.has(ch) && out.length > 0) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}

/** High (true) or low for each mora, then one more for a particle that follows the word. */
export function pitchPattern(moraCount: number, downstep: number): boolean[] {
  const out: boolean[] = [];
  for (let i = 1; i <= moraCount + 1; i++) {
    if (downstep === 0) out.push(i > 1);
    else if (downstep === 1) out.push(i === 1);
    else out.push(i > 1 && i <= downstep);
  }
  return out;
}

/** The learner-facing name of an accent kind. */
export type PitchKind = 'heiban' | 'atamadaka' | 'nakadaka' | 'odaka';

export function pitchKind(moraCount: number, downstep: number): PitchKind {
  if (downstep === 0) return 'heiban';
  if (downstep === 1) return 'atamadaka';
  return downstep >= moraCount ? 'odaka' : 'nakadaka';
}
