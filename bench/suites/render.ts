/**
 * Render benchmark: the built server (browser mode) with a fake gateway that
 * answers as a model, driven in Chromium. For 1k, 5k and 20k characters of text:
 * how long after the first analysis chunk arrives its tokens are on screen, the
 * time from "Analyse" to the first tokens and to the finished analysis on
 * screen, and the number of DOM elements at 20k (at the top and scrolled to the
 * end). The renderer marks these moments with the User Timing API
 * (renderer/src/perf/marks.ts); this suite reads the marks.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { startFakeGateway } from '../../tests/fakes/gateway';
import { fakeModelReply } from '../../tests/e2e/support/fakeModel';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../tests/support/chromium';
import { startServeChild } from '../support/serveChild';

export interface RenderRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
}

const KEY = 'sk-or-v1-bench-render';
const SIZES = [1_000, 5_000, 20_000] as const;
const RUNS = 3;
const MARK = {
  start: 'yomimono:analyze:start',
  firstChunk: 'yomimono:analyze:first-chunk',
  firstPaint: 'yomimono:analyze:first-paint',
  donePaint: 'yomimono:analyze:done-paint',
};

/** Everyday prose made of the fake model's vocabulary, with paragraphs, to `chars` characters. */
function textOf(chars: number, salt: number): string {
  const sentences = ['今日は天気がいいです。', '私は毎朝コーヒーを飲みます。', '猫が猫を見た。', '東京の駅で友達と一緒に本を読みたいです。', '静かな夜です。'];
  let text = `${salt}\n`;
  for (let i = 0; text.length < chars; i++) {
    text += sentences[i % sentences.length]!;
    if (i % 4 === 3) text += i % 12 === 11 ? '\n\n' : '\n';
  }
  return text.slice(0, chars);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function analyseOnce(page: Page, text: string): Promise<{ afterArrival: number; fromClick: number; full: number; nodes: number }> {
  await page.locator('#reader-input').fill(text);
  await page.getByTestId('analyze').click();
  await page.locator('[data-testid="analysis-status"][data-state="done"], [data-testid="analysis-status"][data-state="offline-only"]').waitFor({ timeout: 180_000 });
  await page.waitForFunction((name) => performance.getEntriesByName(name, 'mark').length > 0, MARK.donePaint, { timeout: 30_000 });
  const marks = await page.evaluate((names) => {
    const at = (n: string) => performance.getEntriesByName(n, 'mark')[0]?.startTime ?? NaN;
    return { start: at(names.start), firstChunk: at(names.firstChunk), firstPaint: at(names.firstPaint), donePaint: at(names.donePaint) };
  }, MARK);
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  return {
    afterArrival: marks.firstPaint - marks.firstChunk,
    fromClick: marks.firstPaint - marks.start,
    full: marks.donePaint - marks.start,
    nodes,
  };
}

export async function run(): Promise<RenderRow[]> {
  const gw = await startFakeGateway({ keys: [{ key: KEY }], reply: fakeModelReply, chunkChars: 64 });
  const server = await startServeChild({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, EDGE_TTS_URL: 'ws://127.0.0.1:9/none' });
  let browser: Browser | undefined;
  const rows: RenderRow[] = [];
  try {
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(server.url);
    await page.locator('.app[data-loaded="true"]').waitFor({ timeout: 60_000 });
    // Warm-up: the offline analyzer loads its dictionary on first use.
    await analyseOnce(page, textOf(200, 0));
    // How fast this machine runs the page's JavaScript (about 5-10 ms on a current desktop),
    // to read the timings below against.
    const calibration = await page.evaluate(() => {
      const t0 = performance.now();
      let x = 0;
      for (let i = 0; i < 5e6; i++) x += i % 7;
      return x > 0 ? performance.now() - t0 : 0;
    });
    rows.push({ name: 'calibration: 5M-step loop in the page', value: round(calibration), unit: 'ms' });

    let salt = 1;
    for (const size of SIZES) {
      const samples: Array<Awaited<ReturnType<typeof analyseOnce>>> = [];
      for (let i = 0; i < RUNS; i++) samples.push(await analyseOnce(page, textOf(size, salt++)));
      const label = `${size / 1000}k`;
      const after = median(samples.map((s) => s.afterArrival));
      rows.push({ name: `first tokens on screen after they arrive, ${label}`, value: round(after), unit: 'ms', target: '< 100 ms', pass: after < 100 });
      rows.push({ name: `first tokens on screen after Analyse, ${label}`, value: round(median(samples.map((s) => s.fromClick))), unit: 'ms' });
      rows.push({ name: `full analysis on screen after Analyse, ${label}`, value: round(median(samples.map((s) => s.full))), unit: 'ms' });
      if (size === 20_000) {
        const nodes = Math.max(...samples.map((s) => s.nodes));
        rows.push({ name: 'DOM elements at 20k (top)', value: nodes, unit: 'elements', target: '< 3000', pass: nodes < 3000 });
        await page.getByTestId('reading-view').evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
        await page.waitForTimeout(300);
        await page.getByTestId('reading-view').evaluate((el) => (el.scrollTop = el.scrollHeight));
        await page.waitForTimeout(300);
        const scrolled = await page.evaluate(() => document.getElementsByTagName('*').length);
        rows.push({ name: 'DOM elements at 20k (scrolled to the end)', value: scrolled, unit: 'elements', target: '< 3000', pass: scrolled < 3000 });
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
    await gw.close();
  }
  return rows;
}
