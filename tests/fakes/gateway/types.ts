/** The fake gateway's public shapes: its keys, scripted steps, request log, knobs and handle. */
import type { FloodOptions, FloodReport } from '../flood';
import type { FakeModelListControl } from '../modelList';

export type FakeLimitReset = 'daily' | 'weekly' | 'monthly' | null;

export interface FakeKeyInit {
  /** The bearer token itself. */
  key: string;
  hash?: string;
  name?: string;
  label?: string;
  disabled?: boolean;
  limit?: number | null;
  limitReset?: FakeLimitReset;
  includeByokInLimit?: boolean;
  usage?: number;
  usageDaily?: number;
  usageWeekly?: number;
  usageMonthly?: number;
  byokUsage?: number;
  byokUsageDaily?: number;
  byokUsageWeekly?: number;
  byokUsageMonthly?: number;
  /** Account never bought credits: 50 free-model requests a day instead of 1000. */
  isFreeTier?: boolean;
  expiresAt?: string | null;
  createdAt?: string;
  lastUsedAt?: string | null;
  creatorUserId?: string;
  workspaceId?: string;
}

/** The key record exactly as the gateway sends it. */
export interface FakeKeyRecord {
  hash: string;
  name: string;
  label: string;
  disabled: boolean;
  limit: number | null;
  limit_reset: FakeLimitReset;
  limit_remaining: number | null;
  include_byok_in_limit: boolean;
  usage: number;
  usage_daily: number;
  usage_weekly: number;
  usage_monthly: number;
  byok_usage: number;
  byok_usage_daily: number;
  byok_usage_weekly: number;
  byok_usage_monthly: number;
  created_at: string;
  updated_at: string | null;
  last_used_at: string | null;
  expires_at: string | null;
  creator_user_id: string;
  workspace_id: string;
  external_user: null;
}

export interface FakeKey {
  token: string;
  isFreeTier: boolean;
  record: FakeKeyRecord;
  /** Instant of the last usage update, to roll the day/week/month windows. */
  windowAt: number;
}

export type ScriptStep = { path?: string } & (
  | {
      kind: 'error';
      status: number;
      message?: string;
      metadata?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Retry-After in seconds. */
      retryAfter?: number;
      /** X-RateLimit-* headers; `reset` is epoch ms. */
      rateLimit?: { limit: number; remaining: number; reset: number };
    }
  | { kind: 'raw'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'reply'; text?: string; cost?: number; delayMs?: number; keepAlives?: number }
  | { kind: 'midStreamError'; text?: string; code?: number; message?: string; metadata?: Record<string, unknown> }
  | { kind: 'stall'; text?: string }
  | { kind: 'truncate'; text?: string }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | ({ kind: 'flood'; /** An event stream whose first data line never ends. */ sse?: boolean } & Pick<FloodOptions, 'encoding' | 'bytes'>)
);

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. '/api/v1/chat/completions'. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
  at: number;
  status?: number;
  aborted: boolean;
}

export interface FakeGatewayState {
  /** Account credits in USD. */
  balance: number;
  costPerRequest: number;
  reply: string | ((body: Record<string, unknown>) => string);
  delayMs: number;
  keepAlives: number;
  chunkChars: number;
  chunkDelayMs: number;
  retryAfterSeconds: number | undefined;
  freeLimits: { perMinute: number; perDayFreeTier: number; perDayPaid: number };
  fullKeyInfo: boolean;
  managementKeys: string[];
  now: () => number;
}

export interface FakeGatewayOptions extends Partial<Omit<FakeGatewayState, 'freeLimits'>> {
  keys?: FakeKeyInit[];
  freeLimits?: Partial<FakeGatewayState['freeLimits']>;
}

export interface FakeGateway {
  /** One report per `flood` step played, settled once its connection ended. */
  floods: Array<Promise<FloodReport>>;
  url: string;
  baseUrl: string;
  state: FakeGatewayState;
  keys: Map<string, FakeKey>;
  /** What `GET /models` serves (entries and mode). */
  models: FakeModelListControl;
  /** `GET /models` requests answered so far. */
  readonly modelRequests: number;
  requests: FakeRequest[];
  /** Timestamps of accepted `:free` requests. */
  freeRequests: number[];
  addKey(init: FakeKeyInit): FakeKey;
  /** By token or hash; the record has its windows rolled and limit_remaining computed. */
  key(tokenOrHash: string): FakeKeyRecord;
  setKey(tokenOrHash: string, changes: Partial<FakeKeyRecord> & { isFreeTier?: boolean }): FakeKeyRecord;
  script(...steps: ScriptStep[]): void;
  pendingScripts(): number;
  waitFor(pred: () => boolean, timeoutMs?: number): Promise<void>;
  resetFreeCounters(): void;
  close(): Promise<void>;
}
