/**
 * Finds the Electron binary and, when it is missing, runs Electron's own installer
 * (node_modules/electron/install.js, @electron/get underneath: it honours ELECTRON_MIRROR,
 * ELECTRON_CUSTOM_DIR, electron_config_cache and proxy variables).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The binary's path once installed, else undefined (electron's index.js throws until then). */
export function findElectronBinary() {
  try {
    // A fresh load each time: the installer writes path.txt while we run.
    delete require.cache[require.resolve('electron')];
    const bin = require('electron');
    return typeof bin === 'string' && fs.existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** The first line of what the installer printed (install.js prints the error's stack), with its exit code. */
export function installerReason(stderr, code, signal) {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  const exit = signal ? `stopped by ${signal}` : `exit code ${code}`;
  return line ? `${line} (installer ${exit})` : `Electron's installer failed (${exit})`;
}

/**
 * Runs the installer; prints a line every few seconds while it works (its own progress
 * bar needs a terminal it does not get here). Resolves { ok } or { ok: false, reason }.
 */
export function installElectron(root, { log = console.log, env = process.env } = {}) {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return Promise.resolve({ ok: false, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so the installer does not download (unset it to fetch Electron)' });
  }
  const script = path.join(root, 'node_modules', 'electron', 'install.js');
  if (!fs.existsSync(script)) return Promise.resolve({ ok: false, reason: `${script} is missing: run npm install first` });
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => (stderr += d));
    const tick = setInterval(() => log(`  … still fetching Electron (${Math.round((Date.now() - started) / 1000)} s)`), 5000);
    const done = (result) => {
      clearInterval(tick);
      resolve(result);
    };
    child.on('error', (e) => done({ ok: false, reason: `could not run Electron's installer: ${e.message}` }));
    child.on('close', (code, signal) => done(code === 0 ? { ok: true } : { ok: false, reason: installerReason(stderr, code, signal) }));
  });
}
