/**
 * The shipped data sets (Kanjium's pitch accents, the JLPT list) as every server would build
 * them into APP_DATA_DIR/dictionaries on its first start: seconds of CPU per test for files
 * that are the same each time. The global setup has one real server build them once per run
 * (kept in test-results); each test's data dir starts with a copy, as after an earlier start.
 * The server still checks them against the shipped files (`builtinCurrent`) and rebuilds stale ones.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
export const TEMPLATE_DIR = path.join(root, 'test-results/e2e-data-template');
const SHIPPED = path.join(root, 'resources/data');
/** The builtin files and the shipped file each is built from (electron/core/dictionary/yomitan/builtinData.ts). */
export const BUILTINS = [
  { file: 'builtin-kanjium.db', source: 'kanjium-accents.txt' },
  { file: 'builtin-jlpt.db', source: 'jlpt-yomitan.zip' },
] as const;

/** The stamp builtinData.ts writes beside a builtin file: the shipped file's size and mtime. */
function shippedStamp(source: string): string | undefined {
  try {
    const st = fs.statSync(path.join(SHIPPED, source));
    return `${st.size}:${Math.round(st.mtimeMs)}`;
  } catch {
    return undefined;
  }
}

/** True when `dictionariesDir` holds every builtin file, built from the shipped files as they are now. */
export function builtinsCurrent(dictionariesDir: string): boolean {
  return BUILTINS.every(({ file, source }) => {
    try {
      return fs.existsSync(path.join(dictionariesDir, file)) && fs.readFileSync(path.join(dictionariesDir, `${file}.source`), 'utf8') === shippedStamp(source);
    } catch {
      return false;
    }
  });
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
  for (const { file } of BUILTINS) {
    for (const name of [file, `${file}.source`]) fs.copyFileSync(path.join(TEMPLATE_DIR, name), path.join(target, name));
  }
}

/** Saves a data dir's freshly built builtin files as the template (temp folder, then one rename). */
export function saveTemplate(dictionariesDir: string): void {
  const temp = `${TEMPLATE_DIR}.${process.pid}.tmp`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  for (const { file } of BUILTINS) {
    for (const name of [file, `${file}.source`]) fs.copyFileSync(path.join(dictionariesDir, name), path.join(temp, name));
  }
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  fs.renameSync(temp, TEMPLATE_DIR);
}
