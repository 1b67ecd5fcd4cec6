import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');
const SUITES = ['tests/unit', 'tests/integration'];

/**
 * Test files that mock modules or replace globals (window, document, the renderer's bridge) need a module registry of
 * their own: a store imported by an earlier file would keep that file's stubs. They are found by what they call, so a
 * new one is isolated without a list to keep. Every other file shares its worker's registry: the app's modules are
 * imported once per worker instead of once per file (measured on two cores: the suite's import time 116 s → ~25 s).
 * A shared file must leave nothing behind (it restores the env, timers and globals it changes).
 */
const NEEDS_OWN_MODULES = /\bvi\.(mock|doMock|stubGlobal)\(|\binstallBrowserGlobals\(/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
const isolated = SUITES.flatMap(testFiles).filter((f) => NEEDS_OWN_MODULES.test(fs.readFileSync(path.join(root, f), 'utf8')));

export default defineConfig({
  test: {
    root,
    pool: 'forks',
    // vitest's default (cores − 1) is one worker on a 2-core CI machine; two there measured 322 s → 201 s for the
    // whole suite, all green. Larger machines keep the default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
      { extends: true, test: { name: 'shared', include: SUITES.map((d) => `${d}/**/*.test.ts`), exclude: isolated, isolate: false } },
    ],
  },
});
