/**
 * Issue 13's targets: parse, validate and store a 400-model OpenRouter catalog
 * (≤ 50 ms), read it back at start (≤ 5 ms), and the picker's search over 400
 * models (≤ 4 ms per keystroke: the pure filter the picker runs, `searchModels`,
 * over the task's ordered list). Real SQLite file in a temp dir.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatalogStore } from '../../electron/core/catalog/catalogStore';
import { ModelCatalog } from '../../electron/core/catalog/modelCatalog';
import { parseOpenRouterModels } from '../../electron/core/catalog/openrouterModels';
import { openDatabase } from '../../electron/core/store/database';
import { modelsForTask } from '../../shared/catalog';
import { searchModels } from '../../shared/modelSearch';
import { generateOpenRouterModels, MALFORMED_OPENROUTER_ENTRIES } from '../../tests/fakes/modelList';
import { round, summarize } from '../support/stats';
import type { BenchRow } from '../support/types';

const RUNS = 30;

export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-catalog-'));
  const { db } = openDatabase({ dir });
  try {
    const store = new CatalogStore(db);
    // The wire body, as text: the parse starts from what the network delivers.
    const body = JSON.stringify({ data: [...generateOpenRouterModels(400), ...MALFORMED_OPENROUTER_ENTRIES] });
    const ingest: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const models = parseOpenRouterModels(JSON.parse(body));
      store.write('openrouter', { fetchedAt: new Date().toISOString(), models });
      ingest.push(performance.now() - t0);
    }
    const start: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const catalog = new ModelCatalog({ store, fetchers: { openrouter: async () => [], gemini: async () => [], local: async () => [] } });
      if (catalog.list('openrouter').models.length !== 400) throw new Error('stored catalog not read back whole');
      start.push(performance.now() - t0);
    }
    const models = store.read('openrouter')!.models;
    // Each prefix of a few queries, as typed: every keystroke filters the whole list again.
    const queries = ['google gemini flash', 'mistralai free', 'openai/model-2', 'cohere large'];
    const keystrokes: number[] = [];
    for (let r = 0; r < 5; r++) {
      for (const q of queries) {
        for (let i = 1; i <= q.length; i++) {
          const t0 = performance.now();
          searchModels(modelsForTask(models, 'imageText'), q.slice(0, i));
          searchModels(models, q.slice(0, i));
          keystrokes.push((performance.now() - t0) / 2);
        }
      }
    }
    // The first run of each compiles zod's schema and warms the JIT: reported apart, not in the steady figures.
    const coldIngest = ingest.shift()!;
    const coldStart = start.shift()!;
    keystrokes.splice(0, 5);
    const a = summarize(ingest);
    const s = summarize(start);
    const k = summarize(keystrokes);
    return [
      { name: 'first parse + validate + store of the process (cold)', value: round(coldIngest), unit: 'ms' },
      { name: 'first read of the process (cold)', value: round(coldStart), unit: 'ms' },
      { name: 'parse + validate + store 400 models (median)', value: round(a.median), unit: 'ms', target: '≤ 50 ms', pass: a.median <= 50 },
      { name: 'parse + validate + store 400 models (p99)', value: round(a.p99), unit: 'ms' },
      { name: 'read the stored catalog at start (median)', value: round(s.median), unit: 'ms', target: '≤ 5 ms', pass: s.median <= 5 },
      { name: 'read the stored catalog at start (p99)', value: round(s.p99), unit: 'ms' },
      { name: 'picker search over 400 models, per keystroke (median)', value: round(k.median, 4), unit: 'ms', target: '≤ 4 ms', pass: k.median <= 4 },
      { name: 'picker search over 400 models, per keystroke (p99)', value: round(k.p99, 4), unit: 'ms', target: '≤ 4 ms', pass: k.p99 <= 4 },
    ];
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
