/** interfaces.md: more than 10 failed logins per minute per client → 429 with Retry-After. */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(client: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(client) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(client, list);
    else this.failures.delete(client);
    return list;
  }

  /** Milliseconds until the client may try again, or 0. */
  blockedFor(client: string): number {
    const list = this.recent(client);
    if (list.length < this.max) return 0;
    return Math.max(1, list[list.length - this.max]! + this.windowMs - this.now());
  }

  fail(client: string): void {
    const list = this.recent(client);
    list.push(this.now());
    this.failures.set(client, list);
    // Bound memory against many distinct clients.
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(client: string): void {
    this.failures.delete(client);
  }
}
