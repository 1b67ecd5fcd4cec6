/**
 * Offline dictionary benchmark: import of a JMdict-sized file (time, peak RSS growth,
 * database size) and lookup with deinflection (p50/p99), on a real SQLite file.
 *
 * The real JMdict_e cannot be downloaded here (no network), so the input is Debian's
 * EDICT (/usr/share/edict/edict, `apt-get install edict`) converted to JMdict's XML
 * shape: DOCTYPE with entity declarations, one <entry> per EDICT line (267,000: one per
 * kanji–reading pair, where JMdict_e has about 215,000 entries grouping them), gzipped like JMdict_e.gz. `BENCH_QUICK=1` takes the first
 * 20,000 lines.
 *
 * `BENCH_DICTIONARY_ONLY=import` runs the import alone (no lookups, no Chromium):
 *   BENCH_DICTIONARY_ONLY=import npx jiti bench/run.ts dictionary
 * `BENCH_DICTIONARY_ONLY=deinflect` times the deinflection alone (no dictionary, no Chromium): every
 * chain the unit tests list (tests/support/inflectionCases.ts), each call timed.
 * `BENCH_DICTIONARY_ONLY=lookup` runs the import, the deinflection and the lookups (no Chromium).
 * After the JMdict import, four Yomitan dictionaries are imported beside it (bench/support/yomitanBench.ts):
 * a generated Jitendex-shaped one of 200,000 terms (its import timed, its peak RSS growth measured) and
 * three small ones (frequency, pitch, terms), so the lookups and hovers run over five dictionaries.
 * `BENCH_DICTIONARY_ONLY=yomitan` runs that Yomitan import and the lookups over the Yomitan dictionaries alone.
 * `BENCH_DICTIONARY_ONLY=hover` runs the hovers alone, over the dictionaries BENCH_DICTIONARY_DATA kept from an earlier run;
 * `BENCH_HOVER_DUMP=1` prints each kind's slowest hovers.
 * `BENCH_HOVER_TRACE=<file.json>` writes a Chromium trace of the reader's word hovers (open it in
 * DevTools' Performance panel): where a hover's frame spends its time. `BENCH_HOVER_TRACE_OF=second|third|book`
 * traces that kind's hovers instead (the reader's words' second or third characters, the book page).
 * `BENCH_HOVER_TRACE_LIGHT=1` records fewer categories (no V8 sampling, no cc): the times less inflated;
 * `BENCH_HOVER_TRACE_CATS=a,b` records these categories instead.
 * `BENCH_HOVER_COUNTS=0` leaves out the counters (React's commit hook, DevTools' Performance domain): they
 * run in the page, inside the timed hovers (in runs of 2026-11-28 they did not change the times).
 * `BENCH_HOVER_KINDS=second,third` hovers only these kinds besides the reader's words (second, third, daily, held, rested, book).
 * `BENCH_CPU_SLOWDOWN=<n>` slows the page's CPU n times (DevTools' CPU throttling) for the hovers.
 * `BENCH_RSS_TRACE=<file.csv>` writes the import's memory samples (ms, RSS, V8 heap, buffers,
 * bytes read) to see where the peak is. The peak growth is the kernel's high-water mark
 * (VmHWM, reset just before the import), which also catches the peaks of synchronous SQLite
 * work that a timer cannot sample; the 20 ms samples are reported beside it.
 *
 * Then the hover popup in Chromium, on the built server (browser mode) reading that
 * database: from the Shift+mouse event (or the release of Shift pressed once) to the popup in the DOM and
 * painted, on the reader's words (first, second and third characters) and on other text on
 * screen (the daily sentence), all looked up ahead once the screen settles. The popup draws its
 * best entry in the hover's frame and its other entries in the next: "painted" is the first, a
 * row of its own gives when all its entries were painted, and another how many hovers had to ask
 * the server (the look-ahead had missed them).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { chromium, type CDPSession, type Locator, type Page, type Request } from '@playwright/test';
import iconv from 'iconv-lite';
import { DictionaryService, deinflect } from '../../electron/core/dictionary';
import type { WordRecord } from '../../electron/core/dictionary/records';
import { edictLine } from '../../electron/core/dictionary/textDictionary';
import { databaseByteCap } from '../../electron/core/dictionary/textCaps';
import { TAG_NAMES } from '../../electron/core/dictionary/tagNames';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../tests/support/chromium';
import { INFLECTION_CASES } from '../../tests/support/inflectionCases';
import { quietMachine } from '../support/quietMachine';
import { installCommitCounter, type CommitRecord } from '../support/reactCommits';
import { startServeChild } from '../support/serveChild';
import { round, summarize } from '../support/stats';
import type { BenchRow } from '../support/types';
import { sampleText } from './offline-analyzer';
import { writeJitendexLike, writeSmallDictionaries, yomitanImportRows } from '../support/yomitanBench';

const QUICK = process.env.BENCH_QUICK === '1';
const IMPORT_ONLY = process.env.BENCH_DICTIONARY_ONLY === 'import';
const DEINFLECT_ONLY = process.env.BENCH_DICTIONARY_ONLY === 'deinflect';
const LOOKUP_ONLY = process.env.BENCH_DICTIONARY_ONLY === 'lookup';
/** The Yomitan part alone: the generated Jitendex-shaped import and lookups over the Yomitan dictionaries (no EDICT, no Chromium). */
const YOMITAN_ONLY = process.env.BENCH_DICTIONARY_ONLY === 'yomitan';
/** Terms of the generated Jitendex-shaped dictionary. */
const YOMITAN_TERMS = QUICK ? 20_000 : 200_000;
const RSS_TRACE = process.env.BENCH_RSS_TRACE;
/** Where the imported dictionaries are kept for the next run, which reuses them rather than importing again (hovers measured sooner). */
const DATA_DIR = process.env.BENCH_DICTIONARY_DATA;
/** A Chromium trace of one kind of hovers (frames, style, layout, paint) written here; off when unset. */
const HOVER_TRACE = process.env.BENCH_HOVER_TRACE;
/** Which kind (`BENCH_HOVER_TRACE_OF`): the reader's words, their second or third characters, or the book page. */
const TRACE_KINDS = ['words', 'second', 'third', 'book'] as const;
const HOVER_TRACE_OF = TRACE_KINDS.find((k) => k === process.env.BENCH_HOVER_TRACE_OF) ?? 'words';
/** `BENCH_HOVER_TRACE_LIGHT=1`: fewer trace categories (no V8 sampling, no cc), the times less inflated. */
const HOVER_TRACE_LIGHT = process.env.BENCH_HOVER_TRACE_LIGHT === '1';
/** `BENCH_HOVER_TRACE_CATS=a,b`: these trace categories instead (e.g. `disabled-by-default-blink.debug` for CSS selector statistics). */
const HOVER_TRACE_CATS = process.env.BENCH_HOVER_TRACE_CATS?.split(',');
/** `BENCH_DICTIONARY_ONLY=hover` (with BENCH_DICTIONARY_DATA): the hovers alone, over the dictionaries of an earlier run. */
const HOVER_ONLY = process.env.BENCH_DICTIONARY_ONLY === 'hover';
/** `BENCH_HOVER_DUMP=1` prints each kind's slowest hovers: where their time went (event, in the DOM, painted). */
const HOVER_DUMP = process.env.BENCH_HOVER_DUMP === '1';
/** `BENCH_HOVER_KINDS=second,third`: only these kinds are hovered besides the reader's words (second, third, daily, held, rested, book). */
const HOVER_KINDS = process.env.BENCH_HOVER_KINDS ? new Set(process.env.BENCH_HOVER_KINDS.split(',')) : null;
/** `BENCH_HOVER_COUNTS=0`: no React commit hook and no DevTools counters (they run in the page, inside the timed hover). */
const HOVER_COUNTS = process.env.BENCH_HOVER_COUNTS !== '0';
const hovered = (kind: string) => !HOVER_KINDS || HOVER_KINDS.has(kind);
/** The page's CPU slowed this many times (DevTools' CPU throttling): how much margin the hover has on a slower machine. */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
if (!(CPU_SLOWDOWN >= 1)) throw new Error(`BENCH_CPU_SLOWDOWN must be a number ≥ 1, not ${process.env.BENCH_CPU_SLOWDOWN}`);
const EDICT = '/usr/share/edict/edict';
const IMPORT_TARGET_S = 60;
const RSS_TARGET_MB = 200;
const DB_TARGET_MB = 150;
const LOOKUP_P99_MS = 2;
const DEINFLECT_P99_MS = 0.2;
/** Rounds over every chain: the first warms the rules up (V8 compiles the hot path), the others are timed. */
const DEINFLECT_ROUNDS = QUICK ? 20 : 100;
const HOVER_TARGET_MS = 30;
const HOVERS = QUICK ? 10 : 30;
/**
 * Hovers timed for each kind: the places are hovered in turn, round and round, up to this many.
 * A p99 of 25 hovers is their slowest one; of 100 it is one in a hundred, as the target means it.
 */
const SAMPLES = Number(process.env.BENCH_HOVER_SAMPLES ?? (QUICK ? 10 : 100));
const REST_BEFORE_KEY_MS = 250;
const KEY_HELD_BEFORE_MS = 100;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** EDICT's lines as JMdict XML, with every tag code declared as an entity (as JMdict does). */
function edictAsJmdict(limit: number): { xml: Buffer; entries: number } {
  const lines = iconv.decode(fs.readFileSync(EDICT), 'euc-jp').split('\n').slice(1, limit + 1);
  const words: WordRecord[] = [];
  for (const l of lines) edictLine(l, { word: (w) => words.push(w) });
  const codes = new Set<string>();
  for (const w of words) for (const s of w.senses) for (const c of [...s.posCodes, ...s.miscCodes]) codes.add(c);
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE JMdict [\n'];
  for (const c of codes) parts.push(`<!ENTITY ${c} "${esc(TAG_NAMES[c] ?? c).replace(/"/g, "'")}">\n`);
  parts.push(']>\n<!-- JMdict created: 2021-02-03 -->\n<JMdict>\n');
  let seq = 1_000_000;
  for (const w of words) {
    parts.push(`<entry>\n<ent_seq>${w.id ?? seq++}</ent_seq>\n`);
    for (const k of w.kanji) parts.push(`<k_ele>\n<keb>${esc(k.text)}</keb>\n${k.score ? '<ke_pri>news1</ke_pri>\n' : ''}</k_ele>\n`);
    for (const r of w.readings) parts.push(`<r_ele>\n<reb>${esc(r.text)}</reb>\n${r.score ? '<re_pri>news1</re_pri>\n' : ''}</r_ele>\n`);
    for (const s of w.senses) {
      parts.push('<sense>\n');
      for (const c of s.posCodes) parts.push(`<pos>&${c};</pos>\n`);
      for (const c of s.miscCodes) parts.push(`<misc>&${c};</misc>\n`);
      for (const g of s.glosses) parts.push(`<gloss>${esc(g)}</gloss>\n`);
      parts.push('</sense>\n');
    }
    parts.push('</entry>\n');
  }
  parts.push('</JMdict>\n');
  return { xml: Buffer.from(parts.join('')), entries: words.length };
}

/** Inflected forms and words as a learner meets them: each looked up from its first character. */
const INFLECTED = ['食べた', '食べられなかった', '見せてくれる', '読みませんでした', '行ってしまった', '高くなかった', '勉強させられた', '来なかった', 'はし', 'コーヒー', '東京大学', '書かれている'];

/** CPU time of the calling thread in ms (Linux: /proc/thread-self/schedstat, nanoseconds on CPU); null elsewhere. */
function threadCpuMs(): number | null {
  try {
    return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** Wall time, the lookup thread's CPU time and the whole process's CPU time of each call. */
function timeLookups(texts: readonly string[], call: (text: string) => void) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const allThreads: number[] = [];
  const ownThread = threadCpuMs() !== null;
  for (const s of texts) {
    const c = process.cpuUsage();
    const own = threadCpuMs();
    const t = performance.now();
    call(s);
    wall.push(performance.now() - t);
    const ownAfter = threadCpuMs();
    const used = process.cpuUsage(c);
    const all = (used.user + used.system) / 1000;
    allThreads.push(all);
    cpu.push(own !== null && ownAfter !== null ? ownAfter - own : all);
  }
  return { wall: summarize(wall), cpu: summarize(cpu), allThreads: summarize(allThreads), ownThread };
}

/** The kernel's peak RSS of this process (VmHWM), in bytes; null where /proc is missing. */
function peakRss(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Starts the high-water mark over from the current RSS (Linux ≥ 4.0); false where that is not possible. */
function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * A full collection, so the input's construction garbage is not in the baseline (jiti runs
 * without --expose-gc); then a pause, as V8 sweeps and returns the freed pages on other threads
 * (without it, RSS fell by 30–40 MB below the baseline in the import's first milliseconds).
 */
async function collectGarbage(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  await new Promise((r) => setTimeout(r, 500));
}

/** The input as JMdict_e.gz comes: only the gzip stays in memory (the XML is garbage by the import). */
function gzippedInput(): { gz: Buffer; xmlMb: number; entries: number } {
  const { xml, entries } = edictAsJmdict(QUICK ? 20_000 : Infinity);
  return { gz: zlib.gzipSync(xml), xmlMb: xml.length / 2 ** 20, entries };
}

/** The import of EDICT-as-JMdict into `dir`: time, CPU, peak RSS growth (where it was), database size. */
async function importRows(dir: string): Promise<{ rows: BenchRow[]; dict: DictionaryService }> {
  const { gz, xmlMb, entries } = gzippedInput();
  let bytesRead = 0;
  const dict = new DictionaryService({ dir, downloadBase: 'http://127.0.0.1:9', onProgress: (p) => (bytesRead = p.done) });
  await collectGarbage();
  const rssBefore = process.memoryUsage().rss;
  const hwmReset = resetPeakRss();
  // Each sample: ms, RSS growth, V8 heap used, ArrayBuffers (Buffers) — MB — and bytes read.
  const trace: number[][] = [];
  let peak = rssBefore;
  let peakWhileReading = rssBefore;
  const t0 = performance.now();
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    if (bytesRead < gz.length) peakWhileReading = Math.max(peakWhileReading, m.rss);
    if (RSS_TRACE) trace.push([Math.round(performance.now() - t0), (m.rss - rssBefore) / 2 ** 20, m.heapUsed / 2 ** 20, m.arrayBuffers / 2 ** 20, bytesRead]);
  };
  const sampler = setInterval(sample, 20);
  const cpu0 = process.cpuUsage();
  const imported = await dict.importBuffer('JMdict_e.gz', gz);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  sample();
  const hwm = hwmReset ? peakRss() : null;
  if (RSS_TRACE) fs.writeFileSync(RSS_TRACE, `ms,rssGrowthMb,heapUsedMb,arrayBuffersMb,bytesRead\n${trace.map((r) => r.map((v) => round(v, 1)).join(',')).join('\n')}\n`);
  const dbMb = fs.statSync(dict.file).size / 2 ** 20;
  const sampledMb = (peak - rssBefore) / 2 ** 20;
  const rssMb = hwm === null ? sampledMb : (Math.max(hwm, peak) - rssBefore) / 2 ** 20;
  const rows: BenchRow[] = [
    { name: `input: EDICT as JMdict XML, entries`, value: entries, unit: 'entries' },
    { name: 'input size (XML / gzipped)', value: round(xmlMb, 1), unit: `MB (${round(gz.length / 2 ** 20, 1)} MB gz)` },
    { name: 'import time', value: round(seconds, 2), unit: 's', target: `≤ ${IMPORT_TARGET_S} s`, pass: seconds <= IMPORT_TARGET_S },
    // CPU time as well: on a shared, loaded machine the wall time says more about the neighbours.
    { name: 'import CPU time (user + system)', value: round((cpu.user + cpu.system) / 1e6, 2), unit: 's' },
    { name: `import peak RSS growth${hwm === null ? ' (sampled)' : ' (kernel high-water mark)'}`, value: round(rssMb, 1), unit: 'MB', target: `≤ ${RSS_TARGET_MB} MB`, pass: rssMb <= RSS_TARGET_MB },
    { name: '  of which sampled every 20 ms: while reading the file / overall', value: round((peakWhileReading - rssBefore) / 2 ** 20, 1), unit: `MB / ${round(sampledMb, 1)} MB` },
    { name: 'database size', value: round(dbMb, 1), unit: 'MB', target: `≤ ${DB_TARGET_MB} MB`, pass: dbMb <= DB_TARGET_MB },
    // The import ran under the text caps and this database cap (textCaps.ts): a real dictionary stays well inside it.
    { name: '  database cap for this input (64 MiB + 32 × gzipped bytes)', value: round(databaseByteCap(gz.length) / 2 ** 20, 1), unit: 'MB', target: '> database size', pass: databaseByteCap(gz.length) > dbMb * 2 ** 20 },
    { name: 'entries imported', value: imported.entries, unit: 'entries' },
  ];
  return { rows, dict };
}

/** Each chain the unit tests list, deinflected alone and timed call by call (no dictionary: the rules only). */
function deinflectionRows(): BenchRow[] {
  const texts = [...new Set(INFLECTION_CASES.map((c) => c.text))];
  for (const t of texts) deinflect(t);
  const times: number[] = [];
  const byText = texts.map(() => [] as number[]);
  let candidates = 0;
  for (let round = 0; round < DEINFLECT_ROUNDS; round++) {
    texts.forEach((t, i) => {
      const start = performance.now();
      candidates += deinflect(t).length;
      const ms = performance.now() - start;
      times.push(ms);
      byText[i]?.push(ms);
    });
  }
  const s = summarize(times);
  // The chain slowest at its median: the cost of its rules, not of a collection that fell on it.
  const slowest = texts.map((t, i) => ({ t, ms: summarize(byText[i] ?? []).median })).sort((a, b) => b.ms - a.ms)[0];
  return [
    { name: `deinflection: chains the unit tests list, timed ${DEINFLECT_ROUNDS} times each`, value: texts.length, unit: `chains, ${round(candidates / times.length, 1)} candidates each on average` },
    { name: 'deinflection p50', value: round(s.median, 4), unit: 'ms' },
    { name: 'deinflection p99', value: round(s.p99, 4), unit: 'ms', target: `≤ ${DEINFLECT_P99_MS} ms`, pass: s.p99 <= DEINFLECT_P99_MS },
    { name: `  slowest chain at its median: ${slowest?.t ?? ''}`, value: round(slowest?.ms ?? 0, 4), unit: 'ms' },
  ];
}

/** EDICT's headwords and readings (the generated Yomitan dictionaries' words, so lookups find them); none without EDICT. */
function edictWords(limit: number): { term: string; reading: string }[] {
  if (!fs.existsSync(EDICT)) return [];
  const out: { term: string; reading: string }[] = [];
  for (const l of iconv.decode(fs.readFileSync(EDICT), 'euc-jp').split('\n').slice(1, limit + 1)) {
    edictLine(l, { word: (w) => out.push({ term: w.kanji[0]?.text ?? w.readings[0]?.text ?? '', reading: w.readings[0]?.text ?? '' }) });
  }
  return out.filter((w) => w.term && w.reading);
}

/** The Yomitan dictionaries imported beside whatever `dict` has: the big one measured, the small ones after it. */
async function yomitanRows(dict: DictionaryService): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-yomitan-'));
  try {
    let words = edictWords(YOMITAN_TERMS);
    const big = path.join(tmp, 'jitendex-like.zip');
    writeJitendexLike(big, YOMITAN_TERMS, words);
    const small = writeSmallDictionaries(tmp, words);
    words = [];
    const rows = await yomitanImportRows(dict, big, {
      async before() {
        await collectGarbage();
        resetPeakRss();
        return process.memoryUsage().rss;
      },
      peak: (before) => Math.max(peakRss() ?? 0, process.memoryUsage().rss) - before,
    });
    for (const f of small) await dict.importFile(f);
    rows.push({ name: 'dictionaries enabled for the lookups', value: dict.list().filter((d) => d.enabled && d.kind !== 'kanjidic').length, unit: 'dictionaries' });
    return rows;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  if (DEINFLECT_ONLY) return deinflectionRows();
  if (!YOMITAN_ONLY && !fs.existsSync(EDICT)) throw new Error(`${EDICT} is missing: apt-get install edict`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-dict-'));
  try {
    // The dictionaries of an earlier run (BENCH_DICTIONARY_DATA): copied in, their imports not timed again.
    const reused = !!DATA_DIR && !IMPORT_ONLY && !YOMITAN_ONLY && fs.existsSync(path.join(DATA_DIR, 'dictionary.db'));
    if (reused) fs.cpSync(DATA_DIR!, dir, { recursive: true });
    const { rows, dict } =
      YOMITAN_ONLY || reused ? { rows: [] as BenchRow[], dict: new DictionaryService({ dir, downloadBase: 'http://127.0.0.1:9' }) } : await importRows(dir);
    if (!YOMITAN_ONLY && !reused) rows.push(...deinflectionRows());
    if (IMPORT_ONLY) {
      dict.close();
      return rows;
    }
    if (reused) rows.push({ name: `dictionaries of an earlier run (BENCH_DICTIONARY_DATA=${DATA_DIR}), imports not timed`, value: dict.list().filter((d) => d.enabled && d.kind !== 'kanjidic').length, unit: 'dictionaries' });
    else if (HOVER_ONLY) throw new Error('BENCH_DICTIONARY_ONLY=hover needs BENCH_DICTIONARY_DATA: the dictionaries of an earlier run');
    else {
      rows.push(...(await yomitanRows(dict)));
    }

    if (HOVER_ONLY) {
      dict.close();
      return [...rows, ...(await hoverPopupRows(dir))];
    }
    // Lookups as a hover makes them: from every character of everyday text, plus inflected forms.
    const text = sampleText(QUICK ? 500 : 3000);
    const starts = Array.from({ length: text.length }, (_, i) => text.slice(i, i + 24)).filter((s) => !/^[\s。、！？「」]/.test(s));
    for (const s of INFLECTED) starts.push(s);
    let found = 0;
    // The imports' garbage collected first, so that a collection of it is not timed as a lookup.
    await collectGarbage();
    const cold = timeLookups(starts, (s) => {
      if (dict.lookup(s).length) found++;
    });
    // Again: a hover over the same text (lookups of repeated prefixes are cached).
    const warm = timeLookups(starts, (s) => dict.lookup(s));
    rows.push(
      { name: `lookups (from each character of ${text.length} chars + ${INFLECTED.length} inflected)`, value: starts.length, unit: `lookups, ${found} found` },
      { name: 'lookup p50, first time', value: round(cold.wall.median, 3), unit: 'ms' },
      { name: 'lookup p99, first time', value: round(cold.wall.p99, 3), unit: 'ms', target: `≤ ${LOOKUP_P99_MS} ms`, pass: cold.wall.p99 <= LOOKUP_P99_MS },
      // CPU time per lookup: what the lookup costs, without the waits a loaded machine adds to the wall time.
      { name: `lookup p99 CPU time, first time${cold.ownThread ? ' (its thread)' : ''}`, value: round(cold.cpu.p99, 3), unit: 'ms', target: `≤ ${LOOKUP_P99_MS} ms`, pass: cold.cpu.p99 <= LOOKUP_P99_MS },
      // The process's CPU can exceed the wall time: V8 compiles the newly hot lookup code (TurboFan)
      // and scavenges on its own threads meanwhile, mostly during the first lookups.
      { name: 'lookup p99 CPU time of all threads, first time (with V8 compiling and collecting)', value: round(cold.allThreads.p99, 3), unit: 'ms' },
      { name: 'lookup p99, repeated', value: round(warm.wall.p99, 3), unit: 'ms', target: `≤ ${LOOKUP_P99_MS} ms`, pass: warm.wall.p99 <= LOOKUP_P99_MS },
      { name: `lookup p99 CPU time, repeated${warm.ownThread ? ' (its thread)' : ''}`, value: round(warm.cpu.p99, 3), unit: 'ms', target: `≤ ${LOOKUP_P99_MS} ms`, pass: warm.cpu.p99 <= LOOKUP_P99_MS },
      { name: 'lookup p99 CPU time of all threads, repeated', value: round(warm.allThreads.p99, 3), unit: 'ms' },
    );
    // EDICT has 食べられる as a word of its own (first); 食べる must be offered.
    const eat = dict.lookup('食べられなかった');
    if (!QUICK && !YOMITAN_ONLY && !eat.some((e) => e.kanji.includes('食べる'))) throw new Error('lookup check failed: 食べられなかった did not find 食べる');
    dict.close();
    // Closed first: the files are whole.
    if (DATA_DIR && !reused) fs.cpSync(dir, DATA_DIR, { recursive: true });
    if (LOOKUP_ONLY || YOMITAN_ONLY) return rows;
    // The import's and lookups' garbage collected before the browser is timed, not during it.
    await collectGarbage();
    rows.push(...(await hoverPopupRows(dir)));
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface HoverTiming {
  /** The hover's time stamp: the move's first event (the key held), or the Shift key's release when the pointer rested first and Shift was pressed once. */
  start: number;
  /** The Shift keydown just before a move (`moveHeld`): the harness's gap to the move is not the app's. */
  key: number | null;
  /** When the page's first listener got the event. */
  dispatched: number;
  /** The popup element appeared in the DOM. */
  inDom: number;
  /** The frame showing it was painted (next animation frame, then a task after it). */
  painted: number;
  /** The frame showing all its entries was painted (the popup draws its best entry first, the others a frame later). */
  whole: number;
  /** Elements in the popup once painted whole. */
  elements: number;
}

/** What the page's main thread did for one hover (Chromium's counters, CPU time of the thread: the load does not change them much). */
interface HoverWork {
  /** Main-thread CPU time, ms (DevTools' ThreadTime). */
  cpu: number;
  /** Of which running script, style recalculation and layout (thread time), ms. */
  script: number;
  style: number;
  layout: number;
  /** Style recalculations and layouts. */
  styles: number;
  layouts: number;
  /** React commits and components rendered (mounted included) between the move and the paint. */
  commits: number;
  components: number;
  /** Lookups the page asked the server for during the hover (none when it was looked up ahead). */
  asked: number;
}

/** Single lookups the page has asked the server for (`dictionary.lookup`: a hover the look-ahead missed). */
let lookupsAsked = 0;

/** The page's DevTools session with its counters on (thread time); set by hoverPopupRows. */
let metricsSession: CDPSession | null = null;

async function pageMetrics(): Promise<Record<string, number>> {
  if (!metricsSession) return {};
  const { metrics } = await metricsSession.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

/** The hover's work from the counters before and after it, and React's commits between its start and its paint. */
async function hoverWork(page: Page, before: Record<string, number>, t: HoverTiming, askedBefore: number): Promise<HoverWork> {
  const after = await pageMetrics();
  const d = (k: string, scale = 1) => ((after[k] ?? 0) - (before[k] ?? 0)) * scale;
  const commits = await page.evaluate(([from, to]) => {
    const cs = ((window as unknown as { __commits?: CommitRecord[] }).__commits ?? []).filter((c) => c.t >= from && c.t <= to);
    (window as unknown as { __commits?: CommitRecord[] }).__commits?.splice(0);
    return { n: cs.length, components: cs.reduce((n, c) => n + c.rendered + c.mounted, 0) };
  }, [t.start, t.whole] as const);
  return {
    cpu: d('ThreadTime', 1000),
    script: d('ScriptDuration', 1000),
    style: d('RecalcStyleDuration', 1000),
    layout: d('LayoutDuration', 1000),
    styles: d('RecalcStyleCount'),
    layouts: d('LayoutCount'),
    commits: commits.n,
    components: commits.components,
    asked: lookupsAsked - askedBefore,
  };
}

/** The times, from the event, of the hovers that opened a popup. */
class HoverTimes {
  readonly painted: number[] = [];
  readonly whole: number[] = [];
  readonly inDom: number[] = [];
  readonly dispatch: number[] = [];
  /** From the Shift keydown that came just before the move (`moveHeld` only). */
  readonly fromKey: number[] = [];
  readonly work: HoverWork[] = [];
  readonly elements: number[] = [];
  /** Keeps a hover's times; nothing for one that opened no popup. */
  add(hover: { timing: HoverTiming; work: HoverWork } | null | undefined): void {
    if (!hover) return;
    const t = hover.timing;
    this.work.push(hover.work);
    this.elements.push(t.elements);
    this.painted.push(t.painted - t.start);
    this.whole.push(t.whole - t.start);
    this.inDom.push(t.inDom - t.start);
    this.dispatch.push(t.dispatched - t.start);
    if (t.key !== null) this.fromKey.push(t.painted - t.key);
  }
}

/** How the key and the pointer come together (see hoverOnce). */
type HoverHow = 'moveHeld' | 'restThenKey' | 'keyHeldBefore';

/**
 * One hover of a word, timed inside the page; undefined when no popup opened.
 * `moveHeld`: Shift goes down, then the pointer moves onto the word (timed from the move's first event).
 * `restThenKey`: the pointer rests on the word, then Shift is pressed once (timed from its release: a press alone
 *   looks up when it ends, as a Shift that a click or key follows is theirs, not a lookup).
 * `keyHeldBefore`: Shift went down a while before the pointer moves onto the word (timed from the move's first event).
 * A hover is the pointer arriving on the word with the key down: in `moveHeld` the time between
 * the keydown and the move is the harness's (a round trip to the browser), kept apart in `key`.
 */
async function hoverOnce(page: Page, x: number, y: number, how: HoverHow = 'moveHeld'): Promise<{ timing: HoverTiming; work: HoverWork } | undefined> {
  if (how === 'keyHeldBefore') {
    await page.keyboard.down('Shift');
    await page.waitForTimeout(KEY_HELD_BEFORE_MS);
  }
  if (how === 'restThenKey') {
    await page.mouse.move(x, y);
    // A learner's pointer rests on the word for a moment before the key goes down.
    await page.waitForTimeout(REST_BEFORE_KEY_MS);
  }
  await page.evaluate((fromTap) => {
    const w = window as unknown as { __hover?: Promise<HoverTiming | null> };
    w.__hover = new Promise((resolve) => {
      let start: number | null = null;
      let key: number | null = null;
      let dispatched = 0;
      const onInput = (e: MouseEvent | KeyboardEvent) => {
        if (start !== null) return;
        // A press of Shift alone over the word looks up when it is released.
        if (e.type === 'keyup') {
          if (!fromTap || (e as KeyboardEvent).key !== 'Shift') return;
        } else if (!e.shiftKey || e.type === 'keydown') {
          if (e.type === 'keydown' && !fromTap) key ??= e.timeStamp;
          return;
        }
        start = e.timeStamp;
        dispatched = performance.now();
      };
      // The move's first event is pointerrawupdate (as the input arrives), mousemove comes with the next frame.
      window.addEventListener('pointerrawupdate', onInput as EventListener, { capture: true });
      window.addEventListener('mousemove', onInput, { capture: true });
      window.addEventListener('keydown', onInput, { capture: true });
      window.addEventListener('keyup', onInput, { capture: true });
      const done = (t: HoverTiming | null) => {
        window.removeEventListener('pointerrawupdate', onInput as EventListener, { capture: true });
        window.removeEventListener('mousemove', onInput, { capture: true });
        window.removeEventListener('keydown', onInput, { capture: true });
        window.removeEventListener('keyup', onInput, { capture: true });
        observer.disconnect();
        resolve(t);
      };
      const observer = new MutationObserver(() => {
        if (start === null || !document.querySelector('[data-testid="dict-popup"]')) return;
        observer.disconnect();
        const inDom = performance.now();
        const s = start;
        const afterPaint = (then: (at: number) => void) => requestAnimationFrame(() => setTimeout(() => then(performance.now()), 0));
        const popup = () => document.querySelector<HTMLElement>('[data-testid="dict-popup"]');
        afterPaint((painted) => {
          const finish = (whole: number) => done({ start: s, key, dispatched, inDom, painted, whole, elements: popup()?.querySelectorAll('*').length ?? 0 });
          if (popup()?.dataset.complete !== 'false') return finish(painted);
          // Its other entries, drawn a frame later.
          const rest = new MutationObserver(() => {
            if (popup()?.dataset.complete === 'false') return;
            rest.disconnect();
            afterPaint(finish);
          });
          rest.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-complete'], childList: true });
        });
      });
      observer.observe(document.body, { childList: true, subtree: true });
      setTimeout(() => done(null), 3000);
    });
  }, how === 'restThenKey');
  const before = await pageMetrics();
  const askedBefore = lookupsAsked;
  if (how === 'restThenKey') await page.keyboard.press('Shift');
  else if (how !== 'keyHeldBefore') await page.keyboard.down('Shift');
  if (how !== 'restThenKey') await page.mouse.move(x, y);
  const timing = await page.evaluate(() => (window as unknown as { __hover: Promise<HoverTiming | null> }).__hover);
  const work = timing ? await hoverWork(page, before, timing, askedBefore) : null;
  await page.keyboard.up('Shift');
  await page.mouse.move(2, 2);
  await page.locator('[data-testid="dict-popup"]').waitFor({ state: 'detached', timeout: 5000 });
  return timing && work ? { timing, work } : undefined;
}

/** Hovers the places in turn, round and round, until SAMPLES popups are timed; stops after a round that opened none. */
async function hoverRounds(page: Page, places: readonly { x: number; y: number }[], times: HoverTimes, how: HoverHow = 'moveHeld'): Promise<void> {
  while (times.painted.length < SAMPLES) {
    const before = times.painted.length;
    for (const at of places) {
      if (times.painted.length >= SAMPLES) break;
      times.add(await hoverOnce(page, at.x, at.y, how));
    }
    if (times.painted.length === before) break;
  }
}

/** The middle of the character after the one at (x, y), within the same word of the reader; null for a one-character word. */
function secondCharOfWord(page: Page, x: number, y: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    ([px, py]) => {
      const pos = (document as Document & { caretPositionFromPoint(x: number, y: number): { offsetNode: Node; offset: number } | null }).caretPositionFromPoint(px, py);
      if (!pos || pos.offsetNode.nodeType !== Node.TEXT_NODE) return null;
      let node = pos.offsetNode as Text;
      const rectOf = (n: Text, i: number) => {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        return r.getBoundingClientRect();
      };
      const inside = (r: DOMRect) => px >= r.left && px <= r.right && py >= r.top && py <= r.bottom;
      let i = pos.offset;
      if (!(i < node.data.length && inside(rectOf(node, i)))) i -= 1;
      if (i < 0) return null;
      let next = i + 1;
      if (next >= node.data.length) {
        const word = node.parentElement?.closest('[data-s]');
        if (!word) return null;
        const walker = document.createTreeWalker(word, NodeFilter.SHOW_TEXT, {
          acceptNode: (n) => (n.parentElement?.closest('rt, rp') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
        });
        walker.currentNode = node;
        const after = walker.nextNode() as Text | null;
        if (!after) return null;
        node = after;
        next = 0;
      }
      const r = rectOf(node, next);
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    [x, y] as const,
  );
}

/** A kind of hover's rows: in the DOM p50, painted p50 and p99 (the target's); none when none was timed. */
function hoverRows(label: string, times: HoverTimes): BenchRow[] {
  const { painted, inDom } = times;
  // None timed is a failure of its own, not a row left out.
  if (painted.length === 0) return [{ name: `hover on ${label}: no popup timed`, value: 0, unit: 'hovers', target: '≥ 1', pass: false }];
  const c = summarize(painted);
  if (HOVER_DUMP) dumpSlowest(label, times);
  return [
    { name: `hover on ${label} → in the DOM, p50`, value: round(summarize(inDom).median, 1), unit: `ms (${painted.length} hovers)` },
    { name: `hover on ${label} → painted, p50`, value: round(c.median, 1), unit: 'ms', target: `≤ ${HOVER_TARGET_MS} ms`, pass: c.median <= HOVER_TARGET_MS },
    { name: `hover on ${label} → painted, p99`, value: round(c.p99, 1), unit: 'ms', target: `≤ ${HOVER_TARGET_MS} ms`, pass: c.p99 <= HOVER_TARGET_MS },
    ...wholeAndAskedRows(`hover on ${label}`, times),
    ...workRows(`hover on ${label}`, times),
  ];
}

/** When the popup had all its entries on screen, and how many hovers had to ask the server (the look-ahead had missed them). */
function wholeAndAskedRows(label: string, times: HoverTimes): BenchRow[] {
  const whole = summarize(times.whole);
  return [
    { name: `${label} → all its entries painted (a frame after its best), p50 / p99`, value: round(whole.median, 1), unit: `ms / ${round(whole.p99, 1)} ms` },
    { name: `${label}: hovers that asked the server (not looked up ahead)`, value: times.work.filter((w) => w.asked > 0).length, unit: `of ${times.work.length}` },
  ];
}

/** What a popup is made of: its elements by tag and class (BENCH_HOVER_DUMP). */
async function dumpPopup(page: Page, x: number, y: number): Promise<void> {
  await page.keyboard.down('Shift');
  await page.mouse.move(x, y);
  const popup = page.locator('[data-testid="dict-popup"]');
  await popup.waitFor();
  const parts = await popup.evaluate((el) => {
    const n: Record<string, number> = {};
    for (const e of el.querySelectorAll('*')) {
      const k = `${e.tagName.toLowerCase()}${e.classList.length ? '.' + [...e.classList].join('.') : ''}`;
      n[k] = (n[k] ?? 0) + 1;
    }
    return Object.entries(n).sort((a, b) => b[1] - a[1]);
  });
  console.log(`a popup's elements (${parts.reduce((s, [, c]) => s + c, 0)}):`, parts.map(([k, c]) => `${k} ${c}`).join(', '));
  await page.keyboard.up('Shift');
  await page.mouse.move(2, 2);
  await popup.waitFor({ state: 'detached' });
}

/** The kind's five slowest hovers, each as event → first listener → in the DOM → painted, and its main thread's work. */
function dumpSlowest(label: string, times: HoverTimes): void {
  const order = times.painted.map((ms, i) => ({ ms, i })).sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`slowest hovers on ${label}:`);
  for (const { ms, i } of order) {
    const w = times.work[i]!;
    console.log(`  #${i} painted ${round(ms, 1)} ms; listener ${round(times.dispatch[i]!, 1)}, in the DOM ${round(times.inDom[i]!, 1)}; cpu ${round(w.cpu, 1)} (script ${round(w.script, 1)}, style ${round(w.style, 1)}×${w.styles}, layout ${round(w.layout, 1)}×${w.layouts}); commits ${w.commits}/${w.components}; lookups asked ${w.asked}`);
  }
}

/** What a kind of hover cost the page's main thread (counts and thread time: independent of the load, unlike the wall times). */
function workRows(label: string, { work, elements }: HoverTimes): BenchRow[] {
  // Without the counters (BENCH_HOVER_COUNTS=0) there is nothing to report.
  if (!HOVER_COUNTS) return [];
  if (!work.length) return [];
  const med = (f: (w: HoverWork) => number) => round(summarize(work.map(f)).median, 2);
  const p99 = (f: (w: HoverWork) => number) => round(summarize(work.map(f)).p99, 2);
  return [
    { name: `${label}: main-thread CPU per hover (thread time), p50 / p99`, value: med((w) => w.cpu), unit: `ms / ${p99((w) => w.cpu)} ms` },
    { name: `${label}: of which script / style / layout, p50`, value: med((w) => w.script), unit: `ms / ${med((w) => w.style)} ms / ${med((w) => w.layout)} ms` },
    { name: `${label}: style recalculations / layouts per hover, p50`, value: med((w) => w.styles), unit: `/ ${med((w) => w.layouts)} (p99 ${p99((w) => w.styles)} / ${p99((w) => w.layouts)})` },
    { name: `${label}: React commits / components rendered per hover, p50`, value: med((w) => w.commits), unit: `/ ${med((w) => w.components)} (p99 ${p99((w) => w.commits)} / ${p99((w) => w.components)})` },
    { name: `${label}: elements in the popup, p50`, value: round(summarize(elements).median, 0), unit: 'elements' },
  ];
}

/**
 * The middles of the characters of the text in `target` (kana and kanji, furigana and buttons
 * skipped) that are in view: at most `limit`, spread evenly over them.
 */
function charsIn(target: Locator, limit: number): Promise<{ x: number; y: number }[]> {
  return target.evaluate((root, max) => {
    const all: { x: number; y: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement?.closest('rt, rp, button') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      for (let i = 0; i < n.data.length; i++) {
        if (!/[\u3040-\u30ff\u4e00-\u9fff]/.test(n.data[i]!)) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const b = r.getBoundingClientRect();
        if (b.height > 0 && b.top > 0 && b.bottom < window.innerHeight - 60 && b.left > 0 && b.right < window.innerWidth) all.push({ x: b.left + b.width / 2, y: b.top + b.height / 2 });
      }
    }
    const step = Math.max(1, all.length / max);
    return Array.from({ length: Math.min(max, all.length) }, (_, i) => all[Math.floor(i * step)]!);
  }, limit);
}

/**
 * The sample text analysed (no key: the offline analysis is all there is) and the reader scrolled
 * to the middle of the window, as many of its words in view as a learner reading it sees, its
 * look-ahead after the scroll done.
 */
async function analysedInView(page: Page): Promise<void> {
  await page.locator('#reader-input').fill(sampleText(400));
  await page.getByTestId('analyze').click();
  await page.locator('[data-testid="analysis-status"]:is([data-state="done"], [data-state="offline-only"], [data-state="no-key"])').waitFor({ timeout: 180_000 });
  await page.getByTestId('reading-view').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await lookAheadDone(page);
}

/** The page loaded again: nothing cached in the renderer. */
async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await page.locator('.app[data-loaded="true"]').waitFor({ timeout: 60_000 });
}

/** The daily sentence's characters, scrolled into view once the look-ahead after the scroll is done: at most `limit`. */
async function dailyChars(page: Page, limit: number): Promise<{ x: number; y: number }[]> {
  const sentence = page.getByTestId('daily-card').locator('p.reading-text').first();
  const target = (await sentence.count()) ? sentence : page.getByTestId('daily-card');
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await lookAheadDone(page);
  return charsIn(target, limit);
}

/** The look-ahead after the screen settled is done (no lookups asked or pending for a second), and the machine quiet. */
async function lookAheadDone(page: Page): Promise<void> {
  let pending = 0;
  let last = Date.now();
  const isLookAhead = (r: Request) => r.url().endsWith('/rpc/dictionary.lookupMany');
  const asked = (r: Request) => {
    if (!isLookAhead(r)) return;
    pending++;
    last = Date.now();
  };
  const answered = (r: Request) => {
    if (!isLookAhead(r)) return;
    pending = Math.max(0, pending - 1);
    last = Date.now();
  };
  page.on('request', asked);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  try {
    while (pending > 0 || Date.now() - last < 1000) await page.waitForTimeout(100);
  } finally {
    page.off('request', asked);
    page.off('requestfinished', answered);
    page.off('requestfailed', answered);
  }
  await quietMachine();
}

/** A book of `chars` characters imported through the server and opened in vertical writing at its first page, its look-ahead done. */
async function openBook(page: Page, serverUrl: string, chars: number): Promise<Locator> {
  const res = await fetch(`${serverUrl}/rpc/books.import`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify([{ name: 'bench-book.txt', dataBase64: Buffer.from(sampleText(chars)).toString('base64') }]),
  });
  if (!res.ok) throw new Error(`books.import: ${res.status} ${await res.text()}`);
  await page.evaluate(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'vertical', fontSize: 20, lineHeight: 1.9 })));
  await reloadApp(page);
  await page.getByTestId('nav-books').click();
  await page.getByTestId('book-card').first().getByRole('button').first().click();
  // The page's furigana: its words are in.
  await page.locator('.book-paragraph rt').first().waitFor({ state: 'attached', timeout: 180_000 });
  await page.mouse.move(2, 2);
  await page.waitForTimeout(500);
  await lookAheadDone(page);
  return page.getByTestId('book-reader');
}

/** The hover popup on screen: Chromium on the built server, reading the database imported above. */
async function hoverPopupRows(dataDir: string): Promise<BenchRow[]> {
  // The server reads the imported dictionary.db where this suite built it.
  const server = await startServeChild({ APP_DATA_DIR: dataDir, OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/none' });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    page.on('request', (r) => void (r.url().endsWith('/rpc/dictionary.lookup') && lookupsAsked++));
    // React's commits counted (a DevTools hook installed before React loads).
    if (HOVER_COUNTS) await page.addInitScript(installCommitCounter, 'dict-popup');
    const cdp = await page.context().newCDPSession(page);
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The page's counters, their durations in the main thread's CPU time.
    if (HOVER_COUNTS) {
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      metricsSession = cdp;
    }
    /** Runs the hovers of one kind, in a Chromium trace when BENCH_HOVER_TRACE asks for that kind. */
    const traced = async (kind: typeof HOVER_TRACE_OF, hovers: () => Promise<void>) => {
      if (!HOVER_TRACE || kind !== HOVER_TRACE_OF) return hovers();
      const categories = HOVER_TRACE_CATS ?? (HOVER_TRACE_LIGHT ? ['devtools.timeline', 'blink', 'v8'] : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'input', 'disabled-by-default-v8.cpu_profiler', 'v8.execute']);
      await browser.startTracing(page, { path: HOVER_TRACE, categories });
      await hovers();
      await browser.stopTracing();
    };
    await page.goto(server.url);
    await page.locator('.app[data-loaded="true"]').waitFor({ timeout: 60_000 });
    await analysedInView(page);
    const words = page.getByTestId('reading-view').getByRole('button');
    // The reader scrolls inside its own box: a word below it is clipped, not on screen.
    const view = (await page.getByTestId('reading-view').boundingBox()) ?? { y: 0, height: 780 };
    const boxes = [];
    for (let i = 0; i < (await words.count()) && boxes.length < HOVERS + 1; i++) {
      const b = await words.nth(i).boundingBox();
      const name = (await words.nth(i).textContent()) ?? '';
      // Words, not punctuation; fully in view.
      if (!b || !(b.y > Math.max(0, view.y) && b.y + b.height < Math.min(780, view.y + view.height) && /[\u3040-\u30ff\u4e00-\u9fff]{2}/.test(name))) continue;
      // Not under the app's header either: the hover's point is on the word itself.
      if (await words.nth(i).evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x, y)), [b.x + 4, b.y + b.height - 6] as const)) boxes.push(b);
    }
    // The first hover of the page: timed on its own.
    const first = boxes.length ? await hoverOnce(page, boxes[0]!.x + 4, boxes[0]!.y + boxes[0]!.height - 6) : undefined;
    if (HOVER_DUMP && boxes[1]) await dumpPopup(page, boxes[1].x + 4, boxes[1].y + boxes[1].height - 6);
    const wordsAt = boxes.slice(1).map((b) => ({ x: b.x + 4, y: b.y + b.height - 6 }));
    const onWords = new HoverTimes();
    // No popup: not in the dictionary (BENCH_QUICK imports a part of it).
    await traced('words', () => hoverRounds(page, wordsAt, onWords));
    const { painted, inDom, dispatch } = onWords;
    if (painted.length === 0) throw new Error('hover check failed: no popup opened');
    // The reader looks its words up ahead from their first character, then from their second,
    // then from their later ones (a call each).
    const second = new HoverTimes();
    const third = new HoverTimes();
    const cold = new HoverTimes();
    const secondAt: { x: number; y: number }[] = [];
    const thirdAt: { x: number; y: number }[] = [];
    for (const w of wordsAt) {
      const at = await secondCharOfWord(page, w.x, w.y);
      if (!at) continue;
      secondAt.push(at);
      const next = await secondCharOfWord(page, at.x, at.y);
      if (next) thirdAt.push(next);
    }
    if (hovered('second')) await traced('second', () => hoverRounds(page, secondAt, second));
    if (hovered('third')) await traced('third', () => hoverRounds(page, thirdAt, third));
    // The other way a learner hovers: point first, then press the key. In a fresh page: the
    // renderer keeps the lookups answered above.
    if (hovered('daily')) {
      await reloadApp(page);
      // Text on screen other than the reader's words: the daily sentence on the start page, looked up
      // ahead from each character (nearest the pointer first) once it settles, hovered from each character.
      await hoverRounds(page, await dailyChars(page, HOVERS), cold);
    }
    const held = new HoverTimes();
    if (hovered('held')) {
      // The same in a fresh page (nothing cached in the renderer), with Shift down well before the move.
      await reloadApp(page);
      await hoverRounds(page, await dailyChars(page, HOVERS), held, 'keyHeldBefore');
    }
    const restedTimes = new HoverTimes();
    if (hovered('rested')) {
      // Back where the reader's words were measured.
      await page.evaluate(() => document.scrollingElement?.scrollTo(0, 0));
      await analysedInView(page);
      await hoverRounds(page, wordsAt, restedTimes, 'restThenKey');
    }
    const { painted: rested, inDom: restedInDom, dispatch: restedDispatch } = restedTimes;
    // Of which the lookup's round trip to the server (HTTP here, IPC in Electron), for the same words.
    const roundTrips = await page.evaluate(async (texts) => {
      const out: number[] = [];
      for (const text of texts) {
        const t0 = performance.now();
        const res = await fetch('/rpc/dictionary.lookup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([text]) });
        await res.json();
        if (res.ok) out.push(performance.now() - t0);
      }
      return out;
    }, [...sampleText(400).matchAll(/[\u4e00-\u9fff][\u3040-\u30ff\u4e00-\u9fff]{1,5}/g)].slice(0, 30).map((m) => m[0]));
    // A book's page in vertical writing (some 650 characters on screen): its text is looked up ahead
    // like the daily sentence, nearest the pointer first; hovered all over the page.
    const onBook = new HoverTimes();
    if (hovered('book')) {
      const bookPage = await openBook(page, server.url, 20_000);
      const bookChars = await charsIn(bookPage, HOVERS);
      await traced('book', () => hoverRounds(page, bookChars, onBook));
    }
    const p = summarize(painted);
    const d = summarize(inDom);
    const rows: BenchRow[] = [
      { name: `hovers timed on the reader's words (${wordsAt.length} words in view, hovered in turn)`, value: painted.length, unit: 'hovers' },
      { name: 'hover onto a word, Shift held → popup in the DOM, p50', value: round(d.median, 1), unit: 'ms' },
      { name: 'hover onto a word, Shift held → popup painted, p50', value: round(p.median, 1), unit: 'ms', target: `≤ ${HOVER_TARGET_MS} ms`, pass: p.median <= HOVER_TARGET_MS },
      { name: 'hover onto a word, Shift held → popup painted, p99', value: round(p.p99, 1), unit: 'ms', target: `≤ ${HOVER_TARGET_MS} ms`, pass: p.p99 <= HOVER_TARGET_MS },
      ...wholeAndAskedRows('hover onto a word', onWords),
      ...workRows('hover onto a word', onWords),
    ];
    if (HOVER_DUMP) dumpSlowest("the reader's words", onWords);
    if (CPU_SLOWDOWN > 1) rows.unshift({ name: "page's CPU slowed (BENCH_CPU_SLOWDOWN, DevTools' throttling)", value: CPU_SLOWDOWN, unit: '×' });
    rows.push({ name: 'of which: input event to its first listener (the browser), p50', value: round(summarize(dispatch).median, 1), unit: 'ms' });
    if (onWords.fromKey.length) {
      const k = summarize(onWords.fromKey);
      rows.push({ name: "the same timed from the Shift keydown before the move (the harness's gap to the move included), p50 / p99", value: round(k.median, 1), unit: `ms / ${round(k.p99, 1)} ms` });
    }
    const kinds: [string, string, HoverTimes][] = [
      ['second', `a word's second character (looked up ahead after the first ones)`, second],
      ['third', `a word's third character (looked up ahead after the second ones)`, third],
      ['daily', `the daily sentence (other text on screen, looked up ahead)`, cold],
      ['held', `the daily sentence, Shift down ${KEY_HELD_BEFORE_MS} ms before the move (timed from the move)`, held],
      ['book', `a book's page in vertical writing (other text on screen, looked up ahead)`, onBook],
    ];
    for (const [kind, label, times] of kinds) if (hovered(kind)) rows.push(...hoverRows(label, times));
    if (rested.length) {
      const r = summarize(rested);
      rows.push(
        { name: `pointer rests on the word ${REST_BEFORE_KEY_MS} ms, then Shift pressed once → popup painted (from its release), p50`, value: round(r.median, 1), unit: 'ms', target: `≤ ${HOVER_TARGET_MS} ms`, pass: r.median <= HOVER_TARGET_MS },
        { name: `pointer rests on the word ${REST_BEFORE_KEY_MS} ms, then Shift pressed once → popup painted (from its release), p99`, value: round(r.p99, 1), unit: 'ms', target: `≤ ${HOVER_TARGET_MS} ms`, pass: r.p99 <= HOVER_TARGET_MS },
        { name: 'of which: Shift keyup to its first listener, then to the popup in the DOM, p50', value: round(summarize(restedDispatch).median, 1), unit: `ms, then ${round(summarize(restedInDom).median, 1)} ms` },
        ...workRows('pointer rests, then Shift', restedTimes),
      );
    }
    if (roundTrips.length) rows.push({ name: 'of which: lookup round trip page → server → page, p50', value: round(summarize(roundTrips).median, 1), unit: 'ms' });
    if (first) {
      rows.push(
        { name: 'hover → popup painted, first hover of the page', value: round(first.timing.painted - first.timing.start, 1), unit: 'ms' },
        { name: 'first hover of the page: main-thread CPU (thread time), script', value: round(first.work.cpu, 2), unit: `ms, ${round(first.work.script, 2)} ms` },
      );
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
