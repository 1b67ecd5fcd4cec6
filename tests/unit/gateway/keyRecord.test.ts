import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/result';
import {
  NO_UPDATE_FIELDS,
  currentKeyResponseSchema,
  keyRecordResponseSchema,
  normalizeKey,
  validateKeyPatch,
} from '../../../electron/core/gateway/keyRecord';

const usage = {
  usage: 25.5,
  usage_daily: 1.5,
  usage_weekly: 5,
  usage_monthly: 20,
  byok_usage: 17.38,
  byok_usage_daily: 0.2,
  byok_usage_weekly: 1,
  byok_usage_monthly: 3,
};

const record = {
  hash: 'f01d52606dc8f0a8',
  name: 'Reader',
  label: 'Reader',
  disabled: false,
  limit: 100,
  limit_reset: 'monthly',
  limit_remaining: 80,
  include_byok_in_limit: false,
  ...usage,
  created_at: '2025-08-24T10:30:00Z',
  updated_at: '2025-08-24T15:45:00Z',
  last_used_at: '2025-08-25T01:00:00.123Z',
  expires_at: null,
  creator_user_id: 'user_2dHF',
  workspace_id: '0df9e665-d932-5740-b2c7-b52af166bc11',
  external_user: null,
};

const currentKey = {
  label: 'sk-or-v1-au7...890',
  limit: null,
  limit_reset: null,
  limit_remaining: null,
  include_byok_in_limit: true,
  ...usage,
  is_free_tier: false,
  rate_limit: { requests: -1, interval: '10s', note: 'deprecated' },
  is_management_key: false,
  some_future_field: { nested: true },
};

describe('GET /key schema', () => {
  it('accepts the live shape, ignores rate_limit and unknown fields, and normalizes', () => {
    const parsed = currentKeyResponseSchema.parse({ data: currentKey });
    expect(parsed.data).not.toHaveProperty('rate_limit');
    expect(parsed.data).not.toHaveProperty('some_future_field');
    const info = normalizeKey(parsed.data);
    expect(info).toEqual({
      label: 'sk-or-v1-au7...890',
      name: null,
      hash: null,
      disabled: false,
      limit: null,
      limitRemaining: null,
      limitReset: null,
      includeByokInLimit: true,
      usage: { total: 25.5, daily: 1.5, weekly: 5, monthly: 20 },
      byokUsage: { total: 17.38, daily: 0.2, weekly: 1, monthly: 3 },
      isFreeTier: false,
      expiresAt: null,
      createdAt: null,
      updatedAt: null,
      lastUsedAt: null,
      creatorUserId: null,
      workspaceId: null,
    });
  });

  it('does not require rate_limit', () => {
    const { rate_limit: _dropped, ...rest } = currentKey;
    expect(currentKeyResponseSchema.safeParse({ data: rest }).success).toBe(true);
  });

  it('carries the optional record fields when sent', () => {
    const info = normalizeKey(currentKeyResponseSchema.parse({ data: { ...record, is_free_tier: true } }).data);
    expect(info).toMatchObject({ hash: 'f01d52606dc8f0a8', name: 'Reader', limitReset: 'monthly', limitRemaining: 80, workspaceId: record.workspace_id, isFreeTier: true });
  });

  it.each([
    ['is_free_tier missing', { is_free_tier: undefined }],
    ['limit as text', { limit: '5' }],
    ['unknown limit_reset', { limit_reset: 'yearly' }],
    ['usage null', { usage_daily: null }],
    ['byok usage missing', { byok_usage_weekly: undefined }],
    ['label missing', { label: undefined }],
    ['expires_at not a timestamp', { expires_at: 'soon' }],
  ])('rejects %s', (_name, patch) => {
    expect(currentKeyResponseSchema.safeParse({ data: { ...currentKey, ...patch } }).success).toBe(false);
  });
});

describe('key record schema (PATCH answer)', () => {
  it('accepts a full record with nullable cap fields', () => {
    expect(keyRecordResponseSchema.parse({ data: record }).data.hash).toBe('f01d52606dc8f0a8');
    const uncapped = { ...record, limit: null, limit_remaining: null, limit_reset: null, updated_at: null };
    expect(keyRecordResponseSchema.safeParse({ data: uncapped }).success).toBe(true);
  });

  it.each(['hash', 'name', 'disabled', 'workspace_id', 'created_at', 'usage_monthly'])('requires %s', (field) => {
    const copy: Record<string, unknown> = { ...record };
    delete copy[field];
    expect(keyRecordResponseSchema.safeParse({ data: copy }).success).toBe(false);
  });

  it('checks the documented types', () => {
    expect(keyRecordResponseSchema.safeParse({ data: { ...record, disabled: 'no' } }).success).toBe(false);
    expect(keyRecordResponseSchema.safeParse({ data: { ...record, limit_remaining: '3' } }).success).toBe(false);
  });
});

describe('key patch validation', () => {
  it('keeps only the five accepted fields: workspace_id and unknown fields are never sent', () => {
    const out = validateKeyPatch({ name: 'New', workspace_id: 'other', hash: 'x', foo: 1, limit: 5 });
    expect(out).toEqual({ name: 'New', limit: 5 });
  });

  it('accepts each field alone, null cap and null reset', () => {
    expect(validateKeyPatch({ disabled: true })).toEqual({ disabled: true });
    expect(validateKeyPatch({ include_byok_in_limit: false })).toEqual({ include_byok_in_limit: false });
    expect(validateKeyPatch({ limit: null })).toEqual({ limit: null });
    expect(validateKeyPatch({ limit_reset: null })).toEqual({ limit_reset: null });
    expect(validateKeyPatch({ limit: 0, limit_reset: 'weekly' })).toEqual({ limit: 0, limit_reset: 'weekly' });
  });

  it('refuses an empty patch with the server wording', () => {
    for (const p of [{}, { workspace_id: 'w' }, { name: undefined }]) {
      try {
        validateKeyPatch(p);
        throw new Error('should have thrown');
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).data).toMatchObject({ code: 'bad_request', message: NO_UPDATE_FIELDS });
      }
    }
  });

  it.each([
    [{ limit: -1 }, 'limit'],
    [{ limit: Number.POSITIVE_INFINITY }, 'limit'],
    [{ limit: '5' }, 'limit'],
    [{ limit_reset: 'yearly' }, 'limit_reset'],
    [{ name: '   ' }, 'name'],
    [{ disabled: 'true' }, 'disabled'],
    [{ include_byok_in_limit: 1 }, 'include_byok_in_limit'],
  ])('refuses %j', (patch, field) => {
    try {
      validateKeyPatch(patch);
      throw new Error('should have thrown');
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).data.code).toBe('bad_request');
      expect((e as AppError).data.details?.field).toBe(field);
    }
  });

  it('refuses a patch that is not an object', () => {
    expect(() => validateKeyPatch(null)).toThrow(AppError);
    expect(() => validateKeyPatch('name')).toThrow(AppError);
  });
});
