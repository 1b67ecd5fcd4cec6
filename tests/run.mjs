#!/usr/bin/env node
/**
 * `npm test`: builds the app, then runs vitest (unit + integration) and the
 * Playwright browser-mode suite. On Linux both run inside a private D-Bus
 * session with an unlocked gnome-keyring, so keychain tests use a real Secret
 * Service without touching the user's own keyring.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize, summaryLines } from './support/testSummary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const reportDir = path.join(root, 'test-results');
fs.mkdirSync(reportDir, { recursive: true });

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

if (!process.env.YOMIMONO_SKIP_BUILD) {
  console.log('> building (electron-vite build)');
  if (run(bin('electron-vite'), ['build']) !== 0) process.exit(1);
}

const vitestJson = path.join(reportDir, 'vitest.json');
const playwrightJson = path.join(reportDir, 'playwright.json');
for (const f of [vitestJson, playwrightJson]) fs.rmSync(f, { force: true });
const suites = [
  `${bin('vitest')} run --config tests/vitest.config.ts --reporter=default --reporter=json --outputFile=${vitestJson}`,
  `${bin('playwright')} test -c tests/e2e/playwright.config.ts`,
];
const only = process.env.YOMIMONO_TEST_ONLY; // 'vitest' | 'e2e'
const chosen = only === 'vitest' ? [suites[0]] : only === 'e2e' ? [suites[1]] : suites;
const script = chosen.map((s) => `${s}; s=$?; [ $s -ne 0 ] && rc=$s;`).join(' ');

const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson };
let status;
if (process.platform === 'linux' && has('dbus-run-session') && has('gnome-keyring-daemon')) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-keyring-'));
  const runtime = path.join(tmp, 'runtime');
  fs.mkdirSync(runtime, { mode: 0o700 });
  fs.mkdirSync(path.join(tmp, 'data'));
  Object.assign(env, { XDG_DATA_HOME: path.join(tmp, 'data'), XDG_RUNTIME_DIR: runtime, YOMIMONO_REQUIRE_KEYCHAIN: '1' });
  delete env.DISPLAY; // never let keytar wait on a graphical unlock prompt
  console.log('> running tests inside a private D-Bus session with an unlocked gnome-keyring');
  status = run('dbus-run-session', [
    '--',
    'sh',
    '-c',
    `echo -n ci | gnome-keyring-daemon --unlock --components=secrets >/dev/null && { rc=0; ${script} exit $rc; }`,
  ], env);
  fs.rmSync(tmp, { recursive: true, force: true });
} else {
  console.log('> no dbus-run-session/gnome-keyring here: keychain tests use the system keychain if reachable');
  status = run('sh', ['-c', `rc=0; ${script} exit $rc`], env);
}

// One closing line over both runners; skipped tests are counted and named, never counted as passed.
const readJson = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    return undefined; // that runner did not run
  }
};
const summary = summarize(readJson(vitestJson), readJson(playwrightJson));
console.log(`\n${summaryLines(summary).join('\n')}`);
process.exit(status === 0 && summary.failed === 0 ? 0 : 1);
