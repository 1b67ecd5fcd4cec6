/**
 * The JIS X 0213 table (generated from glibc's EUC-JISX0213 and committed as
 * data): whole, consistent with JIS X 0208 where the two overlap, and right for
 * every code met in real Aozora Bunko texts.
 */
import { describe, expect, it } from 'vitest';
import { jisX0213, jisX0213Size } from '../../../electron/core/books/gaiji/jisX0213';
import { AOZORA_GAIJI } from '../../support/books/aozoraGaiji';

const code = (c: string) => c.split('-').map(Number) as [number, number, number];

describe('JIS X 0213 → Unicode', () => {
  it('has every character of JIS X 0213:2004 (11,233), plane 2 only in its own rows', () => {
    expect(jisX0213Size()).toBe(11_233);
    const plane2 = [1, 3, 4, 5, 8, 12, 13, 14, 15, ...Array.from({ length: 17 }, (_, i) => 78 + i)];
    for (let row = 1; row <= 94; row++) {
      const any = Array.from({ length: 94 }, (_, i) => jisX0213(2, row, i + 1)).some(Boolean);
      expect(any, `plane 2 row ${row}`).toBe(plane2.includes(row));
    }
    const count = (plane: number) => {
      let n = 0;
      for (let row = 1; row <= 94; row++) for (let cell = 1; cell <= 94; cell++) if (jisX0213(plane, row, cell)) n++;
      return n;
    };
    expect([count(1), count(2)]).toEqual([8_797, 2_436]);
  });

  it('agrees with JIS X 0208 (the platform EUC-JP decoder) on every kana and kanji they share', () => {
    const eucJp = new TextDecoder('euc-jp', { fatal: true });
    let checked = 0;
    // Rows 4–5 (kana), 6–7 (Greek, Cyrillic) and 16–84 (levels 1 and 2); rows 89–92 of EUC-JP are NEC/IBM extensions, not JIS.
    for (const row of [4, 5, 6, 7, ...Array.from({ length: 69 }, (_, i) => 16 + i)]) {
      for (let cell = 1; cell <= 94; cell++) {
        let expected: string;
        try {
          expected = eucJp.decode(Uint8Array.of(0xa0 + row, 0xa0 + cell));
        } catch {
          continue;
        }
        expect(jisX0213(1, row, cell), `1-${row}-${cell}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(6_500);
  });

  it('gives two code points where Unicode composes the character, and nothing outside the table', () => {
    expect(jisX0213(1, 4, 87)).toBe('か\u309a');
    expect(jisX0213(1, 5, 94)).toBe('ト\u309a');
    expect(jisX0213(1, 6, 88)).toBe('ㇷ\u309a');
    expect(jisX0213(1, 11, 36)).toBe('\u00e6\u0300');
    expect(jisX0213(1, 11, 69)).toBe('\u02e9\u02e5');
    expect(jisX0213(2, 2, 1)).toBeUndefined();
    expect(jisX0213(1, 1, 95)).toBeUndefined();
    expect(jisX0213(3, 1, 1)).toBeUndefined();
  });

  it(`maps each of the ${AOZORA_GAIJI.length} codes collected from real Aozora texts to its character`, () => {
    for (const g of AOZORA_GAIJI) {
      if (!g.jis) continue;
      expect(jisX0213(...code(g.jis)), `${g.jis} ${g.description}`).toBe(g.char);
    }
  });
});
