import data from './jisx0213.json';

/** Each row's 94 cells, split once on first use. */
let rows: Map<string, string[]> | undefined;

function table(): Map<string, string[]> {
  rows ??= new Map(Object.entries(data.rows).map(([key, cells]) => [key, cells.split(' ')]));
  return rows;
}

/**
 * The Unicode text of a JIS X 0213 code (plane 1 or 2, row and cell 1–94):
 * one character, or two code points for the few that Unicode composes (か゚).
 * Undefined where the standard has no character.
 */
export function jisX0213(plane: number, row: number, cell: number): string | undefined {
  if (cell < 1 || cell > 94) return undefined;
  return table().get(`${plane}-${row}`)?.[cell - 1] || undefined;
}

/** Every code of the table (for its tests). */
export function jisX0213Size(): number {
  let n = 0;
  for (const cells of table().values()) n += cells.filter(Boolean).length;
  return n;
}
