/**
 * Browser mode (`npm run serve`): the desktop app's core behind node:http.
 * Serves the renderer at /, the contract at /rpc/*, the /api/* routes (electron/core/routes).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../core/config/config';
import { startBrowserMode } from '../core/app/browserMode';

async function main(): Promise<void> {
  let config;
  try {
    // The build leaves the analyzer's decompressed dictionary next to out/main.
    const out = path.dirname(fileURLToPath(import.meta.url));
    // The shipped data sets stay in the checkout's resources/data (out/main → ../../resources/data).
    config = { ...loadConfig(process.env), analyzerPrebuiltDir: path.resolve(out, '../analyzer'), builtinDataDir: path.resolve(out, '../../resources/data') };
  } catch (e) {
    console.error(`yomimono: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const started = await startBrowserMode({
    config,
    staticDir: path.resolve(here, '../renderer'),
    // Without HOST the sharing setting chooses loopback or, with CODE, every interface.
    envHost: process.env.HOST,
    log: (line) => console.log(line),
  });
  if (!started.ok) {
    console.error(`yomimono: ${started.message}`);
    process.exit(2);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`received ${signal}, shutting down`);
    void started.stop().then(() => process.exit(0));
    // A wedged close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 5_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
