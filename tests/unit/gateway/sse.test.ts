import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/result';
import { ChatStream, completionCost, observeChunks, parseChatStream, type ChatChunk, type StreamSummary } from '../../../electron/core/gateway/sse';
import { bodyChunks } from '../../../electron/core/net/keepAliveFetch';
import { chunksText } from '../../support/chunks';

/** A web body as chunks, the way the client reads one that did not come from its own fetch. */
const webChunks = (stream: ReadableStream<Uint8Array>) => bodyChunks(new Response(stream));

const enc = new TextEncoder();

/** A body that hands out exactly the given pieces, one per read. */
function body(parts: Array<string | Uint8Array>, opts: { fail?: Error } = {}) {
  const state = { cancelled: false, reads: 0 };
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.reads++;
      const p = parts[i++];
      if (p === undefined) {
        if (opts.fail) controller.error(opts.fail);
        else controller.close();
        return;
      }
      controller.enqueue(typeof p === 'string' ? enc.encode(p) : p);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const chunk = (content: string, extra: Record<string, unknown> = {}): string =>
  `data: ${JSON.stringify({ id: 'gen-1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }], ...extra })}\n\n`;
const finish = `data: ${JSON.stringify({ id: 'gen-1', choices: [{ index: 0, delta: { content: '' }, finish_reason: 'stop' }] })}\n\n`;
const usage = (cost: number): string => `data: ${JSON.stringify({ id: 'gen-1', choices: [], usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8, cost } })}\n\n`;
const done = 'data: [DONE]\n\n';

async function collect(it: AsyncIterable<ChatChunk>): Promise<ChatChunk[]> {
  const out: ChatChunk[] = [];
  for await (const c of it) out.push(c);
  return out;
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('parseChatStream', () => {
  it('skips keep-alive comments, joins the text, stops at [DONE] and exposes the last usage.cost', async () => {
    const { stream } = body([': OPENROUTER PROCESSING\n\n', ': OPENROUTER PROCESSING\n\n', chunk('こん'), chunk('にちは'), finish, usage(0.0042), done]);
    const s = parseChatStream(stream);
    const chunks = await collect(s);
    expect(chunks).toHaveLength(4);
    expect(s.text).toBe('こんにちは');
    expect(s.finishReason).toBe('stop');
    expect(s.cost).toBe(0.0042);
    expect(s.usage).toMatchObject({ total_tokens: 8 });
    expect(s.summary()).toMatchObject({ text: 'こんにちは', cost: 0.0042, completed: true });
  });

  it('handles events split anywhere across reads, including inside a UTF-8 character', async () => {
    const whole = enc.encode(`${chunk('日本語')}${chunk('です')}${finish}${usage(0.5)}${done}`);
    // split every 7 bytes: cuts JSON, "data:" prefixes, blank lines and multi-byte characters
    const parts: Uint8Array[] = [];
    for (let i = 0; i < whole.length; i += 7) parts.push(whole.slice(i, i + 7));
    const s = parseChatStream(body(parts).stream);
    await collect(s);
    expect(s.text).toBe('日本語です');
    expect(s.cost).toBe(0.5);
  });

  it('accepts CRLF line endings', async () => {
    const crlf = `${chunk('a')}${chunk('b')}${finish}${done}`.replace(/\n/g, '\r\n');
    const s = parseChatStream(body([crlf]).stream);
    await collect(s);
    expect(s.text).toBe('ab');
  });

  it('ends with mid_stream_error carrying the partial text on an error chunk', async () => {
    const errorChunk = `data: ${JSON.stringify({
      id: 'gen-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      provider: 'P',
      error: { code: 502, message: 'Provider disconnected', metadata: { provider_code: 'overloaded' } },
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
    })}\n\n`;
    const { stream, state } = body([chunk('途中'), chunk('まで'), errorChunk, chunk('never')]);
    const s = parseChatStream(stream);
    const seen: string[] = [];
    const e = await rejection(
      (async () => {
        for await (const c of s) seen.push(c.choices?.[0]?.delta?.content ?? '');
      })(),
    );
    expect(seen).toEqual(['途中', 'まで']);
    expect(e.data).toMatchObject({
      code: 'mid_stream_error',
      message: 'Provider disconnected',
      status: 502,
      details: { partialText: '途中まで', errorCode: 502, providerCode: 'overloaded', finishReason: 'error' },
    });
    expect(state.cancelled).toBe(true);
  });

  it('treats a body that ends without [DONE] or a finish reason as truncated', async () => {
    const s = parseChatStream(body([chunk('半分')]).stream);
    const e = await rejection(collect(s));
    expect(e.data.code).toBe('mid_stream_error');
    expect(e.data.details).toMatchObject({ partialText: '半分', truncated: true });
  });

  it('accepts a finished stream whose [DONE] is missing', async () => {
    const s = parseChatStream(body([chunk('ok'), finish]).stream);
    await collect(s);
    expect(s.text).toBe('ok');
  });

  it('parses an unterminated last event at the end of the body', async () => {
    const s = parseChatStream(body([chunk('x'), finish.trimEnd()]).stream);
    await collect(s);
    expect(s.finishReason).toBe('stop');
  });

  it('reports a connection that breaks mid-stream', async () => {
    const s = parseChatStream(body([chunk('abc')], { fail: new Error('socket hang up') }).stream);
    const e = await rejection(collect(s));
    expect(e.data).toMatchObject({ code: 'mid_stream_error', details: { partialText: 'abc', truncated: true } });
    expect(e.data.message).toContain('socket hang up');
  });

  it('reports a chunk that is not JSON', async () => {
    const s = parseChatStream(body([chunk('a'), 'data: {not json\n\n']).stream);
    const e = await rejection(collect(s));
    expect(e.data).toMatchObject({ code: 'mid_stream_error', details: { partialText: 'a' } });
  });

  it('cancels the body when the consumer stops early', async () => {
    const { stream, state } = body([chunk('a'), chunk('b'), chunk('c'), finish, done]);
    for await (const _c of parseChatStream(stream)) break;
    expect(state.cancelled).toBe(true);
  });

  it('ends as cancelled when the signal aborts', async () => {
    const ctl = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode(chunk('はじめ')));
      },
    });
    const s = parseChatStream(stream, ctl.signal);
    const p = (async () => {
      for await (const _c of s) ctl.abort();
    })();
    const e = await rejection(p);
    expect(e.data).toMatchObject({ code: 'cancelled', details: { partialText: 'はじめ' } });
  });

  it('cannot be iterated twice', async () => {
    const s = parseChatStream(body([finish]).stream);
    await collect(s);
    await expect(collect(s)).rejects.toThrow(/only once/);
  });
});

describe('lines and events without an end', () => {
  const LIMIT = 1000;
  const stream = (parts: string[]) => new ChatStream(body(parts).stream, undefined, undefined, { lineLimitBytes: LIMIT });

  it('a line longer than the limit ends the stream with upstream_error, keeping the text so far, and cancels the body', async () => {
    const b = body([chunk('前'), 'data: {"choices":[{"delta":{"content":"', ...Array.from({ length: 12 }, () => 'A'.repeat(300))]);
    const s = new ChatStream(b.stream, undefined, undefined, { lineLimitBytes: LIMIT });
    const e = await s.collect().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).data).toMatchObject({ code: 'upstream_error', status: 502, details: { line: true, limitBytes: LIMIT, partialText: '前' } });
    expect(b.state.cancelled).toBe(true);
    // Stopped at the limit: not every piece was read.
    expect(b.state.reads).toBeLessThan(10);
  });

  it('an event of many lines that never gets its blank line is refused too', async () => {
    const e = await stream(Array.from({ length: 20 }, () => `data: ${'B'.repeat(100)}\n`)).collect().catch((x: unknown) => x);
    expect((e as AppError).data).toMatchObject({ code: 'upstream_error', details: { line: true } });
  });

  it('observeChunks stops forwarding at a line without an end, with the error', async () => {
    const parts = ['data: {"choices":[{"delta":{"content":"', ...Array.from({ length: 1000 }, () => 'C'.repeat(64 * 1024))];
    let told: StreamSummary | undefined;
    const e = await chunksText(observeChunks(webChunks(body(parts).stream), (x) => (told = x))).catch((x: unknown) => x);
    expect((e as AppError).data).toMatchObject({ code: 'upstream_error', details: { line: true } });
    expect(told?.error).toMatchObject({ code: 'upstream_error' });
  });

  it('long streams of short lines pass, however much they add up to', async () => {
    const parts = Array.from({ length: 30 }, (_, i) => chunk(`${i}`.repeat(50)));
    const s = await stream([...parts, finish, done]).collect();
    expect(s.completed).toBe(true);
    expect(s.text.length).toBeGreaterThan(LIMIT);
  });
});

describe('observeChunks', () => {
  /** Observes `source`; `summary` resolves with what onEnd was told. */
  function observed(source: ReadableStream<Uint8Array>) {
    let tell: (s: StreamSummary) => void = () => undefined;
    const summary = new Promise<StreamSummary>((r) => (tell = r));
    return { chunks: observeChunks(webChunks(source), tell), summary };
  }

  it('forwards every byte unchanged and reports text and cost at the end', async () => {
    const raw = `: OPENROUTER PROCESSING\n\n${chunk('一')}${chunk('二')}${finish}${usage(0.01)}${done}`;
    const { chunks, summary } = observed(body([raw.slice(0, 20), raw.slice(20)]).stream);
    const forwarded = await chunksText(chunks);
    expect(forwarded).toBe(raw);
    await expect(summary).resolves.toMatchObject({ text: '一二', cost: 0.01, completed: true });
    expect((await summary).error).toBeUndefined();
  });

  it('still forwards a mid-stream error chunk, and reports it', async () => {
    const err = `data: ${JSON.stringify({ error: { code: 429, message: 'Rate limit exceeded' }, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}\n\n`;
    const raw = `${chunk('abc')}${err}`;
    const { chunks, summary } = observed(body([raw]).stream);
    expect(await chunksText(chunks)).toBe(raw);
    const s = await summary;
    expect(s.error).toMatchObject({ code: 'mid_stream_error', message: 'Rate limit exceeded', status: 429, details: { partialText: 'abc', rateLimitSource: 'upstream' } });
  });

  it('a 402 error chunk says which credit limit it was, like an HTTP 402', async () => {
    const err = (message: string) =>
      `data: ${JSON.stringify({ error: { code: 402, message }, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}\n\n`;
    const balance = observed(body([chunk('a'), err('Insufficient credits. Add more using https://openrouter.ai/settings/credits')]).stream);
    await chunksText(balance.chunks);
    expect((await balance.summary).error).toMatchObject({ status: 402, details: { creditLimit: 'balance' } });
    const cap = observed(body([err('Key limit exceeded (daily limit). Manage it using https://openrouter.ai/settings/keys')]).stream);
    await chunksText(cap.chunks);
    expect((await cap.summary).error).toMatchObject({ status: 402, details: { creditLimit: 'key_cap' } });
  });

  it('resolves as cancelled when the forwarding side stops early, and cancels the body', async () => {
    const { stream, state } = body([chunk('a'), chunk('b'), finish, done]);
    const { chunks, summary } = observed(stream);
    for await (const _first of chunks) break;
    const s = await summary;
    expect(s.error?.code).toBe('cancelled');
    expect(s.text).toBe('a');
    expect(state.cancelled).toBe(true);
  });

  it('a body that breaks off is rethrown to the forwarder and reported as truncated', async () => {
    const { chunks, summary } = observed(body([chunk('a')], { fail: new Error('socket hang up') }).stream);
    await expect(chunksText(chunks)).rejects.toThrow('socket hang up');
    expect((await summary).error).toMatchObject({ code: 'mid_stream_error', details: { partialText: 'a', truncated: true } });
  });
});

describe('completionCost', () => {
  it('reads usage.cost of a non-streamed completion', () => {
    expect(completionCost({ choices: [], usage: { cost: 0.25 } })).toBe(0.25);
    expect(completionCost({ choices: [] })).toBeUndefined();
    expect(completionCost('nope')).toBeUndefined();
  });
});
