/**
 * The first run in browser mode: the interface follows the system language
 * (Playwright's `locale` sets navigator.languages), a welcome says what works
 * offline, and the no-key reading flow shows the offline analysis with one quiet
 * invitation per feature and no red. A rejected key is still a red error. A
 * dismissed welcome and a language chosen in Settings survive a reload.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakeGateway, type FakeGateway } from '../fakes/gateway';
import { animationsSettled, expect, SCREENSHOT_DIR, screenshot, startServe, test } from './fixtures';
import { fakeModelReply } from './support/fakeModel';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const FIRST_ANALYSIS_MS = 90_000;
const TEXT = '今日は天気がいいです。';

/** What each system language must show: the reader's heading, the welcome's title, the invitation's button. */
const LOCALES = {
  'zh-CN': { noun: '名词', heading: '阅读日语', welcome: '欢迎使用 Yomimono', addKey: '添加密钥', settings: '设置', textbox: '日语文本' },
  'zh-TW': { noun: '名詞', heading: '閱讀日語', welcome: '歡迎使用 Yomimono', addKey: '加入金鑰', settings: '設定', textbox: '日語文字' },
  en: { noun: 'Noun', heading: 'Read Japanese', welcome: 'Welcome to Yomimono', addKey: 'Add a key', settings: 'Settings', textbox: 'Japanese text' },
  ko: { noun: '명사', heading: '일본어 읽기', welcome: 'Yomimono에 오신 것을 환영합니다', addKey: '키 추가', settings: '설정', textbox: '일본어 텍스트' },
} as const;

async function openApp(page: Page, server: Server): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
}

/** The computed colour of the theme's --error, to compare with what is on screen. */
function errorColor(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--error').trim();
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
}

/** Nothing on screen is an error: no alert role, no error box, nothing painted in the error colour. */
async function expectNoErrors(page: Page): Promise<void> {
  await expect(page.locator('[role="alert"], .error-box, .error')).toHaveCount(0);
  const red = await page.evaluate(
    (errorRgb) =>
      [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((el) => el.offsetParent !== null && (getComputedStyle(el).color === errorRgb || getComputedStyle(el).borderColor === errorRgb))
        .map((el) => el.outerHTML.slice(0, 80)),
    await errorColor(page),
  );
  expect(red).toEqual([]);
}

/** A server with no key and no model or voice to reach: everything on screen comes from the offline analyzer. */
const offlineServe = () => startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });

for (const [locale, words] of Object.entries(LOCALES)) {
  test.describe(`first run, system language ${locale}`, () => {
    test.use({ locale });
    let server: Server;
    test.beforeAll(async () => {
      server = await offlineServe();
    });
    test.afterAll(async () => server?.stop());

    test('the welcome and the header speak the system language', async ({ page }) => {
      await openApp(page, server);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
      await expect(page.getByRole('button', { name: words.settings, exact: true })).toBeVisible();
      const welcome = page.getByTestId('welcome');
      await expect(welcome.getByRole('heading', { name: words.welcome })).toBeVisible();
      await expect(welcome.locator('li')).toHaveCount(3);
      await expect(welcome.locator('a[href="https://openrouter.ai/keys"]')).toHaveAttribute('target', '_blank');
      await expect(welcome.locator('a[href="https://aistudio.google.com/apikey"]')).toHaveAttribute('target', '_blank');
      await expectNoErrors(page);
      await screenshot(page, `first-run-${locale}-welcome`);
    });

    test('without a key: the offline analysis, one quiet invitation per feature, no red; the invitation leads to the key settings', async ({ page }) => {
      await openApp(page, server);
      await page.getByRole('textbox', { name: words.textbox }).fill(TEXT);
      await page.getByTestId('analyze').click();
      await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-state', 'no-key', { timeout: FIRST_ANALYSIS_MS });
      await expect(page.getByRole('button', { name: '天気 (てんき)' }).locator('rt')).toHaveText('てんき');
      await expect(page.getByTestId('no-key-invite').and(page.locator('[data-feature="analysis"]'))).toBeVisible();
      await expect(page.getByTestId('translation-card').getByTestId('no-key-invite')).toHaveAttribute('data-feature', 'translation');
      // One invitation on the screen: the welcome's while it is open, the analysis line's once it is closed.
      await expect(page.getByTestId('welcome-add-key')).toBeVisible();
      await expect(page.getByTestId('no-key-add')).toHaveCount(0);
      await page.getByTestId('welcome-dismiss').click();
      await expect(page.getByTestId('no-key-add')).toHaveCount(1);
      await expect(page.getByTestId('no-key-invite').and(page.locator('[data-feature="analysis"]'))).toHaveAttribute('data-role', 'invite');
      await expectNoErrors(page);
      await screenshot(page, `first-run-${locale}-no-key`);

      // The word panel: reading, dictionary form, part of speech and romaji from the offline analyzer.
      await page.getByRole('button', { name: '天気 (てんき)' }).click();
      const panel = page.getByTestId('detail-panel');
      await expect(panel).toHaveAttribute('data-status', 'done');
      await expect(panel.getByTestId('detail-dictionaryForm')).toContainText('天気');
      await expect(panel.getByTestId('detail-romaji')).toContainText('tenki');
      await expect(panel.getByTestId('detail-pos')).toContainText(words.noun);
      await expect(panel.getByTestId('no-key-invite')).toHaveAttribute('data-feature', 'detail');
      await expect(panel.getByTestId('no-key-invite')).toHaveCount(1);
      await expectNoErrors(page);
      // The panel fades in: screenshot() captures with animations disabled (a <style> tag would be refused by the CSP).
      await screenshot(page, `first-run-${locale}-word`);

      await page.getByTestId('no-key-invite').and(page.locator('[data-feature="analysis"]')).getByRole('button', { name: words.addKey }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.settings);
      await expect(page.getByTestId('api-keys')).toBeFocused();
      await expect(page.getByTestId('api-keys')).toBeInViewport();
      // Scrolled to, but not under the sticky header.
      const headerBottom = await page.locator('.header').evaluate((el) => el.getBoundingClientRect().bottom);
      await expect.poll(() => page.getByTestId('api-keys').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
      await animationsSettled(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `first-run-${locale}-key-settings.png`) });
    });
  });
}

test.describe('first run, system language zh-HK', () => {
  test.use({ locale: 'zh-HK' });
  test('Hong Kong Chinese gets the Traditional interface; the desktop shell’s OS language wins over the browser’s', async ({ page }) => {
    const server = await startServe();
    try {
      await openApp(page, server);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOCALES['zh-TW'].heading);
      await expect(page.getByTestId('welcome').getByRole('heading', { name: LOCALES['zh-TW'].welcome })).toBeVisible();
      // The desktop shell hands over the OS's language (app.getPreferredSystemLanguages) in the page's URL: it wins over navigator.languages.
      await page.goto(`${server.url}/?systemLocale=ko`);
      await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOCALES.ko.heading);
    } finally {
      await server.stop();
    }
  });
});

test.describe('first run, choices that last', () => {
  test.use({ locale: 'en-US' });
  let server: Server;
  test.beforeAll(async () => {
    server = await offlineServe();
  });
  test.afterAll(async () => server?.stop());

  test('the tutor chat without a key invites to add one, with no red', async ({ page }) => {
    await openApp(page, server);
    await page.getByTestId('chat-toggle').click();
    await page.locator('#chat-input').fill('こんにちは');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-log').getByTestId('no-key-invite')).toHaveAttribute('data-feature', 'chat');
    await expect(page.locator('[role="alert"], .error-box')).toHaveCount(0);
    await screenshot(page, 'first-run-en-chat-no-key');
    // The invitation closes the drawer on its way to the keys.
    await page.getByTestId('chat-log').getByRole('button', { name: 'Add a key' }).click();
    await expect(page.getByTestId('chat-log')).toHaveCount(0);
    await expect(page.getByTestId('api-keys')).toBeFocused();
  });

  test('a dismissed welcome stays dismissed after a reload', async ({ page }) => {
    await openApp(page, server);
    await page.getByTestId('welcome').getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByTestId('welcome')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read Japanese');
    await expect(page.getByTestId('welcome')).toHaveCount(0);
    expect((await server.rpc<{ welcomeDismissed: boolean }>('settings.get')).welcomeDismissed).toBe(true);
  });

  test('a language chosen in Settings wins over the system language after a reload', async ({ page, browser }) => {
    await openApp(page, server);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Interface language').selectOption('ko');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('설정');
    await page.reload();
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('button', { name: '설정', exact: true })).toBeVisible();
    // A fresh browser profile (no last-language memory) with an English system: the stored choice still wins.
    const fresh = await browser.newContext({ locale: 'en-US' });
    try {
      const other = await fresh.newPage();
      await openApp(other, server);
      await expect(other.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(other.getByRole('heading', { level: 1 })).toHaveText(LOCALES.ko.heading);
      await screenshot(other, 'first-run-chosen-ko-over-en');
    } finally {
      await fresh.close();
    }
  });
});

test.describe('a rejected key', () => {
  let gw: FakeGateway;
  let server: Server;
  test.use({ locale: 'en-US' });
  test.beforeAll(async () => {
    gw = await startFakeGateway({ keys: [{ key: 'sk-or-v1-the-real-one' }], reply: fakeModelReply });
    server = await startServe({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: 'sk-or-v1-rejected', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await gw?.close();
  });

  test('is still a red error (the gateway’s 401), not an invitation', async ({ page }) => {
    await openApp(page, server);
    await page.getByRole('textbox', { name: 'Japanese text' }).fill('雨が降っています。');
    await page.getByTestId('analyze').click();
    const box = page.getByTestId('analysis-model-error');
    await expect(box).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
    await expect(box).toHaveAttribute('role', 'alert');
    await expect(box).toHaveAttribute('data-code', 'invalid_key');
    const color = await box.locator('.error-title').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe(await errorColor(page));
    await expect(page.getByTestId('no-key-invite')).toHaveCount(0);
    await screenshot(page, 'first-run-en-rejected-key');
  });
});
