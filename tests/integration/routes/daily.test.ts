/** GET /api/daily-sentence: one structured generation per Japan date, validated, stored, shared. */
import { afterEach, describe, expect, it } from 'vitest';
import { call, chatRequests, lastChatBody, startRoutesEnv, type Reply, type RoutesEnv } from '../../support/routesHarness';

const VALID = {
  text: '今日はとても良い天気ですね。',
  tokens: [
    { word: '今日', pos: 'noun', furigana: 'きょう' },
    { word: 'は', pos: 'particle', furigana: '' },
    { word: 'とても', pos: 'adverb', furigana: '' },
    { word: '良い', pos: 'adjective', furigana: 'よい' },
    { word: '天気', pos: 'noun', furigana: 'てんき' },
    { word: 'です', pos: 'auxiliary', furigana: '' },
    { word: 'ね', pos: 'particle', furigana: '' },
    { word: '。', pos: 'punctuation', furigana: '' },
  ],
  translation: { 'zh-CN': '今天天气真好啊。', 'zh-TW': '今天天氣真好啊。', en: 'The weather is really nice today.', ko: '오늘은 날씨가 정말 좋네요.' },
};
const NO_FULL_STOP = { ...VALID, text: '今日はとても良い天気ですね', tokens: VALID.tokens.slice(0, -1) };
const TOKENS_DO_NOT_REBUILD = { ...VALID, tokens: VALID.tokens.filter((t) => t.word !== 'とても') };
const MISSING_TRANSLATION = { ...VALID, translation: { 'zh-CN': '今天天气真好啊。', en: 'Nice weather.' } };

/** `YYYY-MM-DD` in Japan (UTC+9, no DST), computed here independently of the server. */
function japanToday(now = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
}
function secondsToJapanMidnight(now = Date.now()): number {
  const day = 86_400_000;
  const jst = now + 9 * 3_600_000;
  return (day - (jst % day)) / 1000;
}

let env: RoutesEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function start(opts: Parameters<typeof startRoutesEnv>[0] = {}): Promise<RoutesEnv> {
  env = await startRoutesEnv(opts);
  return env;
}
const reply = (value: unknown, delayMs?: number) => ({ kind: 'reply' as const, text: JSON.stringify(value), ...(delayMs ? { delayMs } : {}) });
const daily = (e: RoutesEnv, headers: Record<string, string> = {}): Promise<Reply> => call(e.url, '/api/daily-sentence', { headers });

describe('GET /api/daily-sentence', () => {
  it('generates once with a strict structured call, then serves the stored sentence', async () => {
    const e = await start();
    e.gw.script(reply(VALID));
    const first = await daily(e);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ date: japanToday(), ...VALID });

    const sent = lastChatBody(e.gw);
    expect(sent.stream).toBe(false);
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.response_format?.json_schema.strict).toBe(true);
    expect(sent.response_format?.json_schema.schema.required).toEqual(expect.arrayContaining(['text', 'tokens', 'translation']));

    // Stored: no second upstream call (a second call would get a different, unscripted reply).
    const second = await daily(e);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(chatRequests(e.gw)).toHaveLength(1);
  });

  it('Cache-Control lasts until the next midnight in Japan', async () => {
    const e = await start();
    e.gw.script(reply(VALID));
    const res = await daily(e);
    const m = /^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '');
    expect(m, res.headers.get('cache-control') ?? 'no header').not.toBeNull();
    expect(Math.abs(Number(m![1]) - secondsToJapanMidnight())).toBeLessThanOrEqual(2);
    // A stored answer carries the same rule.
    const again = await daily(e);
    expect(again.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });

  it('concurrent requests share one generation', async () => {
    const e = await start();
    e.gw.script(reply(VALID, 300));
    const all = await Promise.all(Array.from({ length: 6 }, () => daily(e)));
    expect(all.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(all.map((r) => r.text)).size).toBe(1);
    expect(chatRequests(e.gw)).toHaveLength(1);
  });

  it.each([
    ['does not end with 。', NO_FULL_STOP],
    ['tokens do not rebuild the text', TOKENS_DO_NOT_REBUILD],
    ['a translation is missing', MISSING_TRANSLATION],
    ['is not JSON at all', 'ごめんなさい'],
  ])('a first sentence that %s is regenerated once, telling the model why', async (_why, invalid) => {
    const e = await start();
    e.gw.script(typeof invalid === 'string' ? { kind: 'reply', text: invalid } : reply(invalid), reply(VALID));
    const res = await daily(e);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ text: VALID.text });
    expect(chatRequests(e.gw)).toHaveLength(2);
    const retryPrompt = JSON.stringify(lastChatBody(e.gw).messages);
    expect(retryPrompt).toMatch(/rejected/);
  });

  it('two invalid sentences → 503, nothing stored', async () => {
    const e = await start();
    e.gw.script(reply(NO_FULL_STOP), reply(TOKENS_DO_NOT_REBUILD));
    const res = await daily(e);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: { message: expect.any(String) } });
    expect(chatRequests(e.gw)).toHaveLength(2);
    // The next request tries again instead of serving a bad sentence.
    e.gw.script(reply(VALID));
    expect((await daily(e)).status).toBe(200);
    expect(chatRequests(e.gw)).toHaveLength(3);
  });

  it('an upstream failure → 503', async () => {
    const e = await start();
    e.gw.script({ kind: 'error', status: 402, message: 'Insufficient credits' });
    const res = await daily(e);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: { message: expect.any(String) } });
  });

  it('no key → 503 without an upstream call', async () => {
    const e = await start({ envKeys: false });
    const res = await daily(e);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: { message: expect.any(String) } });
    expect(chatRequests(e.gw)).toHaveLength(0);
  });

  it('a caller Bearer key is enough without a configured one', async () => {
    const e = await start({ envKeys: false });
    e.gw.script(reply(VALID));
    const res = await daily(e, { Authorization: 'Bearer sk-caller-own-key' });
    expect(res.status).toBe(200);
    expect(chatRequests(e.gw)[0]?.headers.authorization).toBe('Bearer sk-caller-own-key');
  });
});
