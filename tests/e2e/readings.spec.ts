/**
 * Readings in the browser: the analyzer's furigana checked against the dictionary (第一毛: け, not
 * もう), and a reading corrected by hand from the word panel, shown at once in the text, kept
 * after a reload, and forgotten again. Bad input gets a clear message and changes nothing.
 */
import type { Page } from '@playwright/test';
import { test } from '@playwright/test';
import { jmdictXml } from '../support/dictionary/jmdictXml';
import { expect, screenshot, startServe } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const FIRST_ANALYSIS_MS = 90_000;
let server: Server;

const WORDS = jmdictXml([
  { id: 1, kanji: ['毛'], readings: ['け'], pri: ['ichi1'], pos: ['n'], glosses: ['hair'] },
  { id: 2, kanji: ['毛'], readings: ['もう'], pos: ['num'], glosses: ['one-thousandth'] },
  { id: 3, kanji: ['夜'], readings: ['よる'], pri: ['ichi1'], pos: ['n'], glosses: ['night'] },
]);
const TEXT = '第一毛をもって夜を過ごした。';

test.beforeAll(async () => {
  server = await startServe({ OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  await server.rpc('settings.set', { uiLocale: 'en' });
  await server.rpc('dictionary.import', { name: 'JMdict_e', dataBase64: Buffer.from(WORDS).toString('base64') });
});
test.afterAll(async () => {
  await server?.stop();
});

async function analysed(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await page.locator('#reader-input').fill(TEXT);
  await page.getByTestId('analyze').click();
  await expect(page.getByRole('button', { name: /^毛/ })).toBeVisible({ timeout: FIRST_ANALYSIS_MS });
}

const hair = (page: Page) => page.getByTestId('reading-view').getByRole('button', { name: /^毛/ });

test('the analyzer’s reading is checked against the dictionary: 毛 is け', async ({ page }) => {
  await analysed(page);
  await expect(hair(page)).toHaveAttribute('aria-label', '毛 (け)');
  await expect(hair(page).locator('rt')).toHaveText('け');
});

test('a reading corrected in the word panel shows at once, survives a reload, and can be forgotten', async ({ page }) => {
  await analysed(page);
  await hair(page).click();
  const panel = page.getByTestId('detail-panel');
  await expect(panel.getByTestId('detail-reading-value')).toHaveText('け');
  await panel.getByTestId('reading-edit').click();
  const input = panel.getByTestId('reading-input');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('け');

  // Not kana: a clear message, nothing saved.
  await input.fill('mou');
  await input.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('Write the reading in kana (hiragana or katakana).');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'reading-correction-error');

  // Esc leaves the editor, not the panel.
  await input.press('Escape');
  await expect(panel.getByTestId('reading-editor')).toHaveCount(0);
  await expect(panel).toBeVisible();

  await panel.getByTestId('reading-edit').click();
  await input.fill('モウ');
  await expect(panel.getByText('In kana. 毛 will be read so everywhere: texts, books, the daily sentence, history and review.')).toBeVisible();
  await screenshot(page, 'reading-correction-editor');
  await input.press('Enter');
  await expect(panel.getByTestId('reading-editor')).toHaveCount(0);
  await expect(panel.getByTestId('detail-reading-value')).toHaveText('もう');
  await expect(panel.getByTestId('reading-yours')).toHaveText('your reading');
  await expect(panel.locator('#detail-heading rt')).toHaveText('もう');
  // The text on screen, at once.
  await expect(hair(page)).toHaveAttribute('aria-label', '毛 (もう)');
  await screenshot(page, 'reading-correction-saved');

  // Kept by the core: a fresh page analyses the text with it.
  await page.reload();
  await analysed(page);
  await expect(hair(page)).toHaveAttribute('aria-label', '毛 (もう)');

  // Forgotten: the checked reading again, in the panel and the text.
  await hair(page).click();
  await panel.getByTestId('reading-edit').click();
  await panel.getByTestId('reading-reset').click();
  await expect(panel.getByTestId('detail-reading-value')).toHaveText('け');
  await expect(panel.getByTestId('reading-yours')).toHaveCount(0);
  await expect(hair(page)).toHaveAttribute('aria-label', '毛 (け)');
  expect(await server.rpc('readings.list')).toEqual([]);
});

test('the word panel’s reading editor speaks the learner’s language', async ({ page }) => {
  await server.rpc('settings.set', { uiLocale: 'zh-CN' });
  try {
    await analysed(page);
    await hair(page).click();
    const panel = page.getByTestId('detail-panel');
    await panel.getByRole('button', { name: '修改 毛 的读音（所有出现的地方都会采用）' }).click();
    await expect(panel.getByRole('button', { name: '保存' })).toBeVisible();
    await expect(panel.getByText('请用假名输入。毛 在所有地方都会这样标注振假名：文本、书籍、每日一句、历史记录和复习。')).toBeVisible();
    await screenshot(page, 'reading-correction-editor-zh-CN');
  } finally {
    await server.rpc('settings.set', { uiLocale: 'en' });
  }
});
