/**
 * The shipped data sets (Kanjium's pitch accents, the JLPT list) as every server would build
 * them into APP_DATA_DIR/dictionaries on its first start: seconds of CPU per test for files
 * that are the same each time. The global setup has one real server build them once per run
 * (kept in test-results); each test's data dir starts with a copy, as after an earlier start.
 * The server still checks them against the shipped files (`builtinCurrent`) and rebuilds stale ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUILTIN_SOURCES, builtinCurrent, builtinFileName, stampFile } from '../../../electron/core/dictionary/yomitan/builtinData';

const root = path.resolve(import.meta.dirname, '../../..');
export const TEMPLATE_DIR = path.join(root, 'test-results/e2e-data-template');
const SHIPPED = path.join(root, 'resources/data');
/** The files each builtin leaves in the dictionaries folder: the dictionary and its stamp. */
const FILES = BUILTIN_SOURCES.flatMap(([name]) => [builtinFileName(name), stampFile(builtinFileName(name))]);

/** True when `dictionariesDir` holds every builtin file, built from the shipped files as they are now (the server's own check). */
export function builtinsCurrent(dictionariesDir: string): boolean {
  return BUILTIN_SOURCES.every(([name, source]) => builtinCurrent(path.join(SHIPPED, source), path.join(dictionariesDir, builtinFileName(name))));
}

/**
 * Copies the template's builtin files into a data dir that has no dictionaries folder yet
 * (a test's own prepared dir keeps what it has). Without a current template: nothing, and
 * the server builds them itself as in production.
 */
export function seedDataDir(dataDir: string): void {
  const target = path.join(dataDir, 'dictionaries');
  if (fs.existsSync(target) || !builtinsCurrent(TEMPLATE_DIR)) return;
  fs.mkdirSync(target, { recursive: true });
  for (const name of FILES) fs.copyFileSync(path.join(TEMPLATE_DIR, name), path.join(target, name));
}

/** Saves a data dir's freshly built builtin files as the template (temp folder, then one rename). */
export function saveTemplate(dictionariesDir: string): void {
  const temp = `${TEMPLATE_DIR}.${process.pid}.tmp`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  for (const name of FILES) fs.copyFileSync(path.join(dictionariesDir, name), path.join(temp, name));
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.renameSync(temp, TEMPLATE_DIR);
}
