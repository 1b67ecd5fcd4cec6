/**
 * Every reading screen in light and dark: an axe-core scan with no serious or
 * critical violations, and a full-page screenshot saved to test-results/screens.
 */
import type { Page } from '@playwright/test';
import { screenshot } from './fixtures';
import { expectAccessible } from './support/accessibility';
import { makeImageInPage, pasteFile } from './support/images';
import { analyse, analysed, expect, test } from './support/readingStack';

test.describe.configure({ timeout: 300_000 });

const TEXT = '今日は天気がいいです。\n私は毎朝コーヒーを飲みます。\n\n猫が猫を見た。東京の駅で友達と一緒に本を読みたいです。';

async function setTheme(page: Page, theme: 'light' | 'dark', stack: { server: { rpc(m: string, ...a: unknown[]): Promise<unknown> } }) {
  await stack.server.rpc('settings.set', { theme });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`start page and reader (word, phrase, narrow sheet) in the ${theme} theme`, async ({ open, stack }) => {
    const page = await open();
    await setTheme(page, theme, stack);

    await expect(page.getByTestId('daily-card')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expectAccessible(page, 'start');
    await screenshot(page, `screen-start-${theme}`);

    await analyse(page, TEXT);
    await analysed(page);
    await expect(page.getByTestId('translation-text')).toHaveAttribute('data-status', 'done');
    await page.getByTestId('reading-view').getByRole('button', { name: '天気 (てんき)' }).click();
    await expect(page.getByTestId('detail-panel')).toHaveAttribute('data-status', 'done');
    await expectAccessible(page, 'reader-word');
    await screenshot(page, `screen-reader-word-${theme}`);

    await page.getByTestId('romaji-toggle').click();
    await page.getByTestId('reading-view').getByRole('button', { name: '私 (わたし)' }).click();
    await page.getByTestId('reading-view').getByRole('button', { name: '飲みます (のみます)' }).click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('detail-panel')).toHaveAttribute('data-kind', 'phrase');
    await expect(page.getByTestId('detail-panel')).toHaveAttribute('data-status', 'done');
    await expectAccessible(page, 'reader-phrase');
    await screenshot(page, `screen-reader-phrase-${theme}`);

    await page.setViewportSize({ width: 640, height: 900 });
    await expectAccessible(page, 'reader-narrow');
    await screenshot(page, `screen-reader-narrow-${theme}`);
  });

  test(`chat, image to text and settings in the ${theme} theme`, async ({ open, stack }) => {
    const page = await open();
    await setTheme(page, theme, stack);
    await analyse(page, TEXT);
    await analysed(page);

    await page.getByTestId('chat-toggle').click();
    await page.locator('#chat-input').fill('この文の文法を教えて');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-assistant')).toContainText('最後の行です。');
    await expectAccessible(page, 'chat');
    await screenshot(page, `screen-chat-${theme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '清空' }).click();
    const png = await makeImageInPage(page, 'image/png', 480, 200);
    await pasteFile(page, '#reader-input', { name: 'page.png', type: 'image/png', base64: png });
    await expect(page.getByTestId('ocr-panel')).toHaveAttribute('data-status', 'done');
    await expectAccessible(page, 'ocr');
    await screenshot(page, `screen-ocr-${theme}`);

    await page.getByRole('button', { name: '设置' }).click();
    await expect(page.getByTestId('settings-reading')).toBeVisible();
    await expectAccessible(page, 'settings');
    await screenshot(page, `screen-settings-${theme}`);
  });
}
