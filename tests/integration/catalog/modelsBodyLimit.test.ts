/**
 * A `/models` answer that never ends: the catalog's read stops as the body passes its
 * limit, and the server sees the connection closed having sent little more than that
 * (the sockets' buffers), instead of the whole body being buffered and checked after.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/app/createCore';
import { CATALOG_LIMIT_BYTES, fetchOpenRouterCatalog } from '../../../electron/core/catalog/fetchCatalog';
import { loadConfig } from '../../../electron/core/config/config';
import type { ModelList } from '../../../shared/catalog';
import { callOk } from '../../support/dispatch';
import { makeTempDir } from '../../support/tempDir';
import { memoryBackend, withDispatcher } from '../../support/testCore';

/** Where the body stops on its own: well past the limit, so a read that buffers it all is seen. */
const SERVER_GIVES_UP_AT = 4 * CATALOG_LIMIT_BYTES;
const CHUNK = Buffer.from(`{"id":"x/y","name":"${'m'.repeat(65_000)}"},`);

interface Sent {
  bytes: number;
  /** The client closed the connection before the body's end. */
  cut: boolean;
}

let server: http.Server;
let base: string;
let sent: Sent[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const s: Sent = { bytes: 0, cut: false };
    sent.push(s);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"data":[');
    res.on('close', () => (s.cut = !res.writableFinished));
    const pump = () => {
      while (!res.destroyed && s.bytes < SERVER_GIVES_UP_AT) {
        s.bytes += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('{"id":"z"}]}');
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  sent = [];
});

/** Until the server has seen the connection closed. */
async function closed(s: Sent): Promise<void> {
  for (let i = 0; i < 200 && !s.cut && s.bytes < SERVER_GIVES_UP_AT; i++) await new Promise((r) => setTimeout(r, 10));
}

describe('an oversized /models body', () => {
  it('the read stops at the limit: too large, the connection closed with little more than the limit sent', async () => {
    const err = await fetchOpenRouterCatalog(fetch, base).catch((e: unknown) => e);
    expect(err).toMatchObject({ data: { code: 'upstream_error', details: { tooLarge: true, limitBytes: CATALOG_LIMIT_BYTES } } });
    const s = sent[0]!;
    await closed(s);
    expect(s.cut).toBe(true);
    // The limit plus what the two sockets and the stream's queue held when the read stopped.
    expect(s.bytes).toBeLessThan(CATALOG_LIMIT_BYTES + 8 * 1024 * 1024);
  });

  it("the app's catalog keeps its list and the server answers on", async () => {
    const tmp = makeTempDir();
    const config = loadConfig({ APP_DATA_DIR: tmp.dir, OPENROUTER_API_URL: base });
    const core = withDispatcher(createCore({ config, mode: 'browser', version: '0.0.0-test', secretBackends: [memoryBackend()] }));
    try {
      const list = await callOk<ModelList>(core, 'gateway.refreshModels', 'openrouter');
      expect(list).toMatchObject({ source: 'builtin', fetchedAt: null });
      const s = sent[0]!;
      await closed(s);
      expect(s.cut).toBe(true);
      expect(s.bytes).toBeLessThan(CATALOG_LIMIT_BYTES + 8 * 1024 * 1024);
    } finally {
      await core.close();
      tmp.cleanup();
    }
  });
});
