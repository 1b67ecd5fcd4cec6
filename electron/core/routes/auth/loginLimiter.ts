/**
 * The rule: more than 10 failed logins per minute per client → 429 with Retry-After.
 *
 * Every attempt is counted when it starts, before its body is read: counting only the
 * failures, after the password was judged, would let N parallel requests pass the check
 * together and get N guesses. A successful login clears the count.
 */
export class LoginLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly max = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(client: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.attempts.get(client) ?? []).filter((t) => t > cutoff);
    if (list.length) this.attempts.set(client, list);
    else this.attempts.delete(client);
    return list;
  }

  /** Milliseconds until the client may try again, or 0. */
  blockedFor(client: string): number {
    const list = this.recent(client);
    if (list.length < this.max) return 0;
    return Math.max(1, list[list.length - this.max]! + this.windowMs - this.now());
  }

  /**
   * Starts an attempt: 0 when it may go on (and it is counted from now on), else the
   * milliseconds until the client may try again. Synchronous, so concurrent requests
   * see each other's attempts.
   */
  begin(client: string): number {
    const wait = this.blockedFor(client);
    if (wait > 0) return wait;
    const list = this.recent(client);
    list.push(this.now());
    this.attempts.set(client, list);
    // Bound memory against many distinct clients.
    if (this.attempts.size > 10_000) this.attempts.delete(this.attempts.keys().next().value!);
    return 0;
  }

  succeed(client: string): void {
    this.attempts.delete(client);
  }
}
