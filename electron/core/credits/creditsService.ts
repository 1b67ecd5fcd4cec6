/**
 * The credit meter of the app's own OpenRouter key, wired to the rest of the
 * core (issue 4, "Meter and pushes"):
 * - one CreditMeter per configured key, re-created when the key changes;
 * - it starts polling when a UI first asks (`gateway.getKey` at launch), so a
 *   headless core with no window never polls on its own;
 * - polls on window focus, after completions with or without a cost (the
 *   meter spaces those 30 s apart), right after a 402 (and a 401, to catch a
 *   key disabled elsewhere): focus and error polls are each spaced on their own,
 *   and an error poll never just joins a poll already in flight;
 * - every change is pushed as `credits.updated`; the free-model throttle
 *   follows `is_free_tier`;
 * - a failed poll keeps the last value with its age (the meter does that).
 * Key edits go out with the management key and refresh the meter afterwards.
 */
import { createHash } from 'node:crypto';
import type { CreditsKeyInfo, CreditsRefreshReason, CreditsState, GatewayKeyRecord, KeyUpdate } from '../../../shared/credits';
import { AppError, tagService } from '../../../shared/result';
import type { GatewayClient } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import { CreditMeter, type CreditSnapshot, type RefreshReason } from '../gateway/meter';
import type { PushBus } from '../rpc/pushBus';
import type { SecretsService } from '../secrets/secretsService';
import { creditsState, noKeyState } from './creditsState';

export interface CreditsServiceOptions {
  /** The client the meter polls and key edits go through (no hooks of its own). */
  client: Pick<GatewayClient, 'getKey' | 'updateKey'>;
  secrets: Pick<SecretsService, 'resolve' | 'onChange'>;
  bus: Pick<PushBus, 'emit'>;
  throttle: { setFreeTier(isFreeTier: boolean): void };
  now?: () => number;
  /** A poll that takes longer than this counts as failed: the meter turns stale instead of hanging. */
  pollTimeoutMs?: number;
  /** Focus polls closer together than this are skipped; so are error-driven ones (spaced separately). */
  minEventSpacingMs?: number;
  /** Passed to the meter (tests). */
  completionIntervalMs?: number;
  schedule?: (fn: () => void, ms: number) => () => void;
}

export const POLL_TIMEOUT_MS = 15_000;
export const MIN_EVENT_SPACING_MS = 3_000;

/** The gateway's key identifier when GET /key does not carry it: SHA-256 hex of the key. */
export function keyHashOf(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export class CreditsService {
  private meter: CreditMeter | null = null;
  private apiKey: string | undefined;
  private canManage = false;
  private active = false;
  private syncing: Promise<void> | null = null;
  private lastPatched: GatewayKeyRecord | null = null;
  /** Last focus poll and last error-driven poll: one slot each, so a focus poll never swallows a 402's. */
  private readonly lastEventPollAt = { focus: -Infinity, error: -Infinity };
  private disposed = false;
  private readonly now: () => number;
  private readonly unsubscribeSecrets: () => void;

  constructor(private readonly opts: CreditsServiceOptions) {
    this.now = opts.now ?? Date.now;
    this.unsubscribeSecrets = opts.secrets.onChange((name) => {
      if (name === 'gemini' || !this.active) return;
      void this.syncKey().then(() => this.push());
    });
  }

  /** `gateway.getKey`: the first call starts the meter and waits for its first poll. */
  async getKey(): Promise<CreditsState> {
    this.active = true;
    await this.syncKey();
    const meter = this.meter;
    if (meter) {
      const s = meter.snapshot();
      // No answer yet (first call, or the gateway was unreachable so far): poll; concurrent calls share it.
      if (s.fetchedAt === null) await meter.refresh('launch');
    }
    return this.state();
  }

  /** Polls now; never fails. Focus polls closer than a few seconds apart are skipped. */
  async refresh(reason: CreditsRefreshReason | RefreshReason): Promise<CreditsState> {
    this.active = true;
    await this.syncKey();
    const meter = this.meter;
    if (!meter) return this.state();
    if (reason === 'focus' && !this.takeEventSlot('focus')) return this.state();
    await meter.refresh(reason);
    return this.state();
  }

  /**
   * The completion client's `onCost`, once per completion of the app key: its
   * `usage.cost` (if it carried one) is spent locally at once; a poll follows
   * either way, at most every 30 s.
   */
  onCost(cost: number | undefined): void {
    if (!this.active || !this.meter) return;
    this.meter.applyLocalCost(cost);
    void this.meter.refresh('completion');
  }

  /**
   * The completion client's `onError` (HTTP errors and mid-stream error chunks):
   * a 402 (or 401) means the numbers changed; poll right away, after any poll in flight.
   */
  onGatewayError(error: GatewayError): void {
    if (!this.active || !this.meter) return;
    if (error.status !== 402 && error.status !== 401) return;
    if (!this.takeEventSlot('error')) return;
    void this.meter.refresh('after-402', { afterInFlight: true });
  }

  /** `gateway.updateKey`: validated by the client before sending; the meter refreshes afterwards. */
  async updateKey(hash: string, patch: KeyUpdate, signal?: AbortSignal): Promise<GatewayKeyRecord> {
    const managementKey = await this.opts.secrets.resolve('openrouterManagement');
    if (!managementKey) {
      throw new AppError({ code: 'missing_key', message: 'No management key is saved: add one in Settings to edit keys.', status: 400 });
    }
    const record: GatewayKeyRecord = await this.opts.client.updateKey(managementKey, hash, patch, signal);
    await this.syncKey();
    if (this.apiKey !== undefined && hash === this.ownHash()) this.lastPatched = record;
    if (this.meter) await this.meter.refresh('key-changed');
    else this.push();
    return record;
  }

  /** The state as it stands, without polling. */
  state(): CreditsState {
    const ctx = { now: this.now(), keyHash: this.currentHash(), canManage: this.canManage, lastPatched: this.lastPatched };
    return this.meter ? creditsState(this.meter.snapshot(), ctx) : noKeyState(ctx);
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribeSecrets();
    this.meter?.dispose();
    this.meter = null;
  }

  private currentHash(): string | null {
    return this.apiKey === undefined ? null : keyHashOf(this.apiKey);
  }

  /** The app key's hash as the gateway named it, else derived from the key. */
  private ownHash(): string | null {
    return this.meter?.snapshot().info?.hash ?? this.currentHash();
  }

  private takeEventSlot(kind: 'focus' | 'error'): boolean {
    const now = this.now();
    if (now - this.lastEventPollAt[kind] < (this.opts.minEventSpacingMs ?? MIN_EVENT_SPACING_MS)) return false;
    this.lastEventPollAt[kind] = now;
    return true;
  }

  /** Follows the configured keys; a new OpenRouter key gets a new meter and an immediate poll. */
  private syncKey(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const [apiKey, managementKey] = await Promise.all([
          this.opts.secrets.resolve('openrouter'),
          this.opts.secrets.resolve('openrouterManagement'),
        ]);
        this.canManage = managementKey !== undefined;
        if (this.disposed || apiKey === this.apiKey) return;
        this.meter?.dispose();
        this.apiKey = apiKey;
        this.lastPatched = null;
        this.meter = apiKey === undefined ? null : this.createMeter(apiKey);
        if (this.meter && this.active) void this.meter.refresh('key-changed');
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  private createMeter(apiKey: string): CreditMeter {
    const meter = new CreditMeter({
      getKey: () => this.fetchKey(apiKey),
      now: this.now,
      completionIntervalMs: this.opts.completionIntervalMs,
      schedule: this.opts.schedule,
    });
    meter.onUpdate((s) => this.onMeterUpdate(meter, s));
    return meter;
  }

  private onMeterUpdate(meter: CreditMeter, s: CreditSnapshot): void {
    if (meter !== this.meter) return; // a poll of a key that has since been replaced
    if (s.state === 'fresh' && s.info) this.opts.throttle.setFreeTier(s.info.isFreeTier);
    // A successful poll supersedes what our own PATCH said about the key.
    if (s.state === 'fresh') this.lastPatched = null;
    this.push();
  }

  private push(): void {
    if (this.disposed) return;
    this.opts.bus.emit('credits.updated', this.state());
  }

  private async fetchKey(apiKey: string): Promise<CreditsKeyInfo> {
    const ms = this.opts.pollTimeoutMs ?? POLL_TIMEOUT_MS;
    const signal = AbortSignal.timeout(ms);
    try {
      return await this.opts.client.getKey(apiKey, signal);
    } catch (e) {
      if (signal.aborted) throw new AppError({ code: 'timeout', message: `The gateway did not answer within ${ms} ms.`, details: { service: 'gateway' } });
      throw tagService(e, 'gateway');
    }
  }
}
