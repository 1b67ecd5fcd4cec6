/**
 * `npm run serve` as a real child process for the e2e tests: a free port, its own data dir
 * and keychain service. Kept apart from fixtures.ts so the global setup can start one too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDataDir } from './dataTemplate';

const root = path.resolve(import.meta.dirname, '../../..');
export const SERVE_SCRIPT = path.join(root, 'out/main/serve.js');
/** One decompressed analyzer dictionary for every server of the run: each would otherwise gunzip its own (seconds of CPU). */
const ANALYZER_CACHE = path.join(root, 'test-results/analyzer-cache');

export interface ServeHandle {
  url: string;
  dataDir: string;
  output(): string;
  rpc<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
}

/** `npm run serve` as a real child process on a free port with its own data dir and keychain service. */
export async function startServe(env: NodeJS.ProcessEnv = {}): Promise<ServeHandle & { stop(): Promise<void>; child: ChildProcess }> {
  if (!fs.existsSync(SERVE_SCRIPT)) throw new Error('out/main/serve.js is missing: run `npm run build` first (npm test does it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-e2e-'));
  // The shipped data sets built once for the run (see dataTemplate.ts), not by every server.
  seedDataDir(env.APP_DATA_DIR || dataDir);
  const child = spawn(process.execPath, [SERVE_SCRIPT], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      APP_DATA_DIR: dataDir,
      YOMIMONO_KEYCHAIN_SERVICE: `yomimono-e2e-${crypto.randomBytes(5).toString('hex')}`,
      OPENROUTER_API_KEY: '',
      GEMINI_API_KEY: '',
      OPENROUTER_MANAGEMENT_KEY: '',
      YOMIMONO_ANALYZER_CACHE_DIR: ANALYZER_CACHE,
      ...env,
    },
    stdio: 'pipe',
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 45_000);
    const check = () => {
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
  });
  const rpc = async <T,>(method: string, ...args: unknown[]): Promise<T> => {
    const res = await fetch(`${url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) });
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} failed: ${JSON.stringify(body)}`);
    return body;
  };
  return {
    url,
    dataDir,
    child,
    output: () => out,
    rpc,
    async stop() {
      // Remove whatever the test stored in the keychain, then stop.
      for (const name of ['openrouter', 'gemini', 'openrouterManagement']) await rpc('secrets.clear', name).catch(() => undefined);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

