import type { CreditsKeyInfo } from '../../shared/credits';

const ZERO = { total: 0, daily: 0, weekly: 0, monthly: 0 };

/** A normalized key (what `GET /key` becomes): a capped, unused free-tier key unless told otherwise. */
export function keyInfo(over: Partial<CreditsKeyInfo> = {}): CreditsKeyInfo {
  return {
    label: 'Reader',
    name: null,
    hash: null,
    disabled: false,
    limit: 10,
    limitRemaining: 10,
    limitReset: 'daily',
    includeByokInLimit: false,
    usage: ZERO,
    byokUsage: ZERO,
    isFreeTier: true,
    expiresAt: null,
    createdAt: null,
    updatedAt: null,
    lastUsedAt: null,
    creatorUserId: null,
    workspaceId: null,
    ...over,
  };
}
