/**
 * One gesture, one action (issue 28, stumble 2): Shift is the lookup key, Shift+click
 * explains a phrase and Shift+Space turns a book's page back. A click or a key made with
 * the lookup key is that action's and never also opens the dictionary popup; the key alone
 * (pressed once over a word, or held) looks up. Every shortcut is listed in the `?` overlay
 * and in Settings → Keyboard, where it can be changed and a clash is refused in the UI language.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test } from '@playwright/test';
import { startFakeEdrdg, type FakeEdrdg } from '../fakes/edrdg';
import { animationsSettled, expect, screenshot, SCREENSHOT_DIR, startServe } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const FIRST_ANALYSIS_MS = 90_000;
/** Longer than the lookup key's hold (LOOKUP_HOLD_MS): a popup that was coming has come. */
const PAST_HOLD_MS = 700;
let server: Server;
let edrdg: FakeEdrdg;
let bookId: number;

test.beforeAll(async () => {
  edrdg = await startFakeEdrdg();
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge', YOMIMONO_DICTIONARY_URL: edrdg.url });
  await server.rpc('dictionary.download');
  const text = Array.from({ length: 60 }, () => '今日は東京大学に行く。橋を見せてくれる。').join('\n\n');
  bookId = (await server.rpc<{ id: number }>('books.import', { name: 'keys.txt', dataBase64: Buffer.from(text).toString('base64') })).id;
});
test.afterAll(async () => {
  await server?.stop();
  await edrdg?.close();
});

/** A screenshot of one part of the page (a Settings section), readable where the whole page is not. */
async function screenshotOf(part: Locator, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsSettled(part.page());
  await part.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

async function openApp(page: Page, uiLocale: 'en' | 'zh-CN'): Promise<void> {
  await server.rpc('settings.set', { uiLocale, welcomeDismissed: true, shortcuts: {}, dictionaryHoverKey: 'shift' });
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
}

/** The middle of a word's box (by its accessible name) in the analysed text, once the lines above it have settled (hint lines arrive after the text). */
async function wordAt(page: Page, name: RegExp) {
  const word = page.getByTestId('reading-view').getByRole('button', { name }).first();
  let b = (await word.boundingBox())!;
  await expect
    .poll(async () => {
      const before = b;
      await page.waitForTimeout(150);
      b = (await word.boundingBox())!;
      return b.x === before.x && b.y === before.y;
    })
    .toBe(true);
  return { x: b.x + 6, y: b.y + b.height - 8 };
}

for (const locale of ['en', 'zh-CN'] as const) {
  test.describe(`in ${locale}`, () => {
    test('Shift+click explains a phrase and opens no dictionary popup; Shift pressed alone over a word does', async ({ page }) => {
      await openApp(page, locale);
      await page.locator('#reader-input').fill('今日は橋を見せてくれる。');
      await page.getByTestId('analyze').click();
      await expect(page.getByTestId('reading-view').getByRole('button', { name: /^見せ/ })).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
      await page.getByTestId('reading-view').getByRole('button', { name: /^見せ/ }).click();
      const panel = page.getByTestId('detail-panel');
      await expect(panel).toBeVisible();
      const popup = page.getByTestId('dict-popup');

      // The pointer rests on 橋; Shift goes down, the click comes, Shift stays down a while.
      const bridge = await wordAt(page, /^橋/);
      await page.mouse.move(bridge.x, bridge.y);
      await page.waitForTimeout(150);
      await page.keyboard.down('Shift');
      await page.mouse.click(bridge.x, bridge.y);
      await expect(page.getByTestId('detail-panel')).toHaveAttribute('data-kind', 'phrase');
      await page.waitForTimeout(PAST_HOLD_MS);
      // Moving on with Shift still held after the click: still the phrase's gesture, no lookup.
      await page.mouse.move(bridge.x + 2, bridge.y);
      await page.waitForTimeout(200);
      await expect(popup).toHaveCount(0);
      await screenshot(page, `shortcuts-shift-click-phrase-${locale}`);
      await page.keyboard.up('Shift');

      // Shift pressed once over a word, alone: its entries.
      const show = await wordAt(page, /^見せ/);
      await page.mouse.move(show.x, show.y);
      await page.keyboard.press('Shift');
      await expect(popup).toBeVisible();
      await expect(popup.getByTestId('dict-entry').first()).toContainText('to show');
      await screenshot(page, `shortcuts-shift-tap-lookup-${locale}`);
      await page.mouse.move(5, 5);
      await expect(popup).toBeHidden();
    });

    test('Shift+Space turns a book page back with the pointer on the text, and opens no popup', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('yomimono.books.layout', JSON.stringify({ mode: 'horizontal', fontSize: 22, lineHeight: 1.9 })));
      await openApp(page, locale);
      await page.getByTestId('nav-books').click();
      await page.getByTestId('book-card').first().getByRole('button').first().click();
      const scroll = page.getByTestId('book-scroll');
      await expect(scroll.locator('.book-paragraph rt').first()).toBeAttached({ timeout: FIRST_ANALYSIS_MS });
      const box = (await scroll.boundingBox())!;
      await page.mouse.move(box.x + 60, box.y + 40);
      await scroll.focus();
      const top = () => scroll.evaluate((el) => el.scrollTop);
      await page.keyboard.press('Space');
      await expect.poll(top).toBeGreaterThan(100);
      const forward = await top();
      // The pointer still on the text: Shift goes down, Space pages back (twice), Shift is held on.
      await page.waitForTimeout(200);
      await page.keyboard.down('Shift');
      await page.keyboard.press('Space');
      await expect.poll(top).toBeLessThan(forward);
      await page.waitForTimeout(PAST_HOLD_MS);
      await expect(page.getByTestId('dict-popup')).toHaveCount(0);
      await screenshot(page, `shortcuts-shift-space-book-${locale}`);
      await page.keyboard.up('Shift');
      await expect(page.getByTestId('dict-popup')).toHaveCount(0);
      expect(bookId).toBeGreaterThan(0);
    });

    test('the ? overlay lists every shortcut; Settings → Keyboard changes one and refuses a clash in the UI language', async ({ page }) => {
      const en = locale === 'en';
      await openApp(page, locale);
      await page.keyboard.press('?');
      const overlay = page.getByTestId('shortcuts-overlay');
      await expect(overlay).toBeVisible();
      await expect(overlay.getByRole('heading', { name: en ? 'Keyboard shortcuts' : '键盘快捷键' })).toBeVisible();
      const nextPage = overlay.locator('[data-action="book.nextPage"]');
      await expect(nextPage).toContainText(en ? 'Next page' : '下一页');
      await expect(nextPage.locator('kbd.chord')).toHaveCount(2);
      await expect(overlay.locator('[data-action="review.good"]')).toContainText(en ? 'Grade “Good”' : '评分“良好”');
      await expect(overlay.getByTestId('shortcut-lookup')).toContainText(en ? 'Hold Shift' : '按住 Shift');
      await screenshot(page, `shortcuts-overlay-${locale}`);
      await page.keyboard.press('Escape');
      await expect(overlay).toBeHidden();

      // From the overlay to Settings → Keyboard.
      await page.keyboard.press('?');
      await overlay.getByTestId('shortcuts-change').click();
      const settings = page.getByTestId('settings-keyboard');
      await expect(settings).toBeInViewport();
      const row = settings.getByTestId('shortcut-book.nextPage');
      // Enter is word mode's key in a book: refused, with the reason.
      await row.getByTestId('shortcut-add').click();
      await page.keyboard.press('Enter');
      await expect(row.getByTestId('shortcut-problem')).toHaveText(
        en
          ? 'Enter is already used for “Choose words with the keyboard; on a word: open its panel” (Books). Choose another key, or remove it there first.'
          : 'Enter 已用于“用键盘选词；在词语上：打开它的面板”（书籍）。请换一个按键，或先在那里移除它。',
      );
      await screenshotOf(settings, `shortcuts-settings-clash-${locale}`);
      // J is free: added, and saved.
      await row.getByTestId('shortcut-add').click();
      await page.keyboard.press('j');
      await expect(row.getByTestId('shortcut-problem')).toHaveCount(0);
      await expect(row.locator('kbd.chord[data-chord="J"]')).toBeVisible();
      await expect.poll(async () => (await server.rpc<{ shortcuts: Record<string, string[]> }>('settings.get')).shortcuts).toEqual({ 'book.nextPage': ['Space', 'PageDown', 'J'] });

      // J turns the page in the book now.
      await page.getByTestId('nav-books').click();
      await page.getByTestId('book-card').first().getByRole('button').first().click();
      const scroll = page.getByTestId('book-scroll');
      await expect(scroll.locator('.book-paragraph').first()).toBeVisible({ timeout: 30_000 });
      await scroll.focus();
      const before = await scroll.evaluate((el) => [el.scrollLeft, el.scrollTop].join());
      await page.keyboard.press('j');
      await expect.poll(() => scroll.evaluate((el) => [el.scrollLeft, el.scrollTop].join())).not.toBe(before);
      // The hint names the learner's keys.
      await expect(page.getByTestId('book-keys-hint')).toContainText('J');
    });

    test('with no lookup key chosen, resting the pointer on a word looks it up', async ({ page }) => {
      await openApp(page, locale);
      await page.getByRole('button', { name: locale === 'en' ? 'Settings' : '设置' }).click();
      const settings = page.getByTestId('settings-keyboard');
      await settings.getByTestId('lookup-key').selectOption('hover');
      await expect.poll(async () => (await server.rpc<{ dictionaryHoverKey: string }>('settings.get')).dictionaryHoverKey).toBe('hover');
      await expect(settings).toContainText(locale === 'en' ? 'Resting the pointer on Japanese text' : '鼠标在日文上停留片刻');
      await screenshotOf(settings.locator('.shortcuts-group[data-scope="popup"]'), `shortcuts-settings-lookup-${locale}`);
      await page.locator('.brand').click();
      await page.locator('#reader-input').fill('今日は橋を見せてくれる。');
      await page.getByTestId('analyze').click();
      await expect(page.getByTestId('reading-view').getByRole('button', { name: /^見せ/ })).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
      const show = await wordAt(page, /^見せ/);
      await page.mouse.move(show.x, show.y);
      const popup = page.getByTestId('dict-popup');
      await expect(popup.getByTestId('dict-entry').first()).toContainText('to show');
      await page.mouse.move(5, 5);
      await expect(popup).toBeHidden();
    });
  });
}
