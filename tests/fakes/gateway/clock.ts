/** UTC calendar arithmetic for the usage windows and the `:free` day, and a plain sleep. */
export const DAY = 86_400_000;

export function dayStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
/** Weeks start on Monday 00:00 UTC. */
export function weekStart(t: number): number {
  return dayStart(t) - ((new Date(t).getUTCDay() + 6) % 7) * DAY;
}
export function monthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function iso(t: number): string {
  return new Date(t).toISOString();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
