/**
 * The imported Yomitan dictionaries and the shipped data beside the JMdict file: each a file
 * in APP_DATA_DIR/dictionaries, opened when first needed; which are on and their lookup order
 * (JMdict's and KANJIDIC's place among them too) kept by a DictionaryOrderStore.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ZipReader } from '../archive';
import type { DictionaryOrderStore, OrderRow } from './dictionaryOrder';
import { buildBuiltin, BUILTIN_SOURCES, builtinCurrent, builtinFileName, type BuiltinName } from './yomitan/builtinData';
import { importYomitan, type YomitanImport } from './yomitan/importYomitan';
import { YomitanReader } from './yomitan/yomitanStore';

export const JMDICT_ID = 'jmdict';
export const KANJIDIC_ID = 'kanjidic';
const FOLDER = 'dictionaries';
const IMPORTED = /^(y-[0-9a-f]{16})\.db$/;

/** Same title and revision, same id: importing it again replaces it. */
export function yomitanId(title: string, revision: string): string {
  return `y-${crypto.createHash('sha256').update(`${title}\u0000${revision}`).digest('hex').slice(0, 16)}`;
}

export interface ShelfOptions {
  dataDir: string;
  order: DictionaryOrderStore;
  nativeBinding?: string;
  /** Where kanjium-accents.txt and jlpt-yomitan.zip are shipped; none: no builtin data. */
  builtinDataDir?: string;
}

export class DictionaryShelf {
  readonly folder: string;
  private readers: Map<string, YomitanReader> | null = null;
  private readonly builtins = new Map<BuiltinName, YomitanReader | null>();
  private building: Promise<void> | null = null;

  constructor(private readonly opts: ShelfOptions) {
    this.folder = path.join(opts.dataDir, FOLDER);
  }

  /** The imported dictionaries that open (a damaged or foreign file is left out). */
  imported(): Map<string, YomitanReader> {
    if (this.readers) return this.readers;
    this.readers = new Map();
    let names: string[] = [];
    try {
      names = fs.readdirSync(this.folder);
    } catch {
      // No folder yet: nothing imported.
    }
    for (const name of names.sort()) {
      const id = IMPORTED.exec(name)?.[1];
      if (!id) continue;
      try {
        this.readers.set(id, new YomitanReader(path.join(this.folder, name), this.opts.nativeBinding));
      } catch {
        // Left out; a new import of it replaces the file.
      }
    }
    return this.readers;
  }

  /**
   * Every dictionary's id in lookup order with its switch: the stored order first, then any
   * dictionary it does not name yet (on, at the end). `present` says which exist.
   */
  order(present: readonly string[]): OrderRow[] {
    const stored = this.opts.order.load().filter((r) => present.includes(r.id));
    const known = new Set(stored.map((r) => r.id));
    const rows = [...stored, ...present.filter((id) => !known.has(id)).map((id) => ({ id, enabled: true, position: 0 }))];
    return rows.map((r, i) => ({ ...r, position: i }));
  }

  saveOrder(rows: readonly OrderRow[]): void {
    this.opts.order.save(rows.map((r, i) => ({ ...r, position: i })));
  }

  async importZip(zip: ZipReader, opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<YomitanImport & { id: string }> {
    fs.mkdirSync(this.folder, { recursive: true });
    const temp = path.join(this.folder, `import-${process.pid}-${Date.now()}.tmp`);
    try {
      const result = await importYomitan({ zip, tempFile: temp, ...(this.opts.nativeBinding ? { nativeBinding: this.opts.nativeBinding } : {}), ...opts });
      const id = yomitanId(result.index.title, result.index.revision);
      const readers = this.imported();
      // The one step that replaces a dictionary of the same title and revision.
      readers.get(id)?.close();
      readers.delete(id);
      const file = path.join(this.folder, `${id}.db`);
      fs.renameSync(temp, file);
      readers.set(id, new YomitanReader(file, this.opts.nativeBinding));
      return { ...result, id };
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  /** Removes an imported dictionary's file; false when there is no such dictionary. */
  remove(id: string): boolean {
    const readers = this.imported();
    const reader = readers.get(id);
    if (!reader) return false;
    reader.close();
    readers.delete(id);
    fs.rmSync(reader.file, { force: true });
    this.saveOrder(this.opts.order.load().filter((r) => r.id !== id));
    return true;
  }

  /** A shipped data set, once built; null until then (the first call starts the build). */
  builtin(name: BuiltinName): YomitanReader | null {
    if (this.builtins.has(name)) return this.builtins.get(name) ?? null;
    void this.prepareBuiltins();
    return null;
  }

  /** Builds (when missing or outdated) and opens the shipped data; resolves when both are ready or failed. */
  prepareBuiltins(): Promise<void> {
    this.building ??= (async () => {
      const dir = this.opts.builtinDataDir;
      for (const [name, file] of BUILTIN_SOURCES) {
        let reader: YomitanReader | null = null;
        if (dir && fs.existsSync(path.join(dir, file))) {
          const source = path.join(dir, file);
          const target = path.join(this.folder, builtinFileName(name));
          try {
            if (!builtinCurrent(source, target)) await buildBuiltin(name, source, target, this.opts.nativeBinding);
            reader = new YomitanReader(target, this.opts.nativeBinding);
          } catch (e) {
            console.error(`yomimono: the shipped ${name} data could not be prepared`, e);
          }
        }
        this.builtins.set(name, reader);
      }
    })();
    return this.building;
  }

  close(): void {
    for (const r of this.readers?.values() ?? []) r.close();
    this.readers = null;
    for (const r of this.builtins.values()) r?.close();
    this.builtins.clear();
    this.building = null;
  }
}
