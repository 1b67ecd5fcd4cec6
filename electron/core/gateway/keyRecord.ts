/**
 * Schemas of the gateway's key record and of the
 * `GET /key` answer, plus the normalized `CreditsKeyInfo` the meter and UI use.
 * Unknown extra fields are tolerated (zod strips them); the deprecated
 * `rate_limit` is never declared, so it is neither required nor kept.
 */
import { z } from 'zod';
import { LIMIT_RESET_VALUES, type CreditsKeyInfo, type CreditsUsage } from '../../../shared/credits';
import { AppError } from '../../../shared/result';

const isoTimestamp = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'expected an ISO 8601 timestamp');
const limitResetSchema = z.enum(LIMIT_RESET_VALUES).nullable();

const usageFields = {
  usage: z.number(),
  usage_daily: z.number(),
  usage_weekly: z.number(),
  usage_monthly: z.number(),
  byok_usage: z.number(),
  byok_usage_daily: z.number(),
  byok_usage_weekly: z.number(),
  byok_usage_monthly: z.number(),
};

const capFields = {
  label: z.string(),
  limit: z.number().nullable(),
  limit_reset: limitResetSchema,
  limit_remaining: z.number().nullable(),
  include_byok_in_limit: z.boolean(),
};

/**
 * The full record returned by `PATCH /keys/{hash}`. Every documented field is
 * checked with its documented type. Three are allowed to be absent because the live gateway
 * omits them in some answers: `last_used_at` (never-used keys), `expires_at` and
 * `external_user`; `updated_at` may be null on a never-updated key.
 */
export const keyRecordSchema = z.object({
  hash: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  ...capFields,
  ...usageFields,
  created_at: isoTimestamp,
  updated_at: isoTimestamp.nullable(),
  last_used_at: isoTimestamp.nullable().optional(),
  expires_at: isoTimestamp.nullable().optional(),
  creator_user_id: z.string(),
  workspace_id: z.string(),
  external_user: z.unknown().optional(),
});
export type KeyRecord = z.infer<typeof keyRecordSchema>;

/**
 * `GET /key`: the gateway does not say which of hash, name, the timestamps,
 * creator_user_id and workspace_id it carries, so those are optional.
 * `disabled` is optional too: a disabled key is answered with 401, so a 200
 * means enabled (the live gateway does not send it).
 */
export const currentKeySchema = z.object({
  hash: z.string().optional(),
  name: z.string().optional(),
  disabled: z.boolean().optional(),
  ...capFields,
  ...usageFields,
  created_at: isoTimestamp.optional(),
  updated_at: isoTimestamp.nullable().optional(),
  last_used_at: isoTimestamp.nullable().optional(),
  expires_at: isoTimestamp.nullable().optional(),
  creator_user_id: z.string().optional(),
  workspace_id: z.string().optional(),
  external_user: z.unknown().optional(),
  is_free_tier: z.boolean(),
});
export type CurrentKey = z.infer<typeof currentKeySchema>;

export const keyRecordResponseSchema = z.object({ data: keyRecordSchema });
export const currentKeyResponseSchema = z.object({ data: currentKeySchema });

type UsageSource = { [K in keyof typeof usageFields]: number };

function totals(r: UsageSource, byok: boolean): CreditsUsage {
  return byok
    ? { total: r.byok_usage, daily: r.byok_usage_daily, weekly: r.byok_usage_weekly, monthly: r.byok_usage_monthly }
    : { total: r.usage, daily: r.usage_daily, weekly: r.usage_weekly, monthly: r.usage_monthly };
}

/** Normalized, JSON-safe key information (null where the gateway did not say): the shared type the renderer reads. */
export function normalizeKey(r: CurrentKey | (KeyRecord & { is_free_tier?: boolean })): CreditsKeyInfo {
  return {
    label: r.label,
    name: r.name ?? null,
    hash: r.hash ?? null,
    disabled: r.disabled ?? false,
    limit: r.limit,
    limitRemaining: r.limit_remaining,
    limitReset: r.limit_reset,
    includeByokInLimit: r.include_byok_in_limit,
    usage: totals(r, false),
    byokUsage: totals(r, true),
    // A bare key record does not say; assume the stricter free tier.
    isFreeTier: r.is_free_tier ?? true,
    expiresAt: r.expires_at ?? null,
    createdAt: r.created_at ?? null,
    updatedAt: r.updated_at ?? null,
    lastUsedAt: r.last_used_at ?? null,
    creatorUserId: r.creator_user_id ?? null,
    workspaceId: r.workspace_id ?? null,
  };
}

/** The five fields `PATCH /keys/{hash}` accepts. Anything else (workspace_id included) is dropped, never sent. */
export const KEY_PATCH_FIELDS = ['name', 'disabled', 'limit', 'limit_reset', 'include_byok_in_limit'] as const;

export const keyPatchSchema = z.object({
  name: z.string().refine((s) => s.trim() !== '', 'name must not be blank').optional(),
  disabled: z.boolean().optional(),
  // null clears the cap (the record's `limit` is "number or null").
  limit: z.number().nonnegative().nullable().optional(),
  limit_reset: limitResetSchema.optional(),
  include_byok_in_limit: z.boolean().optional(),
});
export type KeyPatch = z.infer<typeof keyPatchSchema>;

/** The server's own wording, used for the same mistake caught before sending. */
export const NO_UPDATE_FIELDS = 'No update fields provided';

/**
 * Checks a patch before it is sent and returns only the accepted fields that are
 * set. Throws AppError `bad_request` on a wrong value or when nothing is left.
 */
export function validateKeyPatch(patch: unknown): KeyPatch {
  const parsed = keyPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new AppError({
      code: 'bad_request',
      message: `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid key update'}`,
      details: { field: where || undefined },
    });
  }
  const out: Record<string, unknown> = {};
  for (const f of KEY_PATCH_FIELDS) if (parsed.data[f] !== undefined) out[f] = parsed.data[f];
  if (Object.keys(out).length === 0) throw new AppError({ code: 'bad_request', message: NO_UPDATE_FIELDS });
  return out as KeyPatch;
}
