#!/usr/bin/env node
/** `npm run dist`: build, then package with electron-builder (config: "build" in package.json). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (n) => path.join(root, 'node_modules', '.bin', n);
for (const [cmd, args] of [
  [bin('electron-vite'), ['build']],
  // electron-builder rebuilds native modules (better-sqlite3, keytar) for Electron inside the package.
  [bin('electron-builder'), ['--publish', 'never', ...process.argv.slice(2)]],
]) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
