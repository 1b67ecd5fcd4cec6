import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../../electron/cli/electronInstaller.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

describe('npm start without an Electron binary', () => {
  it('tries Electron’s installer, and when the download fails exits non-zero naming the reason, npm run serve and the installer', (ctx) => {
    if (findElectronBinary()) {
      console.log('[start] skipped: an Electron binary is installed here, so npm start would launch the app');
      ctx.skip();
    }
    // An unreachable mirror on loopback and an empty cache: the installer fails fast and never downloads.
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-electron-cache-'));
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: cache, XDG_CACHE_HOME: cache };
    delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
    // Nothing may point the installer elsewhere: @electron/get reads npm_config_electron_* before ELECTRON_*.
    for (const k of Object.keys(env)) if (/^(npm_config_electron_|npm_package_config_electron_|https?_proxy$|electron_get_use_proxy$)/i.test(k)) delete env[k];
    try {
      const r = spawnSync(process.execPath, [path.join(root, 'electron/cli/start.mjs')], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
      expect(r.stdout).toContain('fetching the Electron binary');
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/Reason: .*ECONNREFUSED 127\.0\.0\.1:9.*\(installer exit code 1\)/);
      expect(r.stderr).toContain('npm run serve');
      expect(r.stderr).toContain('node node_modules/electron/install.js');
      expect(findElectronBinary()).toBeUndefined();
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('with ELECTRON_SKIP_BINARY_DOWNLOAD set it does not try, and says why', (ctx) => {
    if (findElectronBinary()) ctx.skip();
    const r = spawnSync(process.execPath, [path.join(root, 'electron/cli/start.mjs')], {
      cwd: root,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Reason: ELECTRON_SKIP_BINARY_DOWNLOAD is set');
    expect(r.stderr).toContain('npm run serve');
  });
});
