/**
 * The real desktop shell through Playwright's `_electron`. Needs the Electron
 * binary and its Electron-ABI better-sqlite3 (made by `npm start`); skipped with
 * the reason printed when either is missing.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

function electronBinary(): string | undefined {
  try {
    const bin = require('electron') as unknown;
    return typeof bin === 'string' && fs.existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

const bin = electronBinary();
const version = (require('electron/package.json') as { version: string }).version;
const binding = path.join(root, 'node_modules', '.yomimono-electron', `electron-${version}`, 'better_sqlite3.node');
const skipReason = !bin
  ? 'no Electron binary installed (install it with `node node_modules/electron/install.js`)'
  : !fs.existsSync(binding)
    ? 'no Electron build of better-sqlite3 yet (run `npm start` once to make it)'
    : !fs.existsSync(path.join(root, 'out/main/index.js'))
      ? 'the app is not built (run `npx electron-vite build`)'
      : undefined;
if (skipReason) console.log(`[electron] skipped: ${skipReason}`);

test.describe('desktop app', () => {
  test.skip(!!skipReason, skipReason);

  test('launches, shows its window and round-trips a contract call', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-electron-'));
    const app = await electron.launch({
      executablePath: bin,
      args: [root],
      env: { ...process.env, APP_DATA_DIR: dataDir, YOMIMONO_SQLITE_BINDING: binding, YOMIMONO_KEYCHAIN_SERVICE: 'yomimono-electron-test' },
    });
    try {
      const window = await app.firstWindow();
      await expect(window.getByRole('heading', { level: 1 })).toBeVisible();
      const info = await window.evaluate(() => (window as unknown as { yomimono: { call(m: string, a: unknown[]): Promise<unknown> } }).yomimono.call('app.info', []));
      expect(info).toMatchObject({ ok: true, value: { mode: 'electron', dataDir } });
      // The renderer has no Node: the preload only exposes named functions.
      expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
      await window.screenshot({ path: path.join(root, 'test-results/screens/electron-window.png') });
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
