/**
 * The data shipped in resources/data, ready with no setup: Kanjium's pitch accents and the
 * JLPT list, each built once into a dictionary file of the Yomitan kind (dictionaries/builtin-*.db)
 * the first time they are needed, and again when the shipped file changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { openZip } from '../../archive';
import { importYomitan } from './importYomitan';
import { kanjiumLine } from './kanjiumAccents';
import { YomitanWriter } from './yomitanStore';
import { DICTIONARY_ZIP_LIMITS } from './zipLimits';

export const KANJIUM_FILE = 'kanjium-accents.txt';
export const JLPT_FILE = 'jlpt-yomitan.zip';
export const KANJIUM_TITLE = 'Kanjium';
export const JLPT_TITLE = 'JLPT (unofficial)';

export type BuiltinName = 'kanjium' | 'jlpt';

/** Each builtin's shipped source file (in resources/data), in the order they are prepared. */
export const BUILTIN_SOURCES: ReadonlyArray<readonly [BuiltinName, string]> = [
  ['kanjium', KANJIUM_FILE],
  ['jlpt', JLPT_FILE],
];

/** The builtin's dictionary file in the app's dictionaries folder (its stamp file beside it: `<file>.source`). */
export const builtinFileName = (name: BuiltinName): string => `builtin-${name}.db`;

/** What identifies a source file's version: its size and modification time. */
function stamp(file: string): string {
  const st = fs.statSync(file);
  return `${st.size}:${Math.round(st.mtimeMs)}`;
}

export function stampFile(target: string): string {
  return `${target}.source`;
}

/** True when `target` was built from this very `source`. */
export function builtinCurrent(source: string, target: string): boolean {
  try {
    return fs.existsSync(target) && fs.readFileSync(stampFile(target), 'utf8') === stamp(source);
  } catch {
    return false;
  }
}

async function buildKanjium(source: string, temp: string, nativeBinding?: string): Promise<void> {
  const writer = new YomitanWriter(temp, nativeBinding);
  try {
    const lines = readline.createInterface({ input: fs.createReadStream(source, { encoding: 'utf8' }), crlfDelay: Infinity });
    let n = 0;
    for await (const line of lines) {
      const row = kanjiumLine(line);
      if (row) writer.termMeta(row);
      if (++n % 5_000 === 0) await new Promise((r) => setImmediate(r));
    }
    writer.finish({ title: KANJIUM_TITLE, revision: 'd9e2673', format: '3', attribution: 'The pitch accent notation, verb particle data, phonetics, homonyms and other additions or modifications to EDICT, KANJIDIC or KRADFILE were provided by Uros O. through his free database (Kanjium, CC BY-SA 4.0).' });
  } catch (e) {
    writer.abandon();
    throw e;
  }
}

async function buildJlpt(source: string, temp: string, nativeBinding?: string): Promise<void> {
  const zip = await openZip({ path: source }, DICTIONARY_ZIP_LIMITS);
  try {
    await importYomitan({ zip, tempFile: temp, ...(nativeBinding ? { nativeBinding } : {}), title: JLPT_TITLE });
  } finally {
    await zip.close();
  }
}

/** Builds the builtin file from its shipped source (temp file, then one rename). */
export async function buildBuiltin(name: BuiltinName, source: string, target: string, nativeBinding?: string): Promise<void> {
  const temp = `${target}.build-${process.pid}-${Date.now()}`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    if (name === 'kanjium') await buildKanjium(source, temp, nativeBinding);
    else await buildJlpt(source, temp, nativeBinding);
    fs.renameSync(temp, target);
    fs.writeFileSync(stampFile(target), stamp(source));
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
