/**
 * The /api/* routes record each answer's usage in `model_usage` through the
 * same upstream hook as the app's own calls: per task, tokens and cost, unknown as NULL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALLER_KEY, post, startRoutesEnv, type RoutesEnv } from '../../support/routesHarness';

let env: RoutesEnv;
beforeAll(async () => {
  env = await startRoutesEnv();
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  env.server.core.db.prepare('DELETE FROM model_usage').run();
  env.gw.state.costPerRequest = 0.003;
});

interface Row {
  provider: string;
  model: string;
  task: string;
  document_id: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cost: number | null;
}
/** The table as stored, the pending rows (written up to a second later) written first. */
function rows(): Row[] {
  env.server.core.usage.flush();
  return env.server.core.db.prepare('SELECT provider, model, task, document_id, prompt_tokens, completion_tokens, cost FROM model_usage ORDER BY id').all() as Row[];
}
/** The stream's end (and so the hook) may land just after the client has read the last byte. */
async function rowsSoon(n: number): Promise<Row[]> {
  for (let i = 0; i < 100 && rows().length < n; i++) await new Promise((r) => setTimeout(r, 10));
  return rows();
}

describe('/api/* usage', () => {
  it('a streamed /api/chat is forwarded whole and its last chunk’s usage is recorded under chat', async () => {
    const r = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: '猫は何ですか' }] });
    expect(r.status).toBe(200);
    // The usage chunk still reaches the caller, unchanged.
    expect(r.text).toMatch(/"usage":\{"prompt_tokens":\d+,"completion_tokens":\d+,"total_tokens":\d+,"cost":0\.003/);
    expect(r.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const [row, ...more] = await rowsSoon(1);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ provider: 'openrouter', task: 'chat', document_id: null, cost: 0.003 });
    expect(row!.prompt_tokens).toBeGreaterThan(0);
    expect(row!.completion_tokens).toBeGreaterThan(0);
    expect(env.server.core.usage.today().tasks).toMatchObject([{ task: 'chat', requests: 1, cost: 0.003 }]);
  });

  it('non-streamed answers are recorded per task (translate → translation, analyze → analysis)', async () => {
    expect((await post(env.url, '/api/translate', { text: '猫' })).status).toBe(200);
    expect((await post(env.url, '/api/analyze', { prompt: '猫' })).status).toBe(200);
    const got = await rowsSoon(2);
    expect(got.map((r) => [r.task, r.cost])).toEqual([
      ['translation', 0.003],
      ['analysis', 0.003],
    ]);
    expect(got.every((r) => (r.prompt_tokens ?? 0) > 0 && (r.completion_tokens ?? 0) > 0)).toBe(true);
  });

  it('Gemini: tokens recorded, cost unknown (NULL), streamed or not', async () => {
    expect((await post(env.url, '/api/chat', { provider: 'gemini', messages: [{ role: 'user', content: '猫' }] })).status).toBe(200);
    expect((await post(env.url, '/api/translate', { provider: 'gemini', text: '猫' })).status).toBe(200);
    const got = await rowsSoon(2);
    expect(got.map((r) => [r.provider, r.task, r.cost])).toEqual([
      ['gemini', 'chat', null],
      ['gemini', 'translation', null],
    ]);
    expect(got.every((r) => (r.prompt_tokens ?? 0) > 0)).toBe(true);
    // Gemini's stream carries its usage in the last chunk unasked; `stream_options` is not in its documented API, so not sent.
    const sent = env.geminiGw.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body as Record<string, unknown>);
    expect(sent[0]).toMatchObject({ stream: true });
    expect(sent.every((b) => !('stream_options' in b) && !('usage' in b))).toBe(true);
  });

  it('a stream without a usage chunk counts as a request with unknown tokens and cost', async () => {
    env.gw.script({ kind: 'truncate', text: '途中' });
    await post(env.url, '/api/chat', { messages: [{ role: 'user', content: '猫' }] });
    const [row] = await rowsSoon(1);
    expect(row).toMatchObject({ task: 'chat', prompt_tokens: null, completion_tokens: null, cost: null });
    expect(env.server.core.usage.today().tasks).toMatchObject([{ task: 'chat', requests: 1, promptTokens: 0, cost: null }]);
  });

  it("a caller's own key is not the learner's spend: nothing is recorded", async () => {
    expect((await post(env.url, '/api/chat', { messages: [{ role: 'user', content: '猫' }] }, { Authorization: `Bearer ${CALLER_KEY}` })).status).toBe(200);
    expect((await post(env.url, '/api/translate', { text: '猫' }, { Authorization: `Bearer ${CALLER_KEY}` })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(rows()).toEqual([]);
  });
});
