import fs from 'node:fs';

/** CHROMIUM_PATH, then Debian's /usr/bin/chromium, else Playwright's own browser (undefined). */
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
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
