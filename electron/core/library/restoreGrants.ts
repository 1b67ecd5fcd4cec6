import { randomBytes } from 'node:crypto';

/**
 * One-time permissions to restore a file outside the app's folders. Only the
 * open dialog hands them out (the user picked that file), so a renderer cannot
 * name an arbitrary path on its own. A grant names one file and works once.
 */
export class RestoreGrants {
  private readonly grants = new Map<string, { file: string; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  grant(file: string): string {
    this.prune();
    const token = randomBytes(18).toString('base64url');
    this.grants.set(token, { file, expiresAt: this.now() + this.ttlMs });
    return token;
  }

  /** True once for a live token granted for exactly `file`; the token is spent either way. */
  take(token: string | undefined, file: string): boolean {
    if (token === undefined) return false;
    const g = this.grants.get(token);
    this.grants.delete(token);
    return g !== undefined && g.file === file && g.expiresAt > this.now();
  }

  private prune(): void {
    const now = this.now();
    for (const [t, g] of this.grants) if (g.expiresAt <= now) this.grants.delete(t);
  }
}
