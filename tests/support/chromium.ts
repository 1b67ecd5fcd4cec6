import fs from 'node:fs';

/** CHROMIUM_PATH, then Debian's /usr/bin/chromium, else Playwright's own browser (undefined). The benchmarks use it. */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The e2e suite's browser: CHROMIUM_PATH, then Debian's headless shell when installed, then as above. The shell
 * is the same Blink without the browser's own UI (what Playwright itself launches when headless): full
 * Chromium's hidden window (toolbar, omnibox WebUI renderer, a second renderer per page) cost about 4 s of CPU
 * per e2e test. The benchmarks keep full Chromium, closer to Electron's and to their earlier figures.
 */
export function e2eChromiumExecutable(): string | undefined {
  if (!process.env.CHROMIUM_PATH && fs.existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return chromiumExecutable();
}

/** Flags for a closed network and running as root in CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
