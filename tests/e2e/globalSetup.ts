/**
 * Once per run, before the workers start: one real server builds the shipped data sets
 * (see support/dataTemplate.ts) unless the template from an earlier run is still current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { builtinsCurrent, saveTemplate, TEMPLATE_DIR } from './support/dataTemplate';
import { SERVE_SCRIPT, startServe } from './support/serve';

export default async function globalSetup(): Promise<void> {
  // Without a build every test says how to make one (startServe); nothing to prepare here.
  if (!fs.existsSync(SERVE_SCRIPT) || builtinsCurrent(TEMPLATE_DIR)) return;
  const server = await startServe();
  try {
    const dir = path.join(server.dataDir, 'dictionaries');
    const deadline = Date.now() + 120_000;
    while (!builtinsCurrent(dir)) {
      // No template is no failure: each server then builds its own, as before.
      if (Date.now() > deadline) return console.warn(`e2e: the shipped data were not built within 2 minutes; every server builds its own\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    saveTemplate(dir);
  } finally {
    await server.stop();
  }
}
