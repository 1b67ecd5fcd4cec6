import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const hasElectron = (() => {
  try {
    const bin = require('electron') as unknown;
    return typeof bin === 'string' && fs.existsSync(bin);
  } catch {
    return false;
  }
})();

describe('npm start without an Electron binary', () => {
  it('exits with a clear message naming npm run serve and how to install Electron', (ctx) => {
    if (hasElectron) {
      console.log('[start] skipped: an Electron binary is installed here, so npm start would launch the app');
      ctx.skip();
    }
    const r = spawnSync(process.execPath, [path.join(root, 'electron/cli/start.mjs')], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm run serve');
    expect(r.stderr).toContain('node node_modules/electron/install.js');
  });
});
