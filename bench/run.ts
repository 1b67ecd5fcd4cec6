/**
 * `npm run bench [suite…]`: runs the benchmark suites, prints one table and writes
 * bench/results/<suite>.json. Targets are reported, not enforced: speed belongs
 * here, never in timed tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow, BenchSuite } from './support/types';

/** Every file in bench/suites is a suite named after the file; it exports `run()`. */
const suitesDir = path.join(import.meta.dirname, 'suites');
const SUITES: Record<string, () => Promise<{ run: BenchSuite }>> = Object.fromEntries(
  fs
    .readdirSync(suitesDir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => [f.replace(/\.ts$/, ''), () => import(path.join(suitesDir, f)) as Promise<{ run: BenchSuite }>]),
);

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length ? wanted : Object.keys(SUITES);
  const unknown = names.filter((n) => !SUITES[n]);
  if (unknown.length) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`);
    process.exit(2);
  }
  const outDir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  let failed = false;
  for (const name of names) {
    console.log(`\n## ${name}`);
    let rows: BenchRow[];
    try {
      const mod = await SUITES[name]!();
      rows = await mod.run();
    } catch (e) {
      console.error(`suite ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      failed = true;
      continue;
    }
    console.table(rows.map((r) => ({ metric: r.name, value: r.value, unit: r.unit, target: r.target ?? '', met: r.pass === undefined ? '' : r.pass ? 'yes' : 'NO' })));
    const record = {
      suite: name,
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: process.platform },
      rows,
    };
    fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
