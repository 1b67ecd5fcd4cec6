/**
 * What `npm install` does about Electron (the root package's postinstall): fetch the
 * binary with Electron's own installer on a machine that can, and never fail the
 * install when it cannot — `npm start` tries again and names the reason then.
 */

/**
 * @param {{
 *   findBinary: () => string | undefined,
 *   installElectron: () => Promise<{ ok: true } | { ok: false, reason: string }>,
 *   skip: boolean,
 *   log: (line: string) => void,
 * }} deps
 * @returns {Promise<'present' | 'skipped' | 'installed' | 'failed'>}
 */
export async function installFlow(deps) {
  if (deps.findBinary()) return 'present';
  if (deps.skip) {
    deps.log('> ELECTRON_SKIP_BINARY_DOWNLOAD is set: not fetching Electron (npm test and npm run serve do not need it)');
    return 'skipped';
  }
  deps.log('> fetching the Electron binary with its own installer (one time, about 100 MB)…');
  const r = await deps.installElectron();
  if (r.ok && deps.findBinary()) {
    deps.log('> Electron binary installed');
    return 'installed';
  }
  const reason = r.ok ? 'the installer finished, but no Electron binary is where it should be' : r.reason;
  deps.log(`> Electron could not be fetched now (${reason}); \`npm start\` will try again, and \`npm run serve\` works without it`);
  return 'failed';
}
