/**
 * A quiet start: with no key, `daily.get` answers with a built-in sentence marked as such (no
 * failed request, nothing sent to a model), while `/api/daily-sentence` keeps the 503 the web app's API gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailySentence } from '../../../shared/domain';
import { APP_MESSAGES } from '../../../shared/messages';
import { call, startRoutesEnv, type RoutesEnv } from '../../support/routesHarness';

let env: RoutesEnv;
beforeAll(async () => {
  env = await startRoutesEnv({ envKeys: false });
}, 60_000);
afterAll(() => env?.close());

const rpc = (method: string, ...args: unknown[]) =>
  fetch(`${env.url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) });

describe('the sentence of the day with no key', () => {
  it('daily.get answers 200 with a built-in sentence, marked, for today in Japan; no model is asked', async () => {
    const res = await rpc('daily.get');
    expect(res.status).toBe(200);
    const sentence = (await res.json()) as DailySentence;
    expect(sentence.builtIn).toBe(true);
    expect(sentence.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sentence.tokens.map((t) => t.word).join('')).toBe(sentence.text);
    expect(Object.keys(sentence.translation).sort()).toEqual(['en', 'ko', 'zh-CN', 'zh-TW']);
    expect(env.gw.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(0);
  });

  it('/api/daily-sentence keeps its 503 and fixed message', async () => {
    const reply = await call(env.url, '/api/daily-sentence');
    expect(reply.status).toBe(503);
    expect(reply.json).toEqual({ error: { message: APP_MESSAGES.dailyUnavailable } });
  });
});
