import { expect, screenshot, test } from './fixtures';

test.describe('app shell in browser mode', () => {
  test('renders the header and the reader page', async ({ page, app }) => {
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('阅读日语');
    await expect(page.getByRole('button', { name: '设置' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '日语文本' })).toBeVisible();
    await screenshot(page, 'reader-light');
  });

  test('theme switches and persists across reload', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: '设置' }).click();
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await screenshot(page, 'settings-dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: '设置' }).click();
    await page.getByTestId('theme-light').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('interface language switches to each locale', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: '设置' }).click();
    const expected = { en: 'Settings', ko: '설정', 'zh-TW': '設定', 'zh-CN': '设置' } as const;
    for (const [locale, heading] of Object.entries(expected)) {
      await page.locator('#ui-locale').selectOption(locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    }
    await page.locator('#ui-locale').selectOption('en');
    await screenshot(page, 'settings-light-en');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  });

  test('saves a key to the keychain; the value appears nowhere in the page', async ({ page, app }) => {
    const status = await app.rpc<{ backend: string; unavailable?: { errorId: string } }>('secrets.status');
    test.skip(status.backend === 'none' && !process.env.YOMIMONO_REQUIRE_KEYCHAIN, `no keychain reachable (error id ${status.unavailable?.errorId} in the server log)`);
    expect(status.backend).toBe('keychain');

    const secret = 'sk-or-v1-e2e-NEVER-SHOW-THIS-7f3a';
    await page.goto(app.url);
    await page.getByRole('button', { name: '设置' }).click();
    const row = page.getByTestId('key-row-openrouter');
    await row.getByLabel('OpenRouter API 密钥').fill(secret);
    await row.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('key-status-openrouter')).toContainText('已设置，结尾为 …7f3a');
    await expect(page.getByTestId('key-status-openrouter')).toHaveAttribute('data-set', 'true');
    await expect(row.getByLabel('OpenRouter API 密钥')).toHaveValue('');

    const html = await page.content();
    expect(html).not.toContain('NEVER-SHOW-THIS');
    const inputs = await page.locator('input').evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    expect(inputs.join(' ')).not.toContain('NEVER-SHOW-THIS');
    await screenshot(page, 'settings-key-saved');

    // Still set after a reload (it lives in the keychain), then cleared.
    await page.reload();
    await page.getByRole('button', { name: '设置' }).click();
    await expect(page.getByTestId('key-status-openrouter')).toContainText('…7f3a');
    await page.getByTestId('key-row-openrouter').getByRole('button', { name: '清除' }).click();
    await expect(page.getByTestId('key-status-openrouter')).toHaveText(/未设置/);
  });

  test('Ctrl+, opens settings and Esc returns to the reader', async ({ page, app }) => {
    await page.goto(app.url);
    // The shortcut is the app's own: pressed once the app has loaded (before that no handler listens).
    await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Control+,');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('设置');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('阅读日语');
  });
});
