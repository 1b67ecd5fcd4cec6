/**
 * A local OpenAI-compatible model server, as Ollama (`ollama serve`, base `/v1`), LM Studio and llama.cpp's
 * `llama-server` speak it:
 *
 *   GET  /v1/models             `{ object: 'list', data: [{ id, object: 'model', created, owned_by }] }`
 *   POST /v1/chat/completions   a `chat.completion` object, or with `stream: true` an event stream of
 *                               `chat.completion.chunk` objects (`data: {…}`), a last chunk with
 *                               `finish_reason: 'stop'`, with `stream_options.include_usage` a chunk with
 *                               `choices: []` and `usage`, and `data: [DONE]`, as OpenAI sends it
 *
 * No key is asked for (an Authorization header is recorded, never required). A model it does not have is a
 * 404 with Ollama's message. `mode: 'down'` closes every connection at once, as a stopped server would refuse it.
 *
 *   startFakeLocalModels({ models: ['llama3.2:latest', 'llava:7b'], reply: modelReply })
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLocalRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface FakeLocalModels {
  /** e.g. `http://127.0.0.1:PORT/v1`: what LOCAL_API_URL is set to. */
  baseUrl: string;
  /** The ids `GET /models` lists (mutable: "pull" a model). */
  models: string[];
  mode: 'ok' | 'down';
  requests: FakeLocalRequest[];
  close(): Promise<void>;
}

export interface FakeLocalOptions {
  models?: string[];
  /** The answer's text for a request body (default: a fixed Japanese sentence). */
  reply?: (body: Record<string, unknown>) => string;
  /** Characters per streamed delta. */
  chunkChars?: number;
}

const OLLAMA_CREATED = 1_732_000_000;

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startFakeLocalModels(opts: FakeLocalOptions = {}): Promise<FakeLocalModels> {
  const reply = opts.reply ?? (() => '今日はいい天気ですね。');
  const chunkChars = opts.chunkChars ?? 8;
  let seq = 0;
  const state: Omit<FakeLocalModels, 'baseUrl' | 'close'> = { models: [...(opts.models ?? ['llama3.2:latest', 'llava:7b'])], mode: 'ok', requests: [] };

  const server = http.createServer((req, res) => {
    void (async () => {
      if (state.mode === 'down') {
        req.socket.destroy();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://x');
      const raw = req.method === 'POST' ? await readBody(req) : '';
      let body: Record<string, unknown> | undefined;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      } catch {
        json(res, 400, { error: { message: 'invalid character in JSON body', type: 'invalid_request_error', param: null, code: null } });
        return;
      }
      state.requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, body });

      if (req.method === 'GET' && url.pathname === '/v1/models') {
        json(res, 200, { object: 'list', data: state.models.map((id) => ({ id, object: 'model', created: OLLAMA_CREATED, owned_by: 'library' })) });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
        const model = typeof body?.model === 'string' ? body.model : '';
        if (!state.models.includes(model)) {
          json(res, 404, { error: { message: `model "${model}" not found, try pulling it first`, type: 'api_error', param: null, code: null } });
          return;
        }
        const text = reply(body ?? {});
        const id = `chatcmpl-${++seq}`;
        const created = Math.floor(Date.now() / 1000);
        const usage = { prompt_tokens: 40, completion_tokens: [...text].length, total_tokens: 40 + [...text].length };
        if (body?.stream === true) {
          res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
          const chunk = (delta: Record<string, unknown>, finish: string | null) =>
            `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_ollama', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
          const chars = [...text];
          for (let i = 0; i < chars.length; i += chunkChars) res.write(chunk({ role: 'assistant', content: chars.slice(i, i + chunkChars).join('') }, null));
          res.write(chunk({ role: 'assistant', content: '' }, 'stop'));
          // Asked for (`stream_options.include_usage`): one more chunk with no choices and the counts, as OpenAI sends it.
          if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true) {
            res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_ollama', choices: [], usage })}\n\n`);
          }
          res.end('data: [DONE]\n\n');
          return;
        }
        json(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          system_fingerprint: 'fp_ollama',
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage,
        });
        return;
      }
      json(res, 404, { error: { message: '404 page not found', type: 'not_found' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake;
}
