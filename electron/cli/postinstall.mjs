#!/usr/bin/env node
/** The root package's postinstall: fetch Electron when possible; an install never fails over it. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, installElectron } from './electronInstaller.mjs';
import { installFlow } from './installFlow.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
await installFlow({
  findBinary: findElectronBinary,
  installElectron: () => installElectron(root),
  skip: Boolean(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD),
  log: (line) => console.log(line),
});
