/**
 * A key never reaches an error, a log or a push. Keys with characters that
 * cannot travel in a header are refused where they come in (secrets.set over
 * IPC and /rpc, the environment at start-up), and a transport failure is
 * described from checked fields only: Node's fetch quotes an invalid header
 * value (the whole `Bearer …`) in its message.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../../shared/contract';
import type { CreditsState } from '../../../shared/credits';
import { AppError } from '../../../shared/result';
import { loadConfig } from '../../../electron/core/config/config';
import { createGatewayClient } from '../../../electron/core/gateway/client';
import { SecretsService } from '../../../electron/core/secrets/secretsService';
import { synthesizeGemini } from '../../../electron/core/tts/geminiTts';
import { startTestServer } from '../../support/browserMode';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore, memoryBackend } from '../../support/testCore';
import { startFakeGateway } from '../../fakes/gateway';

const SECRET = 'sk-or-v1-TOPSECRET0123456789abcdef';
const BROKEN = [`${SECRET}\nX-Evil: 1`, `${SECRET}\rmore`, `${SECRET}\0tail`, `sk-or ${SECRET}`];

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

const caught = async (p: Promise<unknown>): Promise<AppError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected a failure');
};

describe('keys that cannot travel in a header are refused', () => {
  it('secrets.set over IPC refuses CR, LF, NUL and spaces inside a key, and stores nothing', async () => {
    const mem = memoryBackend();
    const core = makeTestCore({}, { secretBackends: [mem] });
    cleanups.push(() => core.cleanupDir());
    for (const value of BROKEN) {
      const error = await callErr(core, 'secrets.set', 'openrouter', value);
      expect(error.code).toBe('bad_request');
      expect(JSON.stringify(error)).not.toContain('TOPSECRET');
    }
    expect(mem.values.size).toBe(0);
    // A key whose only whitespace is around it is fine (trimmed).
    await callOk(core, 'secrets.set', 'openrouter', ` ${SECRET}\n`);
    expect(mem.values.get('openrouter')).toBe(SECRET);
  });

  it('secrets.set over /rpc answers 400 without echoing the key', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const res = await fetch(`${server.url}/rpc/secrets.set`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(['openrouter', BROKEN[0]]),
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('bad_request');
    expect(text).not.toContain('TOPSECRET');
  });

  it('the service itself refuses such a key, whoever calls it', async () => {
    const mem = memoryBackend();
    const s = new SecretsService({ backends: [mem], env: {} });
    await expect(s.set('gemini', BROKEN[0]!)).rejects.toMatchObject({ data: { code: 'bad_request' } });
    expect(mem.values.size).toBe(0);
  });

  it('a key in the environment with a line break stops the start with a clear error that does not quote it', () => {
    for (const name of ['OPENROUTER_API_KEY', 'OPENROUTER_MANAGEMENT_KEY', 'GEMINI_API_KEY']) {
      let message = '';
      try {
        loadConfig({ [name]: `${SECRET}\nmore` });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, name).toContain(name);
      expect(message, name).toMatch(/printable ASCII/);
      expect(message, name).not.toContain('TOPSECRET');
    }
    expect(loadConfig({ OPENROUTER_API_KEY: SECRET }).openrouterApiKey).toBe(SECRET);
  });
});

describe('transport errors never carry the key', () => {
  it('the gateway client: a refused connection names the system error, not the request', async () => {
    const port = await closedPort();
    const client = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, retry: { maxRetries: 0 } });
    const e = await caught(client.getKey(SECRET));
    expect(e.data.code).toBe('offline');
    expect(e.data.message).toContain('ECONNREFUSED');
    expect(JSON.stringify(e.data)).not.toContain('TOPSECRET');
  });

  it('the gateway client: fetch refusing the header (its message quotes the value) gives an error without it', async () => {
    const port = await closedPort();
    const client = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, retry: { maxRetries: 0 } });
    // The real global fetch: its TypeError is `Headers.append: "Bearer sk-…\n…" is an invalid header value.`
    const e = await caught(client.getKey(BROKEN[0]!));
    expect(JSON.stringify(e.data)).not.toContain('TOPSECRET');
    expect(e.message).not.toContain('TOPSECRET');
    // Not "offline": the key itself has to be saved again.
    expect(e.data).toMatchObject({ code: 'invalid_key', message: expect.stringMatching(/save it again in Settings/) });
    // And an error that quotes the key in its cause's message as well.
    const quoting = createGatewayClient({
      baseUrl: 'http://127.0.0.1:1/api/v1',
      retry: { maxRetries: 0 },
      fetch: async () => {
        throw new TypeError(`fetch failed for ${SECRET}`, { cause: Object.assign(new Error(`socket to ${SECRET}`), { code: 'ECONNRESET' }) });
      },
    });
    const q = await caught(quoting.getKey(SECRET));
    expect(q.data.message).toMatch(/ECONNRESET/);
    expect(JSON.stringify(q.data)).not.toContain('TOPSECRET');
  });

  it('an upstream error that quotes the key back has it masked', async () => {
    const gw = await startFakeGateway({ keys: [{ key: SECRET }] });
    cleanups.push(() => gw.close());
    gw.script({ path: '/key', kind: 'error', status: 403, message: `Key ${SECRET} is not allowed here` });
    const client = createGatewayClient({ baseUrl: gw.baseUrl, retry: { maxRetries: 0 } });
    const e = await caught(client.getKey(SECRET));
    expect(e.data.message).toBe('Key [redacted key] is not allowed here');
    expect(JSON.stringify(e.data)).not.toContain('TOPSECRET');
  });

  it('the credits state pushed to every window and /rpc/events listener does not carry it', async () => {
    // A key stored by an older version, before keys were checked: the header is refused by fetch.
    const mem = memoryBackend();
    mem.values.set('openrouter', BROKEN[0]!);
    const port = await closedPort();
    const core = makeTestCore({ OPENROUTER_API_URL: `http://127.0.0.1:${port}/api/v1` }, { secretBackends: [mem] });
    cleanups.push(() => core.cleanupDir());
    const pushes: PushMessage[] = [];
    core.bus.subscribe((m) => pushes.push(m));
    const state = await callOk<CreditsState>(core, 'gateway.getKey');
    expect(state.error).toMatchObject({ code: 'invalid_key' });
    expect(pushes.some((m) => m.event === 'credits.updated')).toBe(true);
    expect(JSON.stringify(state)).not.toContain('TOPSECRET');
    expect(JSON.stringify(pushes)).not.toContain('TOPSECRET');
  });

  it('tts.speak with Gemini: details.cause names the failure, not the key', async () => {
    const port = await closedPort();
    const base = { baseUrl: `http://127.0.0.1:${port}/v1beta`, model: 'gemini-2.5-flash-preview-tts', voice: 'Kore', timeoutMs: 5_000 };
    const refused = await caught(synthesizeGemini('こんにちは', { ...base, apiKey: SECRET }));
    expect(refused.data.code).toBe('upstream_unavailable');
    expect(String(refused.data.details?.cause)).toContain('ECONNREFUSED');
    const badHeader = await caught(synthesizeGemini('こんにちは', { ...base, apiKey: BROKEN[0]! }));
    expect(badHeader.data.code).toBe('upstream_unavailable');
    expect(JSON.stringify(badHeader.data)).not.toContain('TOPSECRET');
  });
});
