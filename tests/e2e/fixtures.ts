import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const SERVE = path.join(root, 'out/main/serve.js');
export const SCREENSHOT_DIR = path.join(root, 'test-results/screens');
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
  if (!fs.existsSync(SERVE)) throw new Error('out/main/serve.js is missing: run `npm run build` first (npm test does it)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-e2e-'));
  const child = spawn(process.execPath, [SERVE], {
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

export const test = base.extend<{ app: ServeHandle }>({
  app: async ({}, use) => {
    const server = await startServe();
    await use(server);
    await server.stop();
  },
});

export { expect };

/**
 * Waits for the finite CSS animations on the page (a panel fading in) to end: a
 * contrast check or a screenshot taken mid-fade sees half-transparent text.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsSettled(page);
  // animations: 'disabled' finishes animations, also those the full-page capture itself restarts (its resize
  // replayed the word panel's fade-in, which was captured half-faded).
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
