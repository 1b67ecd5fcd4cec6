const JST_OFFSET_MS = 9 * 60 * 60 * 1000; // Japan has no daylight saving time

/** `YYYY-MM-DD` of the instant in Asia/Tokyo. */
export function japanDate(now: number): string {
  return new Date(now + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole seconds until the next midnight in Japan (at least 1). */
export function secondsToNextJapanMidnight(now: number): number {
  const jst = now + JST_OFFSET_MS;
  const nextMidnight = (Math.floor(jst / 86_400_000) + 1) * 86_400_000;
  return Math.max(1, Math.ceil((nextMidnight - jst) / 1000));
}
