/**
 * The fake's API keys: records as the gateway keeps them, usage windows that
 * roll at the UTC day, week (Monday) and month, the cap left in the current
 * window, and charging a completion's cost to the key and the account balance.
 */
import { createHash } from 'node:crypto';
import { DAY, dayStart, iso, monthStart, weekStart } from './clock';
import type { FakeGatewayState, FakeKey, FakeKeyInit, FakeKeyRecord } from './types';

export interface KeyStore {
  /** By token. */
  map: Map<string, FakeKey>;
  add(init: FakeKeyInit): FakeKey;
  find(tokenOrHash: string): FakeKey | undefined;
  /** Starts a usage window over when it has ended since the last update, then recomputes the cap. */
  refresh(k: FakeKey): FakeKeyRecord;
  charge(k: FakeKey, cost: number): void;
  /** A copy of the refreshed record; throws for an unknown key. */
  key(tokenOrHash: string): FakeKeyRecord;
  setKey(tokenOrHash: string, changes: Partial<FakeKeyRecord> & { isFreeTier?: boolean }): FakeKeyRecord;
}

function maskKey(token: string): string {
  return token.length > 12 ? `${token.slice(0, 11)}...${token.slice(-3)}` : `${token.slice(0, 3)}...`;
}

function recordOf(init: FakeKeyInit, now: number): FakeKeyRecord {
  return {
    hash: init.hash ?? createHash('sha256').update(init.key).digest('hex'),
    name: init.name ?? '',
    label: init.label ?? (init.name || maskKey(init.key)),
    disabled: init.disabled ?? false,
    limit: init.limit ?? null,
    limit_reset: init.limitReset ?? null,
    limit_remaining: null,
    include_byok_in_limit: init.includeByokInLimit ?? false,
    usage: init.usage ?? 0,
    usage_daily: init.usageDaily ?? 0,
    usage_weekly: init.usageWeekly ?? 0,
    usage_monthly: init.usageMonthly ?? 0,
    byok_usage: init.byokUsage ?? 0,
    byok_usage_daily: init.byokUsageDaily ?? 0,
    byok_usage_weekly: init.byokUsageWeekly ?? 0,
    byok_usage_monthly: init.byokUsageMonthly ?? 0,
    created_at: init.createdAt ?? iso(now - 30 * DAY),
    updated_at: null,
    last_used_at: init.lastUsedAt ?? null,
    expires_at: init.expiresAt ?? null,
    creator_user_id: init.creatorUserId ?? 'user_fake0000000000000000000',
    workspace_id: init.workspaceId ?? '0df9e665-d932-5740-b2c7-b52af166bc11',
    external_user: null,
  };
}

export function createKeyStore(state: FakeGatewayState): KeyStore {
  const map = new Map<string, FakeKey>();

  function add(init: FakeKeyInit): FakeKey {
    const now = state.now();
    const k: FakeKey = { token: init.key, isFreeTier: init.isFreeTier ?? true, windowAt: now, record: recordOf(init, now) };
    map.set(k.token, k);
    return k;
  }

  function find(tokenOrHash: string): FakeKey | undefined {
    return map.get(tokenOrHash) ?? [...map.values()].find((k) => k.record.hash === tokenOrHash);
  }

  function refresh(k: FakeKey): FakeKeyRecord {
    const now = state.now();
    const r = k.record;
    if (dayStart(now) > dayStart(k.windowAt)) {
      r.usage_daily = 0;
      r.byok_usage_daily = 0;
    }
    if (weekStart(now) > weekStart(k.windowAt)) {
      r.usage_weekly = 0;
      r.byok_usage_weekly = 0;
    }
    if (monthStart(now) > monthStart(k.windowAt)) {
      r.usage_monthly = 0;
      r.byok_usage_monthly = 0;
    }
    k.windowAt = now;
    if (r.limit === null) {
      r.limit_remaining = null;
    } else {
      const pick = { daily: ['usage_daily', 'byok_usage_daily'], weekly: ['usage_weekly', 'byok_usage_weekly'], monthly: ['usage_monthly', 'byok_usage_monthly'] } as const;
      const [u, b] = r.limit_reset ? pick[r.limit_reset] : (['usage', 'byok_usage'] as const);
      const spent = r[u] + (r.include_byok_in_limit ? r[b] : 0);
      r.limit_remaining = Math.max(0, Math.round((r.limit - spent) * 1e9) / 1e9);
    }
    return r;
  }

  function charge(k: FakeKey, cost: number): void {
    refresh(k);
    const r = k.record;
    r.usage += cost;
    r.usage_daily += cost;
    r.usage_weekly += cost;
    r.usage_monthly += cost;
    r.last_used_at = iso(state.now());
    state.balance -= cost;
    refresh(k);
  }

  function key(tokenOrHash: string): FakeKeyRecord {
    const k = find(tokenOrHash);
    if (!k) throw new Error(`fake gateway: no key ${tokenOrHash}`);
    return { ...refresh(k) };
  }

  function setKey(tokenOrHash: string, changes: Partial<FakeKeyRecord> & { isFreeTier?: boolean }): FakeKeyRecord {
    const k = find(tokenOrHash);
    if (!k) throw new Error(`fake gateway: no key ${tokenOrHash}`);
    const { isFreeTier, ...rest } = changes;
    if (isFreeTier !== undefined) k.isFreeTier = isFreeTier;
    Object.assign(k.record, rest);
    return key(tokenOrHash);
  }

  return { map, add, find, refresh, charge, key, setKey };
}
