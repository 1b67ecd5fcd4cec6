/**
 * A learner's first day (issue 28, stumble 6), in English and zh-TW: in vertical text the lookup popup sits beside
 * the column (left, or right when only that side has room), never over the line being read; a kanji card opened
 * from the popup sits beside it and Escape closes the newest first; the review activity strip has labelled axes
 * and a tooltip per day.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test } from '@playwright/test';
import Database from 'better-sqlite3';
import { startFakeEdrdg, type FakeEdrdg } from '../fakes/edrdg';
import { expect, screenshot, startServe } from './fixtures';
import { CARD_ACTIONS_ALLOWANCE_PX, cardActionsHeight, popupArrival, watchPopupArrival } from './support/hover';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
type Box = { x: number; y: number; width: number; height: number };
const FIRST_ANALYSIS_MS = 90_000;
const TEXT = {
  en: { yAxis: 'Reviews', today: 'Today', title: 'Reviews per day, last 30 days', day: (n: number) => `: reviews ${n}` },
  'zh-TW': { yAxis: '次數', today: '今天', title: '每日複習次數（最近 30 天）', day: (n: number) => `：複習 ${n} 次` },
} as const;

let server: Server;
let edrdg: FakeEdrdg;

test.beforeAll(async () => {
  edrdg = await startFakeEdrdg();
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge', YOMIMONO_DICTIONARY_URL: edrdg.url });
  await server.rpc('dictionary.download');
  const text = Array.from({ length: 40 }, () => '今日は東京大学に行く。橋を見せてくれる。').join('\n\n');
  await server.rpc('books.import', { name: 'columns.txt', dataBase64: Buffer.from(text).toString('base64') });
});
test.afterAll(async () => {
  await server?.stop();
  await edrdg?.close();
});

async function openApp(page: Page, uiLocale: 'en' | 'zh-TW'): Promise<void> {
  await server.rpc('settings.set', { uiLocale, welcomeDismissed: true, theme: 'light', dictionaryHoverKey: 'shift', shortcuts: {} });
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
}

/** The box of a kanji on the book's page: the first (rightmost column) or the last (leftmost) one on screen. */
function kanjiOnPage(page: Page, which: 'first' | 'leftmost') {
  return page.getByTestId('book-scroll').evaluate((scroll, which) => {
    const view = scroll.getBoundingClientRect();
    const walker = document.createTreeWalker(scroll, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.parentElement?.closest('rt') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
    let best: { x: number; y: number; width: number; height: number } | null = null;
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      for (let i = 0; i < n.data.length; i++) {
        if (n.data[i] !== '東') continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const b = r.getBoundingClientRect();
        if (b.width === 0 || b.left < view.left || b.right > view.right || b.top < view.top || b.bottom > view.bottom) continue;
        if (which === 'first') return { x: b.left, y: b.top, width: b.width, height: b.height };
        if (!best || b.left < best.x) best = { x: b.left, y: b.top, width: b.width, height: b.height };
      }
    }
    return best;
  }, which);
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const locale of ['en', 'zh-TW'] as const) {
  test.describe(`in ${locale}`, () => {
    test('vertical text: the popup sits beside the column, on the side with room; a kanji card sits beside the popup; Escape closes the newest first', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'vertical', fontSize: 22, lineHeight: 1.9 })));
      await openApp(page, locale);
      await page.getByTestId('nav-books').click();
      await page.getByTestId('book-card').first().getByRole('button').first().click();
      await expect(page.getByTestId('book-reader')).toHaveAttribute('data-mode', 'vertical');
      await expect(page.locator('.book-paragraph rt').first()).toBeAttached({ timeout: FIRST_ANALYSIS_MS });
      const popup = page.getByTestId('dict-popup');
      const column = (c: Box): Box => ({ x: c.x, y: 0, width: c.width, height: 10_000 });

      // The first column (right of the page): the popup goes left of it, where the text goes on.
      const first = (await kanjiOnPage(page, 'first'))!;
      await watchPopupArrival(page);
      await page.keyboard.down('Shift');
      await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
      await expect(popup.getByTestId('dict-entry').first()).toContainText('University of Tokyo');
      // Its best entry first, the others a frame later: it grew down from where it came, not moved.
      await expect(popup).toHaveAttribute('data-complete', 'true');
      const came = await popupArrival(page);
      expect(came).toMatchObject({ entries: 1, cardActions: 0 });
      await expect(popup.getByTestId('popup-card-actions')).toBeVisible();
      // In either UI language the card buttons, drawn a frame later, take no more than the placement allows them.
      expect(await cardActionsHeight(popup)).toBeLessThanOrEqual(CARD_ACTIONS_ALLOWANCE_PX);
      let placed = (await popup.boundingBox())!;
      expect(placed.y).toBeCloseTo(came.top, 0);
      expect(overlaps(placed, column(first))).toBe(false);
      expect(placed.x + placed.width).toBeLessThanOrEqual(first.x);
      await screenshot(page, `first-day-popup-vertical-left-${locale}`);
      await page.keyboard.up('Shift');
      await page.mouse.move(5, 5);
      await expect(popup).toBeHidden();

      // The leftmost column on the page: no room on its left, so the popup goes right of it, still off the column.
      const last = (await kanjiOnPage(page, 'leftmost'))!;
      expect(last.x).toBeLessThan(first.x);
      await page.keyboard.down('Shift');
      await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2);
      await expect(popup.getByTestId('dict-entry').first()).toBeVisible();
      placed = (await popup.boundingBox())!;
      expect(overlaps(placed, column(last))).toBe(false);
      if (last.x < placed.width) expect(placed.x).toBeGreaterThanOrEqual(last.x + last.width);
      await page.keyboard.up('Shift');

      // Into the popup, a kanji of its headword: the card opens beside the popup, not over it.
      const link = popup.getByTestId('kanji-link').first();
      const linkBox = (await link.boundingBox())!;
      await page.mouse.move(linkBox.x + linkBox.width / 2, linkBox.y + linkBox.height / 2, { steps: 4 });
      await link.click();
      const card = page.getByTestId('kanji-card');
      await expect(card).toBeVisible();
      await expect(popup).toBeVisible();
      placed = (await popup.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(overlaps(cardBox, placed)).toBe(false);
      await screenshot(page, `first-day-popup-kanji-card-${locale}`);

      // Escape: the card (newest) first, then the popup.
      await page.keyboard.press('Escape');
      await expect(card).toBeHidden();
      await expect(popup).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
    });

    test('the review activity strip has labelled axes and a tooltip per day', async ({ page }) => {
      // Reviews on some of the last days (the local calendar day, as the app counts them).
      const db = new Database(path.join(server.dataDir, 'yomimono.db'));
      db.exec('DELETE FROM review_log');
      const insert = db.prepare('INSERT INTO review_log (card_id, rating, state_before, due, stability, difficulty, scheduled_days, reviewed_at, day) VALUES (NULL, 3, 2, 0, 1, 5, 1, ?, ?)');
      const dayOf = (ago: number) => {
        const d = new Date(Date.now() - ago * 86_400_000);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      };
      const counts = new Map([[0, 4], [1, 12], [2, 7], [5, 3], [9, 15], [14, 1]]);
      for (const [ago, n] of counts) for (let i = 0; i < n; i++) insert.run(Date.now() - ago * 86_400_000, dayOf(ago));
      db.close();

      const x = TEXT[locale];
      await openApp(page, locale);
      await page.getByTestId('nav-review').click();
      const activity = page.getByTestId('review-activity');
      await expect(activity).toBeVisible();
      await expect(activity).toContainText(x.title);
      await expect(activity.getByTestId('review-axis-y')).toContainText(x.yAxis);
      await expect(activity.getByTestId('review-axis-y')).toContainText('15');
      await expect(activity.getByTestId('review-axis-x')).toContainText(x.today);
      // One tooltip per day: its date and its count, on hover and on keyboard focus alike.
      const yesterday = activity.locator(`[data-testid="review-day"][data-day="${dayOf(1)}"]`);
      await yesterday.hover();
      const tip = activity.getByTestId('review-day-tooltip');
      await expect(tip).toHaveCount(1);
      await expect(tip).toContainText(x.day(12));
      await screenshot(page, `first-day-review-activity-${locale}`);
      await activity.locator(`[data-testid="review-day"][data-day="${dayOf(9)}"]`).focus();
      await expect(tip).toContainText(x.day(15));
      await expect(activity.locator(`[data-testid="review-day"][data-day="${dayOf(9)}"]`)).toHaveAttribute('aria-label', new RegExp(`${x.day(15)}$`));
    });
  });
}
