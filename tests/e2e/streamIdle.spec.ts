/**
 * A model stream that goes quiet (STREAM_IDLE_TIMEOUT_MS, short here): the word
 * panel and the chat keep what arrived, say why, and offer a retry that works.
 */
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { startFakeGateway, type FakeGateway } from '../fakes/gateway';
import { expect, screenshot, startServe, test } from './fixtures';
import { analyse, analysed, TEST_KEY } from './support/readingStack';
import { fakeModelReply } from './support/fakeModel';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let gw: FakeGateway;
let server: Awaited<ReturnType<typeof startServe>>;

test.beforeAll(async () => {
  gw = await startFakeGateway({ keys: [{ key: TEST_KEY }], reply: fakeModelReply, chunkChars: 16 });
  server = await startServe({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: TEST_KEY, STREAM_IDLE_TIMEOUT_MS: '1500' });
  await server.rpc('settings.set', DEFAULT_SETTINGS);
});
test.afterAll(async () => {
  await server?.stop();
  await gw?.close();
});

test('a word panel whose stream stalls keeps the fields that arrived, with the error and a retry', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await analyse(page, '今日は天気がいいです。');
  await analysed(page);
  // The translation that follows the analysis must not take the scripted stall meant for the panel.
  await expect(page.getByTestId('translation-text')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  gw.script({ kind: 'stall', text: '{"chineseTranslation":"天气（停在这里）","dictionaryForm":"天気","explanation":"' });
  await page.getByTestId('reading-view').getByRole('button', { name: '天気 (てんき)' }).click();
  const panel = page.getByTestId('detail-panel');
  await expect(panel).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
  await expect(panel.getByTestId('detail-error')).toHaveAttribute('data-code', 'mid_stream_error');
  await expect(panel.getByTestId('detail-chineseTranslation')).toContainText('天气（停在这里）');
  await screenshot(page, 'stream-idle-word-panel-light');
  await panel.getByTestId('detail-error').getByRole('button').click();
  await expect(panel).toHaveAttribute('data-status', 'done');
  await expect(panel.getByTestId('detail-chineseTranslation')).toContainText('meaning of 天気');
  await expect(panel.getByTestId('detail-error')).toHaveCount(0);
});

test('a chat reply whose stream stalls stays on screen with the error and a retry', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('chat-toggle').click();
  gw.script({ kind: 'stall', text: 'はい、途中までの答えです' });
  await page.locator('#chat-input').fill('この文の意味は？');
  await page.getByTestId('chat-send').click();
  const drawer = page.getByTestId('chat-drawer');
  await expect(drawer.getByTestId('chat-error')).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByTestId('chat-error')).toHaveAttribute('data-code', 'mid_stream_error');
  await expect(drawer.getByTestId('chat-assistant')).toHaveText(/はい、途中までの答えです/);
  await screenshot(page, 'stream-idle-chat-light');
  await drawer.getByTestId('chat-error').getByRole('button').click();
  await expect(drawer.getByTestId('chat-error')).toHaveCount(0);
  await expect(drawer.getByTestId('chat-assistant')).toContainText('最後の行です。', { timeout: 20_000 });
});
