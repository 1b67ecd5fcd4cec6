/**
 * What `npm start` does, with every effect injected so it is testable without
 * Electron or the network: find the binary (fetch it once with Electron's own
 * installer when missing), prepare the Electron build of better-sqlite3, build, launch.
 */

/** The message when the binary is missing and could not be fetched; `reason` is what the installer said. */
export function missingBinaryMessage(reason) {
  return `The Electron binary is not installed and could not be fetched, so the desktop app cannot start here.
  Reason: ${reason}

  • Fetch it when you have network access: run \`npm start\` again, or   node node_modules/electron/install.js
    (Electron's installer honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache and HTTPS_PROXY).
  • Or use browser mode, the same app in your browser:   npm run serve
`;
}

/**
 * @param {{
 *   findBinary: () => string | undefined,
 *   installElectron: () => Promise<{ ok: true } | { ok: false, reason: string }>,
 *   ensureSqlite: () => string,
 *   build: () => number,
 *   launch: (binary: string, sqliteBinding: string) => Promise<number>,
 *   log: (line: string) => void,
 *   error: (text: string) => void,
 * }} deps
 * @returns {Promise<number>} the exit code for `npm start`
 */
export async function startFlow(deps) {
  let binary = deps.findBinary();
  if (!binary) {
    deps.log('> fetching the Electron binary with its own installer (one time, about 100 MB)…');
    const installed = await deps.installElectron();
    if (!installed.ok) {
      deps.error(missingBinaryMessage(installed.reason));
      return 1;
    }
    binary = deps.findBinary();
    if (!binary) {
      deps.error(missingBinaryMessage('the installer finished, but no Electron binary is where it should be'));
      return 1;
    }
    deps.log('> Electron binary installed');
  }
  let binding;
  try {
    binding = deps.ensureSqlite();
  } catch (e) {
    deps.error(`yomimono: ${e instanceof Error ? e.message : String(e)}\nBrowser mode works without it: npm run serve`);
    return 1;
  }
  const built = deps.build();
  if (built !== 0) return built;
  return deps.launch(binary, binding);
}
