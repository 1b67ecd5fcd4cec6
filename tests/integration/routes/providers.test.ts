/** Provider and model rules: unknown provider → openrouter, allow-listed models only, gemini's own URL and key. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../../../shared/catalog';
import {
  chatRequests,
  GEMINI_ENV_KEY,
  lastChatBody,
  MODEL_ROUTES,
  OPENROUTER_ENV_KEY,
  post,
  startRoutesEnv,
  VALID_BODIES,
  type RoutesEnv,
} from '../../support/routesHarness';

let env: RoutesEnv;
let seen: { openrouter: number; gemini: number };

beforeAll(async () => {
  env = await startRoutesEnv();
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  seen = { openrouter: chatRequests(env.gw).length, gemini: chatRequests(env.geminiGw).length };
});

/** How many chat requests each fake received since the test began. */
const calls = () => ({ openrouter: chatRequests(env.gw).length - seen.openrouter, gemini: chatRequests(env.geminiGw).length - seen.gemini });

describe.each(MODEL_ROUTES)('%s', (route) => {
  const body = VALID_BODIES[route]!;

  it('defaults to openrouter with its default model', async () => {
    const res = await post(env.url, route, body);
    expect(res.status).toBe(200);
    expect(calls()).toEqual({ openrouter: 1, gemini: 0 });
    expect(lastChatBody(env.gw).model).toBe(DEFAULT_MODEL.openrouter);
    expect(chatRequests(env.gw).at(-1)!.headers.authorization).toBe(`Bearer ${OPENROUTER_ENV_KEY}`);
  });

  it('treats an unknown provider as openrouter', async () => {
    // `local` too: the app's own provider, not one of the routes'.
    for (const provider of ['openai', 'GEMINI', 42, null, 'local']) {
      expect((await post(env.url, route, { ...body, provider })).status).toBe(200);
    }
    expect(calls()).toEqual({ openrouter: 5, gemini: 0 });
  });

  it('keeps an allow-listed model and replaces any other by the default', async () => {
    await post(env.url, route, { ...body, model: 'openai/gpt-4o-mini' });
    expect(lastChatBody(env.gw).model).toBe('openai/gpt-4o-mini');
    await post(env.url, route, { ...body, model: 'evil/expensive-model' });
    expect(lastChatBody(env.gw).model).toBe(DEFAULT_MODEL.openrouter);
    // A gemini model name is not on openrouter's list.
    await post(env.url, route, { ...body, model: 'gemini-2.5-pro' });
    expect(lastChatBody(env.gw).model).toBe(DEFAULT_MODEL.openrouter);
  });

  it('sends provider gemini to GEMINI_API_URL with the gemini key', async () => {
    const res = await post(env.url, route, { ...body, provider: 'gemini', model: 'gemini-2.5-pro' });
    expect(res.status).toBe(200);
    expect(calls()).toEqual({ openrouter: 0, gemini: 1 });
    const req = chatRequests(env.geminiGw).at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${GEMINI_ENV_KEY}`);
    expect(req.path).toBe('/api/v1/chat/completions');
    expect((req.body as { model: string }).model).toBe('gemini-2.5-pro');
  });

  it('replaces a model outside gemini’s list by gemini’s default', async () => {
    await post(env.url, route, { ...body, provider: 'gemini', model: 'google/gemini-2.5-pro' });
    expect(lastChatBody(env.geminiGw).model).toBe(DEFAULT_MODEL.gemini);
    expect(calls()).toEqual({ openrouter: 0, gemini: 1 });
  });
});
