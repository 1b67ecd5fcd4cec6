import fs from 'node:fs';

/**
 * CHROMIUM_PATH, then Debian's headless shell, then its full /usr/bin/chromium, else Playwright's own browser
 * (undefined). The headless shell is the same Blink as Chromium without the browser's own UI, which Playwright
 * also launches by default when headless: full Chromium's hidden window (toolbar, omnibox WebUI renderer, a
 * second renderer per page) cost about 4 s of CPU per e2e test on top of the page itself.
 */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p));
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
