/** The `sharing` setting in browser mode: loopback unless it is on and CODE is set; HOST in the environment wins. */
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserModeStart } from '../../../electron/core/app/browserMode';
import { chooseHost } from '../../../electron/core/app/sharing';
import { loadConfig } from '../../../electron/core/config/config';
import { makeTempDir } from '../../support/tempDir';
import { memoryBackend } from '../../support/testCore';

type Started = Extract<BrowserModeStart, { ok: true }>;
const running: Started[] = [];
const dirs: Array<() => void> = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) d();
});

async function start(dir: string, env: NodeJS.ProcessEnv, envHost: string | undefined, log: string[] = []): Promise<Started> {
  const config = loadConfig({ APP_DATA_DIR: dir, PORT: '0', ...env });
  const s = await startBrowserMode({ config, envHost, warmAnalyzer: false, log: (l) => log.push(l), core: { secretBackends: [memoryBackend()] } });
  if (!s.ok) throw new Error(s.message);
  running.push(s);
  return s;
}

/** A data dir whose settings have sharing turned on. */
async function sharingOnDir(): Promise<string> {
  const tmp = makeTempDir();
  dirs.push(tmp.cleanup);
  const first = await start(tmp.dir, {}, undefined);
  expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  first.core.settings.set({ sharing: true });
  await first.stop();
  running.splice(running.indexOf(first), 1);
  return tmp.dir;
}

describe('browser-mode sharing', () => {
  it('chooses the address from HOST, the setting and CODE', () => {
    expect(chooseHost({ envHost: undefined, sharing: false, code: 'pw' })).toEqual({ host: '127.0.0.1', shared: false, hostFromEnv: false });
    expect(chooseHost({ envHost: undefined, sharing: true, code: undefined })).toEqual({ host: '127.0.0.1', shared: false, hostFromEnv: false, refused: 'no_code' });
    expect(chooseHost({ envHost: '', sharing: true, code: 'pw' })).toEqual({ host: '0.0.0.0', shared: true, hostFromEnv: false });
    expect(chooseHost({ envHost: '127.0.0.1', sharing: true, code: 'pw' })).toEqual({ host: '127.0.0.1', shared: false, hostFromEnv: true });
    expect(chooseHost({ envHost: '192.168.1.9', sharing: false, code: 'pw' })).toEqual({ host: '192.168.1.9', shared: true, hostFromEnv: true });
  });

  it('sharing on without CODE stays on loopback and says why (log and app.info)', async () => {
    const dir = await sharingOnDir();
    const log: string[] = [];
    const s = await start(dir, {}, undefined, log);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(log.join('\n')).toMatch(/no access code is set: listening on 127\.0\.0\.1 only/);
    const res = await fetch(`${s.url}/rpc/app.info`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect(res.status).toBe(200);
    const info = (await res.json()) as { sharing?: unknown };
    expect(info.sharing).toEqual({ host: '127.0.0.1', shared: false, hostFromEnv: false, refused: 'no_code' });
  });

  it('sharing on with CODE listens on every interface (0.0.0.0)', async () => {
    const dir = await sharingOnDir();
    const s = await start(dir, { CODE: 'let-me-in' }, undefined);
    expect(s.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    expect(s.core.sharing).toEqual({ host: '0.0.0.0', shared: true, hostFromEnv: false });
    // Still reachable locally, and the access code guards the RPC.
    const res = await fetch(`http://127.0.0.1:${s.port}/rpc/app.info`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect(res.status).toBe(401);
  });

  it('an explicit HOST wins over the setting', async () => {
    const dir = await sharingOnDir();
    const s = await start(dir, { CODE: 'let-me-in' }, '127.0.0.1');
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(s.core.sharing).toEqual({ host: '127.0.0.1', shared: false, hostFromEnv: true });
  });

  it('sharing off binds loopback even with CODE', async () => {
    const tmp = makeTempDir();
    dirs.push(tmp.cleanup);
    const s = await start(tmp.dir, { CODE: 'let-me-in' }, undefined);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(s.core.sharing?.refused).toBeUndefined();
  });
});
