/** Local calendar days as YYYY-MM-DD, and streaks over them. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date of an instant (the user's day, not UTC's). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The first instant of the next local day. */
export function endOfLocalDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** Day arithmetic on the date itself (UTC math on YYYY-MM-DD), so DST never skips or repeats a day. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/**
 * `current`: consecutive days with reviews ending today, or ending yesterday while
 * today has none yet (the streak is not lost until the day is over).
 */
export function streaks(daysWithReviews: Iterable<string>, today: string): { current: number; longest: number } {
  const set = new Set(daysWithReviews);
  let longest = 0;
  for (const day of set) {
    if (set.has(addDays(day, -1))) continue; // not the start of a run
    let length = 1;
    while (set.has(addDays(day, length))) length++;
    longest = Math.max(longest, length);
  }
  let end = set.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (set.has(end)) {
    current++;
    end = addDays(end, -1);
  }
  return { current, longest };
}
