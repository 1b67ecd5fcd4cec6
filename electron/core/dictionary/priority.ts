/**
 * JMdict's priority tags (ke_pri / re_pri) as a score for sorting homonyms. "Common"
 * is JMdict's own definition: news1, ichi1, spec1, spec2 or gai1.
 */
const COMMON = new Set(['news1', 'ichi1', 'spec1', 'spec2', 'gai1']);
const WEIGHT: Record<string, number> = { news1: 30, ichi1: 30, spec1: 25, gai1: 20, spec2: 15, news2: 10, ichi2: 10, gai2: 5 };

export function isCommon(tags: readonly string[]): boolean {
  return tags.some((t) => COMMON.has(t));
}

/** Higher is more common; nf01 (the 500 most frequent words in the news) adds most. */
export function priorityScore(tags: readonly string[]): number {
  let score = 0;
  for (const t of tags) {
    const nf = /^nf(\d\d)$/.exec(t);
    score += nf ? Math.max(0, 50 - Number(nf[1])) : (WEIGHT[t] ?? 0);
  }
  return score;
}

/** EDICT's "(P)" marks what JMdict would call common. */
export const EDICT_COMMON_SCORE = 30;
