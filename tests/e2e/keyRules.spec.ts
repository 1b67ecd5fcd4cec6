/** A key that cannot travel in a header is refused in Settings, in the UI language, and nothing is saved. */
import { expect, screenshot, test } from './fixtures';

test('a key with a space inside is refused with a clear message and not saved', async ({ page, app }) => {
  await page.goto(app.url);
  await page.getByRole('button', { name: '设置' }).click();
  const row = page.getByTestId('key-row-openrouter');
  const input = row.getByLabel('OpenRouter API 密钥');
  await input.fill('sk-or-v1-abc def-0123456789');
  await row.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('key-bad-openrouter')).toHaveText(/不能有空格或换行/);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('key-status-openrouter')).toHaveAttribute('data-set', 'false');
  expect(await app.rpc<{ keys: { openrouter: { set: boolean } } }>('secrets.status')).toMatchObject({ keys: { openrouter: { set: false } } });
  await screenshot(page, 'settings-key-refused');
  // Editing the value clears the message.
  await input.fill('sk-or-v1-abcdef-0123456789');
  await expect(page.getByTestId('key-bad-openrouter')).toHaveCount(0);
});
