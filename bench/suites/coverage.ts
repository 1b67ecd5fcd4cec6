/**
 * Coverage benchmark (issue 26): a book the size of 吾輩は猫である (about 320,000 characters,
 * generated with a varied vocabulary) measured from scratch (tokenized, keyed, indexed, stored,
 * loaded into the coverage worker, figures), again after one status change (the incremental
 * path), and after a restart (the index read back from SQLite). The analyzer is loaded
 * beforehand and its load reported apart: it is shared with everything else. Words are keyed as
 * the app keys them: the learner's readings checked, and normalised to the headwords of the
 * offline dictionary (Debian's EDICT when installed, imported before the clock starts; the row
 * "dictionary" says which).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAnalyzer } from '../../electron/core/analyzer/analyzer';
import { BookStore } from '../../electron/core/books/bookStore';
import { CoverageCache } from '../../electron/core/coverage/coverageCache';
import { CoverageService } from '../../electron/core/coverage/coverageService';
import { CoverageWorker } from '../../electron/core/coverage/coverageWorker';
import { DictionaryService } from '../../electron/core/dictionary';
import { WordKnowledge } from '../../electron/core/knowledge/wordKnowledge';
import { openDatabase } from '../../electron/core/store/database';
import { WordIdentity } from '../../electron/core/words/wordIdentity';
import { ReadingCorrections } from '../../electron/core/readings/readingCorrections';
import { TokenReadings } from '../../electron/core/readings/tokenReadings';
import type { BenchRow } from '../support/types';
import { percentile } from '../support/stats';
import { sampleText } from './offline-analyzer';

const NOVEL_CHARS = 320_000;
const SCRATCH_TARGET_MS = 5_000;
const CHANGE_TARGET_MS = 200;
const PREBUILT_DIR = path.resolve(import.meta.dirname, '../../out/analyzer');
/** Debian's `edict` package: the offline dictionary the words are normalised by, as in the app. */
const EDICT = '/usr/share/edict/edict';

/** Common kanji: two of them make a noun the analyzer keys as a word (or two), so the book has thousands of different words. */
const KANJI = '日本人年大中国出上生子分行時前方後地会自者手事見気入間家学先来長明目自話高社金新外物界心動力文業法作意思政定田体感小通理実現名強立野開全発市次相多関書経月代';

function novel(chars: number): string[][] {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  const pick = () => KANJI[Math.floor(rand() * KANJI.length)]!;
  const base = sampleText(chars).split('\n\n').filter(Boolean);
  // Into each paragraph, a sentence about a made-up compound: the long tail of rare words a novel has.
  const paragraphs: string[] = [];
  let total = 0;
  for (const p of base) {
    if (total >= chars) break;
    const text = `${pick()}${pick()}の${pick()}${pick()}について考えた。${p}`.slice(0, chars - total);
    paragraphs.push(text);
    total += text.length;
  }
  const chapters: string[][] = [];
  for (let i = 0; i < paragraphs.length; i += 200) chapters.push(paragraphs.slice(i, i + 200));
  return chapters;
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-coverage-'));
  const analyzer = createAnalyzer({ prebuiltDir: PREBUILT_DIR, cacheDir: path.join(dir, 'analyzer') });
  const worker = new CoverageWorker();
  const { db } = openDatabase({ dir });
  try {
    const ready = await analyzer.ready();
    const dictionary = new DictionaryService({ dir, downloadBase: 'http://127.0.0.1:9' });
    const installed = existsSync(EDICT) ? await dictionary.importBuffer('edict', readFileSync(EDICT)).then(() => true, () => false) : false;
    const corrections = new ReadingCorrections(db, () => undefined);
    const words = new WordIdentity({ analyzer, dictionary, readings: new TokenReadings({ dictionary, corrections }) });
    const books = new BookStore(db, dir);
    const chapters = novel(NOVEL_CHARS);
    const imported = books.add(
      { format: 'text', title: '吾輩は猫である（生成）', author: '', images: [], chapters: chapters.map((c, i) => ({ title: `第${i + 1}章`, paragraphs: c.map((text) => ({ text })) })) },
      { name: 'neko.txt', data: Buffer.from('x') },
    );
    const chars = imported.chapters.reduce((n, c) => n + c.chars, 0);
    const knowledge = new WordKnowledge(db);
    const service = () => new CoverageService({ words, books, statuses: knowledge, worker, cache: new CoverageCache(db) });

    // A learner who knows the common words: the 300 most frequent of this text, learnt beforehand (read from an earlier pass).
    const probe = service();
    const first = await probe.book(imported.id);
    probe.close();
    knowledge.setStatus(first.unknown.slice(0, 300).map((w) => ({ term: w.term, reading: w.reading, status: 'known' as const })), 'mark');
    db.prepare('DELETE FROM book_coverage').run();

    const s = service();
    let t = performance.now();
    const scratch = await s.book(imported.id);
    const scratchMs = performance.now() - t;

    // One status change, then the figures again: alternately learning and forgetting a mid-frequency word.
    const changes: number[] = [];
    const word = scratch.unknown[Math.min(50, scratch.unknown.length - 1)]!;
    for (let i = 0; i < 21; i++) {
      t = performance.now();
      knowledge.setStatus([{ term: word.term, reading: word.reading, status: i % 2 === 0 ? 'known' : 'new' }], 'mark');
      await s.book(imported.id);
      changes.push(performance.now() - t);
    }
    s.close();

    // A restart: the index comes from SQLite, the statuses from the store.
    const restarted = service();
    t = performance.now();
    await restarted.book(imported.id);
    const cachedMs = performance.now() - t;
    restarted.close();

    changes.sort((a, b) => a - b);
    // What of "from scratch" is the analyzer's own work (tokenizing, in its worker).
    t = performance.now();
    for (const c of chapters) await analyzer.tokenize(c.join('\n'));
    const tokenizeMs = performance.now() - t;

    const change50 = percentile(changes, 50);
    const change95 = percentile(changes, 95);
    return [
      { name: `book size (dictionary: ${installed ? `EDICT, ${dictionary.status().entries} entries` : 'none'})`, value: chars, unit: 'characters' },
      { name: 'counted words (tokens)', value: scratch.tokens, unit: 'tokens' },
      { name: 'unique unknown words', value: scratch.uniqueUnknown, unit: 'words' },
      { name: 'known', value: Math.round(scratch.percent * 10) / 10, unit: '%' },
      { name: 'i+1 sentences', value: scratch.iPlusOne.length, unit: 'sentences' },
      { name: 'analyzer load (apart)', value: ready.loadMs, unit: 'ms' },
      { name: 'coverage from scratch', value: Math.round(scratchMs), unit: 'ms', target: `≤ ${SCRATCH_TARGET_MS} ms`, pass: scratchMs <= SCRATCH_TARGET_MS },
      { name: '… of which the analyzer tokenizing', value: Math.round(tokenizeMs), unit: 'ms' },
      { name: 'after a status change (median)', value: Math.round(change50 * 10) / 10, unit: 'ms', target: `≤ ${CHANGE_TARGET_MS} ms`, pass: change50 <= CHANGE_TARGET_MS },
      { name: 'after a status change (p95)', value: Math.round(change95 * 10) / 10, unit: 'ms', target: `≤ ${CHANGE_TARGET_MS} ms`, pass: change95 <= CHANGE_TARGET_MS },
      { name: 'after a restart (index from SQLite)', value: Math.round(cachedMs), unit: 'ms' },
      { name: 'load (1-min average)', value: os.loadavg()[0]!, unit: '' },
    ];
  } finally {
    await worker.close();
    await analyzer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
