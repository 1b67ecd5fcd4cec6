import i18next from 'i18next';

/** 1536 → "1.5 KB": sizes for the cache table and backups. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${u === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${units[u]}`;
}

/** An instant in the interface language. */
export function formatTime(ms: number): string {
  return new Intl.DateTimeFormat(i18next.language || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export type IntervalUnit = 'minutes' | 'hours' | 'days' | 'months';

/** How long until a card comes back, in the largest whole unit that fits (at least one minute). */
export function intervalParts(ms: number): { unit: IntervalUnit; n: number } {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return { unit: 'minutes', n: minutes };
  const hours = Math.round(minutes / 60);
  if (hours < 24) return { unit: 'hours', n: hours };
  const days = Math.round(hours / 24);
  if (days < 31) return { unit: 'days', n: days };
  return { unit: 'months', n: Math.round(days / 30) };
}
