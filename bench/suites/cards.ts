/**
 * Cards (issue 25):
 * - add a card: `review.star` of a word as written (normalised to its headword, the meaning from
 *   the dictionary) through the contract, click to saved; target ≤ 100 ms.
 * - one rich Anki note with word and sentence audio synthesized now (fake AnkiConnect, fake Edge
 *   TTS): target ≤ 1.5 s.
 * - the card browser over 20,000 cards in Chromium (the built server): Review opened to the first
 *   rows painted, ≤ 200 ms (the very first opening its own row against the target, and the median
 *   of five more); a search keystroke to the list showing its answer, ≤ 50 ms p99; and the same
 *   searches in SQLite alone (the trigram index of migration 'card browser search index'). Beside
 *   the wall times, measures the machine's load does not change: the page's main-thread CPU
 *   (a trace's thread time), the server's CPU time and React's component renders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ReviewService } from '../../electron/core/review/reviewService';
import { openDatabase } from '../../electron/core/store/database';
import { startFakeAnkiConnect } from '../../tests/fakes/ankiConnect';
import { startFakeEdgeTts } from '../../tests/fakes/edgeTts';
import { callOk } from '../../tests/support/dispatch';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../tests/support/chromium';
import { makeTestCore } from '../../tests/support/testCore';
import { withMainThreadCpu } from '../support/mainThreadCpu';
import { quietMachine } from '../support/quietMachine';
import { installCommitCounter, type CommitRecord } from '../support/reactCommits';
import { startServeChild } from '../support/serveChild';
import { round, summarize } from '../support/stats';
import type { BenchRow } from '../support/types';

const CARDS = 20_000;
const VERBS = ['泣いていた', '食べさせられた', '見せてくれる', '読んでいる', '書かなかった', '走った', '飲みたい', '歌っている', '遊ばない', '待たされた'];

async function inProcess(rows: BenchRow[]): Promise<void> {
  const anki = await startFakeAnkiConnect();
  const edge = await startFakeEdgeTts({ audio: Buffer.alloc(16_000, 1) });
  const core = makeTestCore({ ANKICONNECT_URL: anki.url, EDGE_TTS_URL: edge.url });
  try {
    // Warm-up: the analyzer loads its dictionary on first use.
    await callOk(core, 'review.star', { kind: 'word', word: '猫', sentence: '猫がいる。' });
    const star: number[] = [];
    for (let i = 0; i < 60; i++) {
      const verb = VERBS[i % VERBS.length]!;
      const t0 = performance.now();
      await callOk(core, 'review.star', { kind: 'word', word: verb, sentence: `${i}回目に${verb}。` });
      star.push(performance.now() - t0);
    }
    const s = summarize(star);
    rows.push({ name: 'add card (review.star of an inflected word), median', value: round(s.median, 1), unit: 'ms', target: '≤ 100 ms', pass: s.median <= 100 });
    rows.push({ name: 'add card, p99', value: round(s.p99, 1), unit: 'ms' });

    // One note per export, each with texts never spoken: both audios synthesized, stored, the note added.
    await callOk(core, 'anki.export', { deck: 'Bench', scope: { kind: 'all' } }); // the note type, once
    const note: number[] = [];
    for (let i = 0; i < 8; i++) {
      const card = await callOk<{ id: number }>(core, 'review.star', { kind: 'word', word: `単語${i}号`, reading: 'たんご', sentence: `これは${i}番目の新しい単語${i}号の文です。` });
      const t0 = performance.now();
      await callOk(core, 'anki.export', { deck: 'Bench', scope: { kind: 'selected', cardIds: [card.id] } });
      note.push(performance.now() - t0);
    }
    const n = summarize(note);
    rows.push({ name: 'Anki note with word + sentence audio synthesized, median', value: round(n.median, 1), unit: 'ms', target: '≤ 1500 ms', pass: n.median <= 1500 });
    rows.push({ name: 'Anki note with audio, p99', value: round(n.p99, 1), unit: 'ms' });
  } finally {
    core.cleanupDir();
    await anki.close();
    await edge.close();
  }
}

/** A data dir with 20,000 cards (単語0 … 単語19999), written straight into SQLite (the search index kept by its triggers). */
function seededDir(rows: BenchRow[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-bench-cards-'));
  const { db } = openDatabase({ dir });
  const insert = db.prepare(
    `INSERT INTO review_cards (kind, identity, word, reading, meaning, sentence, translation, due, stability, difficulty, elapsed_days, scheduled_days,
       learning_steps, reps, lapses, state, created_at, updated_at) VALUES ('word', ?, ?, 'たんご', 'a word of the bench', ?, 'A sentence.', ?, 0, 0, 0, 0, 0, 0, 0, 0, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < CARDS; i++) insert.run(`bench-${i}`, `単語${i}`, `これは単語の文です。`, now + i * 60_000, now - i * 1000, now - i * 1000);
  })();
  // The search alone, in SQLite (no HTTP, no rendering): each keystroke of the browser's search below.
  const review = new ReviewService(db);
  const times: number[] = [];
  for (let round_ = 0; round_ < 20; round_++) {
    for (const digits of SEARCH_STEPS) {
      const t0 = performance.now();
      const page = review.browse({ query: digits ? `単語${digits}` : '', limit: 100 });
      times.push(performance.now() - t0);
      if (page.total !== expected(digits)) throw new Error(`search 単語${digits}: ${page.total} cards, expected ${expected(digits)}`);
    }
  }
  const q = summarize(times);
  rows.push({ name: `card search in SQLite (cards.browse, first page and count), ${CARDS} cards, median (${times.length})`, value: round(q.median, 2), unit: 'ms' });
  rows.push({ name: 'card search in SQLite, p99', value: round(q.p99, 2), unit: 'ms' });
  db.close();
  return dir;
}

/** The search box typed into, then cleared. */
const SEARCH_STEPS = ['1', '12', '123', '1234', ''];

/** Cards matching `単語<q>` among 0…19999 (the search matches the word only: the other texts have no digits). */
const expected = (digits: string) => (digits === '' ? CARDS : Array.from({ length: CARDS }, (_, i) => `単語${i}`).filter((w) => w.includes(`単語${digits}`)).length);

/** CPU time (user + system, ms) a process has used, from /proc; NaN where there is none. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/** What one timed step cost: wall time, the page's main-thread CPU (traced), the server's CPU, React's component renders. */
interface StepCost {
  ms: number;
  mainMs: number;
  serverMs: number;
  renders: number;
}

async function browser(rows: BenchRow[]): Promise<void> {
  const dir = seededDir(rows);
  const server = await startServeChild({ APP_DATA_DIR: dir, OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/none' });
  let b: Browser | undefined;
  try {
    b = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    const page = await b.newPage({ viewport: { width: 1200, height: 900 } });
    await page.addInitScript(installCommitCounter, 'card-list');
    const renders = () => page.evaluate(() => (window as unknown as { __commits: CommitRecord[] }).__commits.reduce((n, c) => n + c.rendered + c.mounted, 0));
    /** Runs `step` (in the page, resolving to its wall time) and measures what it cost. */
    const measured = async (step: () => Promise<number>): Promise<StepCost> => {
      const renders0 = await renders();
      const server0 = processCpuMs(server.child.pid);
      const { value: ms, cpuMs } = await withMainThreadCpu(b!, page, step);
      return { ms, mainMs: cpuMs, serverMs: processCpuMs(server.child.pid) - server0, renders: (await renders()) - renders0 };
    };

    await page.goto(server.url);
    await page.locator('.app[data-loaded="true"]').waitFor({ timeout: 60_000 });
    // The server's start-up work (the analyzer warming, word statuses catching up with 20,000 cards) is done before the first
    // opening is timed: it would be timed instead. Its own cost is in the reviewStatus unit test (batched pushes).
    await quietMachine({ maxMs: 60_000 });
    const open: StepCost[] = [];
    for (let i = 0; i < 6; i++) {
      // The Review button toggles: a second press goes back to the reader, so each opening is a fresh one.
      if (i > 0) await page.getByTestId('nav-review').click();
      await page.waitForTimeout(150);
      await quietMachine({ maxMs: 5_000 });
      open.push(
        await measured(() =>
          page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const t0 = performance.now();
                document.querySelector<HTMLElement>('[data-testid="nav-review"]')!.click();
                const check = () => (document.querySelector('[data-testid="card-row-open"]') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
                requestAnimationFrame(check);
              }),
          ),
        ),
      );
    }
    // What a step that does nothing costs here (the trace's own work, the harness's calls): the floor of the CPU rows.
    const idle = summarize(await (async () => {
      const costs: number[] = [];
      for (let i = 0; i < 5; i++) costs.push((await measured(() => page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(0)))))).mainMs);
      return costs;
    })());
    const first = open[0]!;
    const more = open.slice(1);
    const o = summarize(more.map((c) => c.ms));
    // The search is done from the Review page, opened last above.
    rows.push({ name: `card browser, ${CARDS} cards: first rows painted after opening Review, the first time`, value: round(first.ms, 1), unit: 'ms', target: '≤ 200 ms', pass: first.ms <= 200 });
    rows.push({ name: 'card browser first opening: page main-thread CPU (traced)', value: round(first.mainMs, 1), unit: 'ms' });
    rows.push({ name: 'card browser first opening: server CPU', value: round(first.serverMs, 1), unit: 'ms' });
    rows.push({ name: 'card browser first opening: React components rendered', value: first.renders, unit: '' });
    rows.push({ name: 'a step doing nothing (one frame): page main-thread CPU, median (the floor of these CPU rows)', value: round(idle.median, 1), unit: 'ms' });
    rows.push({ name: `card browser, ${CARDS} cards: first rows painted, median of ${more.length} more`, value: round(o.median, 1), unit: 'ms', target: '≤ 200 ms', pass: o.median <= 200 });
    rows.push({ name: 'card browser later openings: page main-thread CPU, median', value: round(summarize(more.map((c) => c.mainMs)).median, 1), unit: 'ms' });

    const keystrokes: StepCost[] = [];
    for (let round_ = 0; round_ < 20; round_++) {
      for (const digits of SEARCH_STEPS) {
        const q = digits ? `単語${digits}` : '';
        const want = `Cards: ${expected(digits)}`;
        keystrokes.push(
          await measured(() =>
            page.evaluate(
              ({ q, want }) =>
                new Promise<number>((resolve) => {
                  const input = document.querySelector<HTMLInputElement>('[data-testid="card-search"]')!;
                  const count = document.querySelector('[data-testid="card-count"]')!;
                  const t0 = performance.now();
                  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, q);
                  input.dispatchEvent(new Event('input', { bubbles: true }));
                  const check = () => (count.textContent === want ? resolve(performance.now() - t0) : requestAnimationFrame(check));
                  requestAnimationFrame(check);
                }),
              { q, want },
            ),
          ),
        );
      }
    }
    const k = summarize(keystrokes.map((c) => c.ms));
    const km = summarize(keystrokes.map((c) => c.mainMs));
    rows.push({ name: `card browser search keystroke to answer shown, median (${keystrokes.length})`, value: round(k.median, 1), unit: 'ms' });
    rows.push({ name: 'card browser search keystroke, p99', value: round(k.p99, 1), unit: 'ms', target: '≤ 50 ms', pass: k.p99 <= 50 });
    rows.push({ name: 'search keystroke: page main-thread CPU, median', value: round(km.median, 1), unit: 'ms' });
    rows.push({ name: 'search keystroke: page main-thread CPU, p99', value: round(km.p99, 1), unit: 'ms' });
    rows.push({ name: 'search keystroke: server CPU, median', value: round(summarize(keystrokes.map((c) => c.serverMs)).median, 1), unit: 'ms' });
    rows.push({ name: 'search keystroke: React components rendered, median', value: summarize(keystrokes.map((c) => c.renders)).median, unit: '' });
  } finally {
    await b?.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [{ name: 'load average (1 min) at start', value: round(os.loadavg()[0]!, 2), unit: '' }];
  await inProcess(rows);
  await browser(rows);
  return rows;
}
