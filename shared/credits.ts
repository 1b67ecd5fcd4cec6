/**
 * The credit meter and key management (the gateway's `GET /key` and
 * `PATCH /keys/{hash}`) as the renderer sees them.
 * JSON-safe: the core's normalized `KeyInfo` is this type (shared/ may not
 * import from electron/, so the definition lives here).
 */
import { z } from 'zod';

export const LIMIT_RESET_VALUES = ['daily', 'weekly', 'monthly'] as const;
export type CapReset = (typeof LIMIT_RESET_VALUES)[number];

/** Where the gateway shows and sells credits; opened in the system browser. */
export const GATEWAY_CREDITS_URL = 'https://openrouter.ai/settings/credits';

export interface CreditsUsage {
  total: number;
  daily: number;
  weekly: number;
  monthly: number;
}

/** The normalized `GET /key` answer behind the meter. */
export interface CreditsKeyInfo {
  label: string;
  name: string | null;
  hash: string | null;
  disabled: boolean;
  /** USD cap; null = no cap. */
  limit: number | null;
  /** Credits left under the cap (local spending already subtracted); null without a cap. */
  limitRemaining: number | null;
  limitReset: CapReset | null;
  includeByokInLimit: boolean;
  usage: CreditsUsage;
  byokUsage: CreditsUsage;
  isFreeTier: boolean;
  expiresAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastUsedAt: string | null;
  creatorUserId: string | null;
  workspaceId: string | null;
}

/** `active` unless the gateway refused the key; `unknown` before the first answer. */
export type CreditsKeyState = 'active' | 'disabled' | 'expired' | 'invalid' | 'unknown';

export interface CreditsErrorInfo {
  code: string;
  message: string;
  status?: number;
}

/** Everything the header meter, its popover and the key panel show; pushed as `credits.updated`. */
export interface CreditsState {
  /**
   * `no_key`: no OpenRouter key is configured; `empty`: configured, no answer yet
   * (see `error`); `fresh`: the last poll succeeded; `stale`: it failed and `info`
   * is the last known value, `ageMs` old.
   */
  status: 'no_key' | 'empty' | 'fresh' | 'stale';
  keyState: CreditsKeyState;
  info: CreditsKeyInfo | null;
  /** Epoch ms (core clock) of the poll `info` comes from. */
  fetchedAt: number | null;
  ageMs: number | null;
  /** Why the last poll failed, while `stale` or `empty`. */
  error: CreditsErrorInfo | null;
  /** Spending since that poll, already applied to `info`. */
  localCost: number;
  /** Next reset of the key cap (UTC midnight); null when it never resets or there is no cap. */
  nextLimitResetAt: number | null;
  /** Next resets of the usage windows: UTC day, week (Monday), month. */
  resets: { day: number; week: number; month: number };
  refreshing: boolean;
  /** Hash of the key the app uses (the PATCH path parameter); null without a key. */
  keyHash: string | null;
  /** A management key is saved, so the key panel can edit the app's key. */
  canManage: boolean;
  /** Core clock when this state was made: lets a renderer on another device correct for clock skew. */
  now: number;
}

export type CreditsRefreshReason = 'focus' | 'manual';

/** The key record `PATCH /keys/{hash}` returns, every field with the type the gateway sends. */
export interface GatewayKeyRecord {
  hash: string;
  name: string;
  label: string;
  disabled: boolean;
  limit: number | null;
  limit_reset: CapReset | null;
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
  last_used_at?: string | null;
  expires_at?: string | null;
  creator_user_id: string;
  workspace_id: string;
  external_user?: unknown;
}

/** The gateway's own wording when a PATCH carries none of the accepted fields. */
export const NO_UPDATE_FIELDS_MESSAGE = 'No update fields provided';

/**
 * A key edit as the UI sends it: only the five fields `PATCH /keys/{hash}`
 * accepts (unknown ones are stripped, `workspace_id` never passes), at least one.
 */
export const KeyUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    disabled: z.boolean().optional(),
    limit: z.number().finite().nonnegative().nullable().optional(),
    limit_reset: z.enum(LIMIT_RESET_VALUES).nullable().optional(),
    include_byok_in_limit: z.boolean().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: NO_UPDATE_FIELDS_MESSAGE });
export type KeyUpdate = z.infer<typeof KeyUpdateSchema>;

/** The key hash: the gateway's identifier, hex in practice; bounded so it cannot smuggle a path. */
export const KeyHashSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'not a key hash');
