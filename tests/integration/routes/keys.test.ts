/** Provider keys: the caller's Bearer first, then the configured key, else the fixed missing-key error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MESSAGES } from '../../../shared/messages';
import {
  CALLER_KEY,
  chatRequests,
  errorBody,
  GEMINI_ENV_KEY,
  MODEL_ROUTES,
  OPENROUTER_ENV_KEY,
  post,
  startRoutesEnv,
  VALID_BODIES,
  type RoutesEnv,
} from '../../support/routesHarness';

describe('with configured keys', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  it.each(MODEL_ROUTES)('%s forwards the caller’s Bearer key instead of the configured one', async (route) => {
    const res = await post(env.url, route, VALID_BODIES[route], { Authorization: `Bearer ${CALLER_KEY}` });
    expect(res.status).toBe(200);
    expect(chatRequests(env.gw).at(-1)!.headers.authorization).toBe(`Bearer ${CALLER_KEY}`);
  });

  it('forwards the caller’s key to gemini too', async () => {
    await post(env.url, '/api/translate', { text: '猫', provider: 'gemini' }, { Authorization: `Bearer ${CALLER_KEY}` });
    expect(chatRequests(env.geminiGw).at(-1)!.headers.authorization).toBe(`Bearer ${CALLER_KEY}`);
  });

  it('uses the configured key of the chosen provider without a Bearer', async () => {
    await post(env.url, '/api/translate', { text: '猫' });
    expect(chatRequests(env.gw).at(-1)!.headers.authorization).toBe(`Bearer ${OPENROUTER_ENV_KEY}`);
    await post(env.url, '/api/translate', { text: '猫', provider: 'gemini' });
    expect(chatRequests(env.geminiGw).at(-1)!.headers.authorization).toBe(`Bearer ${GEMINI_ENV_KEY}`);
  });

  it('an empty or non-Bearer Authorization falls back to the configured key', async () => {
    for (const authorization of ['Bearer ', 'Basic dXNlcjpwdw==']) {
      expect((await post(env.url, '/api/translate', { text: '猫' }, { Authorization: authorization })).status).toBe(200);
      expect(chatRequests(env.gw).at(-1)!.headers.authorization).toBe(`Bearer ${OPENROUTER_ENV_KEY}`);
    }
  });

  it('a wrong caller key gets the provider’s own 401 and message', async () => {
    const res = await post(env.url, '/api/translate', { text: '猫' }, { Authorization: 'Bearer sk-unknown' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(errorBody('User not found.'));
  });
});

describe('without configured keys', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv({ envKeys: false });
  });
  afterAll(async () => {
    await env.close();
  });

  it.each(MODEL_ROUTES.flatMap((r) => ['openrouter', 'gemini'].map((p) => [r, p] as const)))('%s (%s) → 401 with the fixed message and no upstream call', async (route, provider) => {
    const res = await post(env.url, route, { ...VALID_BODIES[route], provider });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.missingKey));
    expect(chatRequests(env.gw)).toHaveLength(0);
    expect(chatRequests(env.geminiGw)).toHaveLength(0);
  });

  it('also for a streaming request', async () => {
    const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.missingKey));
  });

  it('a caller key still works', async () => {
    const res = await post(env.url, '/api/translate', { text: '猫' }, { Authorization: `Bearer ${CALLER_KEY}` });
    expect(res.status).toBe(200);
    expect(chatRequests(env.gw).at(-1)!.headers.authorization).toBe(`Bearer ${CALLER_KEY}`);
  });
});
