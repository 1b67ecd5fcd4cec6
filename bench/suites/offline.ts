/**
 * Everything issue 6 asks of `npm run bench offline`: the offline analyzer (load
 * time, peak memory, tokens/s on 10k characters: the offline-analyzer suite's
 * rows), a cache hit of a stored analysis versus the same analysis from the
 * (fake) model upstream, history search over 10,000 documents, and the database
 * size of 1,000 analysed sentences. Everything runs in this process on a real
 * core / real SQLite file in a temp dir. `BENCH_QUICK=1` divides the counts by
 * 20 for a smoke run (the numbers then mean little).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StreamEvent } from '../../shared/contract';
import type { AnalyzeResult } from '../../shared/contract/reader';
import { createCore } from '../../electron/core/app/createCore';
import type { Dispatcher } from '../../electron/core/rpc/dispatcher';
import { createAnalyzer } from '../../electron/core/analyzer';
import { AnswerCache } from '../../electron/core/cache/answerCache';
import { TokensSchema } from '../../electron/core/cache/answerSchemas';
import { analysisKey } from '../../electron/core/cache/cacheKey';
import { loadConfig } from '../../electron/core/config/config';
import { Library } from '../../electron/core/library/library';
import type { SecretBackend } from '../../electron/core/secrets/backend';
import { openDatabase } from '../../electron/core/store/database';
import { startFakeGateway } from '../../tests/fakes/gateway';
import { modelReply } from '../../tests/fakes/modelReplies';
import { round, summarize } from '../support/stats';
import type { BenchRow } from '../support/types';
import { run as analyzerRows } from './offline-analyzer';

const QUICK = process.env.BENCH_QUICK === '1';
/** The counts, or a twentieth of them for a smoke run. */
const n = (count: number) => (QUICK ? Math.max(2, Math.round(count / 20)) : count);
const DOCS = n(10_000);
const SENTENCES_N = n(1_000);
const thousands = (k: number) => k.toLocaleString('en');

const KEY = 'sk-or-bench-offline';

/** Everyday sentences (written for this bench); numbered so every document is distinct. */
const SENTENCES = [
  '駅前の本屋で新しい辞書を買いました。',
  '明日は朝早く起きて、山に登るつもりです。',
  '彼女は毎晩寝る前に日記を書いている。',
  'この町の図書館は静かで、勉強するのにちょうどいい。',
  '雨が止んだら、公園へ散歩に行きましょう。',
  '先週の試験は思ったより難しくなかった。',
  '祖母が作る味噌汁はいつも優しい味がする。',
  '電車の中で知らない人に道を聞かれた。',
  '夏休みには家族で海へ行く予定です。',
  '会議の資料をもう一度確認してください。',
  '子どもたちが校庭で元気に遊んでいる。',
  'その映画は最後まで目が離せなかった。',
];
const TRANSLATIONS = [
  'I bought a new dictionary at the bookshop by the station.',
  'Tomorrow I plan to get up early and climb a mountain.',
  'She writes in her diary every night before bed.',
  'The library in this town is quiet and just right for studying.',
  "When the rain stops, let's go for a walk in the park.",
  "Last week's exam was not as hard as I thought.",
  "Grandmother's miso soup always tastes gentle.",
  'A stranger asked me the way on the train.',
  'We plan to go to the sea as a family in the summer holidays.',
  'Please check the meeting materials once more.',
  'The children are playing happily in the schoolyard.',
  'I could not take my eyes off that film until the end.',
];
const sentence = (i: number) => `${SENTENCES[i % SENTENCES.length]}（${i}）`;
const documentText = (i: number) => [0, 1, 2, 3].map((k) => sentence(i * 4 + k)).join('\n');
const documentTranslation = (i: number) => [0, 1, 2, 3].map((k) => TRANSLATIONS[(i * 4 + k) % TRANSLATIONS.length]).join('\n');

/** CPU time of this process in ms: unlike wall time, it does not count waiting for a busy machine's CPUs. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function tempDir(): { dir: string; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-offline-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const memoryBackend = (): SecretBackend => {
  const values = new Map<string, string>();
  return {
    kind: 'keychain',
    label: 'memory',
    probe: async () => {},
    get: async (a) => values.get(a) ?? null,
    set: async (a, v) => void values.set(a, v),
    delete: async (a) => values.delete(a),
  };
};

/** Runs `reader.analyze` through the dispatcher (as every transport does); resolves with ms to the result. */
function analyzeOnce(dispatcher: Dispatcher, args: Record<string, unknown>): Promise<{ ms: number; result: AnalyzeResult }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const started = dispatcher.startStream('reader.analyze', [args], (e: StreamEvent) => {
      if (e.type === 'done') resolve({ ms: performance.now() - start, result: e.result as AnalyzeResult });
      else if (e.type === 'error') reject(new Error(`${e.error.code}: ${e.error.message}`));
    }, { transport: 'ipc' });
    if (!started.ok) reject(new Error(started.error.message));
  });
}

async function cacheVersusUpstream(): Promise<BenchRow[]> {
  const gw = await startFakeGateway({ keys: [{ key: KEY }], reply: modelReply, chunkChars: 64 });
  const tmp = tempDir();
  const { core, dispatcher } = createCore({
    config: loadConfig({ APP_DATA_DIR: tmp.dir, OPENROUTER_API_URL: gw.baseUrl }),
    mode: 'browser',
    version: 'bench',
    secretBackends: [memoryBackend()],
  });
  try {
    await core.secrets.set('openrouter', KEY);
    await core.analyzer.ready();
    const text = Array.from({ length: 6 }, (_, i) => sentence(i)).join('');
    // Warm both paths (JIT, the first HTTP connection).
    for (let i = 0; i < n(5); i++) await analyzeOnce(dispatcher, { text, refresh: true });
    const upstream: number[] = [];
    for (let i = 0; i < n(60); i++) {
      const r = await analyzeOnce(dispatcher, { text, refresh: true });
      if (r.result.source !== 'model') throw new Error(`expected a model analysis, got ${r.result.source}`);
      upstream.push(r.ms);
    }
    const hits: number[] = [];
    const hitCpu: number[] = [];
    for (let i = 0; i < n(500); i++) {
      const c0 = cpuMs();
      const r = await analyzeOnce(dispatcher, { text });
      hitCpu.push(cpuMs() - c0);
      if (r.result.source !== 'cache') throw new Error(`expected a cache hit, got ${r.result.source}`);
      hits.push(r.ms);
    }
    // The cache lookup alone (what the handler adds before answering).
    const m = { provider: core.settings.get().provider, model: core.settings.get().models[core.settings.get().provider] };
    const key = analysisKey(text, m);
    const lookups: number[] = [];
    for (let i = 0; i < n(2000); i++) {
      const t0 = performance.now();
      if (!core.answers.get(key, 'analysis', TokensSchema)) throw new Error('the analysis is not cached');
      lookups.push(performance.now() - t0);
    }
    const hit = summarize(hits);
    const up = summarize(upstream);
    const lookup = summarize(lookups);
    return [
      { name: 'analysis cache hit (reader.analyze), median', value: round(hit.median), unit: 'ms' },
      { name: 'analysis cache hit (reader.analyze), p99', value: round(hit.p99), unit: 'ms', target: '< 5 ms', pass: hit.p99 < 5 },
      { name: 'analysis cache hit (reader.analyze), p99 of CPU time', value: round(summarize(hitCpu).p99), unit: 'ms CPU' },
      { name: 'analysis cache lookup + validation alone, p99', value: round(lookup.p99), unit: 'ms' },
      { name: 'same analysis from the fake upstream, median', value: round(up.median), unit: 'ms' },
      { name: 'same analysis from the fake upstream, p99', value: round(up.p99), unit: 'ms' },
      { name: 'upstream / cache hit (medians)', value: round(up.median / hit.median, 1), unit: '×' },
      { name: 'analysed text length', value: text.length, unit: 'chars' },
    ];
  } finally {
    await core.close();
    await gw.close();
    tmp.cleanup();
  }
}

async function searchOverTenThousand(): Promise<BenchRow[]> {
  const tmp = tempDir();
  const { db } = openDatabase({ dir: tmp.dir });
  try {
    const library = new Library(db, new AnswerCache(db));
    const t0 = performance.now();
    db.transaction(() => {
      for (let i = 0; i < DOCS; i++) {
        const id = library.touch(documentText(i), i % 7 === 0 ? 'image' : 'typed');
        library.setTranslation(id, documentTranslation(i), 'en');
      }
    })();
    const fillMs = performance.now() - t0;
    // The app checkpoints as it goes; one huge transaction would otherwise leave every page in the WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const queries = {
      // 3+ characters: FTS5 trigram. Common ones match thousands of documents.
      fts: ['図書館', '散歩に行き', '（1234）', '味噌汁はいつも', 'dictionary', 'schoolyard', '存在しない言葉'],
      // 1–2 characters: the trigrams they begin, from the index's vocabulary (migration 6).
      short: ['猫', '本屋', '海', 'ok'],
    };
    const rows: BenchRow[] = [{ name: `filling ${thousands(DOCS)} documents (one transaction)`, value: Math.round(fillMs), unit: 'ms' }];
    for (const [kind, list] of Object.entries(queries)) {
      for (const q of list) library.list({ query: q, limit: 50, offset: 0 }); // warm statements and pages
      const samples: number[] = [];
      const cpu: number[] = [];
      for (let round = 0; round < n(40); round++) {
        for (const q of list) {
          const c0 = cpuMs();
          const s = performance.now();
          library.list({ query: q, limit: 50, offset: 0 });
          samples.push(performance.now() - s);
          cpu.push(cpuMs() - c0);
        }
      }
      const sum = summarize(samples);
      const label = kind === 'fts' ? 'FTS5 trigram (3+ chars)' : '1–2 chars via the trigram vocabulary';
      rows.push({ name: `search over ${thousands(DOCS)} documents, ${label}, median`, value: round(sum.median), unit: 'ms' });
      rows.push({ name: `search over ${thousands(DOCS)} documents, ${label}, p99`, value: round(sum.p99), unit: 'ms', target: '< 20 ms', pass: sum.p99 < 20 });
      rows.push({ name: `search over ${thousands(DOCS)} documents, ${label}, p99 of CPU time`, value: round(summarize(cpu).p99), unit: 'ms CPU' });
    }
    const listSamples: number[] = [];
    for (let i = 0; i < n(200); i++) {
      const s = performance.now();
      library.list({ limit: 50, offset: 0 });
      listSamples.push(performance.now() - s);
    }
    rows.push({ name: 'history list without a query (50 newest), p99', value: round(summarize(listSamples).p99), unit: 'ms' });
    return rows;
  } finally {
    db.close();
    tmp.cleanup();
  }
}

async function sizePerThousandSentences(): Promise<BenchRow[]> {
  const tmp = tempDir();
  const { db, file } = openDatabase({ dir: tmp.dir });
  const analyzer = createAnalyzer();
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const empty = fs.statSync(file).size;
    const answers = new AnswerCache(db);
    const library = new Library(db, answers);
    const m = { provider: 'openrouter', model: 'google/gemini-2.5-flash' };
    // Real tokens from the analyzer, stored as a model analysis would be: cache entry + document + translation.
    const texts = Array.from({ length: SENTENCES_N }, (_, i) => sentence(i));
    const tokens = await Promise.all(texts.map((t) => analyzer.tokenize(t)));
    db.transaction(() => {
      texts.forEach((text, i) => {
        answers.put(analysisKey(text, m), 'analysis', tokens[i]);
        const id = library.touch(text, 'typed');
        library.setTokens(id, tokens[i]!, 'model');
        library.setTranslation(id, TRANSLATIONS[i % TRANSLATIONS.length]!, 'en');
      });
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.statSync(file).size - empty;
    const tokenCount = tokens.reduce((n, t) => n + t.length, 0);
    return [
      {
        name: 'database growth per 1,000 analysed sentences (analysis cache + document + translation + FTS)',
        value: round(((bytes / 1024 / 1024) * 1000) / SENTENCES_N, 2),
        unit: 'MB',
      },
      { name: `tokens in those ${thousands(SENTENCES_N)} sentences`, value: tokenCount, unit: 'tokens' },
    ];
  } finally {
    await analyzer.close();
    db.close();
    tmp.cleanup();
  }
}

export async function run(): Promise<BenchRow[]> {
  // Latencies depend on what else the machine is doing: the load is part of the record.
  const load = { name: 'machine load average (1 min) at the start', value: round(os.loadavg()[0] ?? 0, 2), unit: `on ${os.cpus().length} CPUs` };
  // A fixed JS loop as a yardstick of this machine's speed (a recent desktop core: roughly 100–150 ms).
  const c0 = cpuMs();
  let x = 0;
  for (let i = 0; i < 1e8; i++) x += i % 7;
  if (x < 0) throw new Error('unreachable'); // keeps the loop's result alive
  const yardstick = { name: 'yardstick: 1e8-step JS loop', value: Math.round(cpuMs() - c0), unit: 'ms CPU' };
  const rows = [load, yardstick, ...(await analyzerRows()), ...(await cacheVersusUpstream()), ...(await searchOverTenThousand()), ...(await sizePerThousandSentences())];
  return QUICK ? rows.map((r) => ({ ...r, name: `[quick] ${r.name}` })) : rows;
}
