import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeytarBackend } from '../../../electron/core/secrets/keytarBackend';
import { SecretsService } from '../../../electron/core/secrets/secretsService';
import { SECRET_NAMES } from '../../../shared/secrets';

// A service name of our own, so a contributor's real keychain entries are never touched.
const service = `yomimono-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
const backend = createKeytarBackend(service, 5_000);
let available = false;
let reason = '';

beforeAll(async () => {
  try {
    await backend.probe();
    available = true;
  } catch (e) {
    reason = e instanceof Error ? e.message : String(e);
    if (process.env.YOMIMONO_REQUIRE_KEYCHAIN) throw new Error(`the keychain must be reachable here: ${reason}`, { cause: e });
    console.log(`[keychain] skipped: no Secret Service reachable (${reason})`);
  }
});

afterAll(async () => {
  if (!available) return;
  for (const name of SECRET_NAMES) await backend.delete(name).catch(() => false);
});

describe('keychain round trip (real OS keychain via keytar)', () => {
  it('stores, reads back, reports and clears a key', async (ctx) => {
    if (!available) ctx.skip();
    const secrets = new SecretsService({ backends: [backend], env: {} });
    const key = `sk-or-v1-${crypto.randomBytes(16).toString('hex')}`;

    const afterSet = await secrets.set('openrouter', key);
    expect(afterSet.backend).toBe('keychain');
    expect(afterSet.keys.openrouter).toEqual({ set: true, source: 'store', hint: key.slice(-4) });
    expect(JSON.stringify(afterSet)).not.toContain(key.slice(0, -4));

    // A second service instance reads it from the keychain itself, not from a cache.
    const fresh = new SecretsService({ backends: [createKeytarBackend(service)], env: {} });
    expect(await fresh.resolve('openrouter')).toBe(key);
    expect(await backend.get('openrouter')).toBe(key);

    const afterClear = await secrets.clear('openrouter');
    expect(afterClear.keys.openrouter).toEqual({ set: false, source: null, hint: null });
    expect(await backend.get('openrouter')).toBeNull();
  });

  it('environment keys win over stored ones and are reported as env', async (ctx) => {
    if (!available) ctx.skip();
    await backend.set('gemini', 'stored-gemini-key-1111');
    const secrets = new SecretsService({ backends: [backend], env: { gemini: 'env-gemini-key-2222' } });
    expect(await secrets.resolve('gemini')).toBe('env-gemini-key-2222');
    expect((await secrets.status()).keys.gemini).toEqual({ set: true, source: 'env', hint: '2222' });
    await backend.delete('gemini');
  });
});
