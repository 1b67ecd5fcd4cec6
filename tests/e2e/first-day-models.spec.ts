/**
 * A learner's first day (issue 28, stumble 4): the model picker lists models before any typing (the task's
 * recommended ones, then all by maker, with prices and abilities), finds them by maker and ability, and says
 * which model reads images when "same as analysis" is a text-only model; a local OpenAI-compatible server
 * (tests/fakes/localModelServer.ts) is a provider with free models and no credit meter. In English and zh-TW.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test } from '@playwright/test';
import { startFakeGateway, type FakeGateway } from '../fakes/gateway';
import { startFakeLocalModels, type FakeLocalModels } from '../fakes/localModelServer';
import { generateOpenRouterModels } from '../fakes/modelList';
import { modelReply } from '../fakes/modelReplies';
import { animationsSettled, expect, screenshot, SCREENSHOT_DIR, startServe } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Server = Awaited<ReturnType<typeof startServe>>;
const KEY = 'sk-or-v1-e2e-first-day-000000000000000000000';
const TEXT = {
  en: { fallback: 'reads no images, so', image: 'images', localPrice: 'Free: runs on this computer', free: 'This analysis: free', recommended: 'Recommended for this task' },
  'zh-TW': { fallback: '無法讀圖片，因此改用', image: '圖片', localPrice: '免費：在本機執行', free: '本次分析：免費', recommended: '推薦用於此任務' },
} as const;

let gw: FakeGateway;
let local: FakeLocalModels;
let server: Server;
let localServer: Server;

test.beforeAll(async () => {
  gw = await startFakeGateway({ keys: [{ key: KEY, name: 'Reader', limit: 10, limitReset: 'daily' }], reply: modelReply, costPerRequest: 0 });
  local = await startFakeLocalModels({ models: ['llama3.2:latest', 'qwen2.5:7b', 'llava:7b'], reply: modelReply });
  server = await startServe({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
  await expect.poll(async () => (await server.rpc<{ source: string }>('gateway.listModels', 'openrouter')).source, { timeout: 30_000 }).toBe('live');
  localServer = await startServe({ LOCAL_API_URL: local.baseUrl, OPENROUTER_API_URL: 'http://127.0.0.1:9/api/v1', EDGE_TTS_URL: 'ws://127.0.0.1:9/edge' });
});
test.afterAll(async () => {
  await server?.stop();
  await localServer?.stop();
  await gw?.close();
  await local?.close();
});

/** A screenshot of one part of the page (a picker), readable where the whole Settings page is not. */
async function screenshotOf(part: Locator, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await animationsSettled(part.page());
  await part.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

async function openSettings(page: Page, s: Server): Promise<void> {
  await page.goto(s.url);
  await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+,');
  await expect(page.getByTestId('settings-model')).toBeVisible();
}

// A text-only model of the live list (the analysis choice that "Text from images" must not inherit).
const all = generateOpenRouterModels(320);
const textOnly = all.find((m) => !m.architecture.input_modalities.includes('image') && !m.id.endsWith(':free'))!.id;

for (const locale of ['en', 'zh-TW'] as const) {
  test.describe(`in ${locale}`, () => {
    test('the picker lists models before any typing, finds them by maker and ability, and image text says which model reads images', async ({ page }) => {
      const x = TEXT[locale];
      await server.rpc('settings.set', { uiLocale: locale, welcomeDismissed: true, theme: 'light', provider: 'openrouter', models: { openrouter: textOnly }, taskModels: { openrouter: { imageText: null } } });
      await openSettings(page, server);

      // Nothing typed: the task's recommended models, then every maker's group.
      const translation = page.getByTestId('model-picker-translation');
      const recommended = translation.getByTestId('model-recommended-translation');
      await expect(recommended).toContainText(x.recommended);
      await expect(recommended.getByTestId('model-option')).toHaveCount(3);
      await expect(recommended.getByTestId('model-option').first()).toHaveAttribute('data-model', 'google/gemini-2.5-flash');
      await expect(recommended.getByTestId('model-price').first()).toContainText('$');
      const groups = translation.getByTestId('model-group');
      expect(await groups.count()).toBeGreaterThanOrEqual(10);
      const mistral = translation.locator('[data-testid="model-group"][data-vendor="mistralai"]');
      await mistral.locator('summary').click();
      const mistralOptions = mistral.getByTestId('model-option');
      await expect(mistralOptions.first()).toBeVisible();
      expect((await mistralOptions.evaluateAll((els) => els.map((e) => e.getAttribute('data-model') ?? ''))).every((id) => id.startsWith('mistralai/'))).toBe(true);
      await screenshotOf(translation, `first-day-models-browse-${locale}`);

      // Image text, "same as analysis" with a text-only analysis model: the model that reads images is named.
      const current = page.getByTestId('model-current-imageText');
      await expect(current).toContainText(x.fallback);
      const inUse = await current.getAttribute('data-in-use');
      expect(inUse).toBeTruthy();
      expect(inUse).not.toBe(textOnly);
      await expect(current).toContainText(inUse!);
      expect(all.find((m) => m.id === inUse)?.architecture.input_modalities ?? ['image']).toContain('image');
      await screenshotOf(page.getByTestId('model-picker-imageText').locator('.model-picker-head'), `first-day-models-image-fallback-${locale}`);

      // Search by maker and ability (the badge's word in the UI language).
      const chat = page.getByTestId('model-picker-chat');
      await chat.getByTestId('model-search-chat').fill(`openai ${x.image}`);
      const found = chat.getByTestId('model-option');
      await expect(found.first()).toBeVisible();
      const ids = await found.evaluateAll((els) => els.map((e) => e.getAttribute('data-model') ?? ''));
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => id.startsWith('openai/') && all.find((m) => m.id === id)!.architecture.input_modalities.includes('image'))).toBe(true);
      await expect(found.first().getByTestId('badge-image')).toHaveText(x.image);
      await screenshotOf(chat, `first-day-models-search-ability-${locale}`);
    });

    test('a local model server: its models listed free, no credit meter, an analysis shown as free', async ({ page }) => {
      const x = TEXT[locale];
      await localServer.rpc('settings.set', { uiLocale: locale, welcomeDismissed: true, theme: 'light', provider: 'local', models: { local: 'llama3.2:latest' } });
      await openSettings(page, localServer);
      await expect(page.getByTestId('local-url-field')).toBeVisible();
      await expect(page.getByTestId('local-unreachable')).toHaveCount(0);
      const analysis = page.getByTestId('model-picker-analysis');
      await expect(analysis.getByTestId('model-option')).not.toHaveCount(0);
      await expect(analysis.getByTestId('model-price').first()).toHaveText(x.localPrice);
      await expect(page.getByTestId('model-current-imageText')).toHaveAttribute('data-in-use', 'llava:7b');
      await expect(page.getByTestId('credit-meter')).toHaveCount(0);
      await screenshotOf(page.getByTestId('settings-model'), `first-day-local-settings-${locale}`);

      // A bad address is refused in the UI language and changes nothing.
      await page.getByTestId('local-url').fill('ftp://nowhere');
      await page.getByTestId('local-url-save').click();
      await expect(page.getByTestId('local-url-invalid')).toBeVisible();
      expect((await localServer.rpc<{ localApiUrl: string | null }>('settings.get')).localApiUrl).toBeNull();

      // An analysis on the local model: free, with no key anywhere.
      await page.goto(localServer.url);
      // A text of its own per language: a cached analysis would cost nothing and show no cost line.
      await page.locator('#reader-input').fill(locale === 'en' ? '吾輩は猫である。名前はまだ無い。' : '今日は天気がいいので、公園を散歩しました。');
      await page.getByTestId('analyze').click();
      await expect(page.getByTestId('analysis-cost')).toContainText(x.free, { timeout: 90_000 });
      expect(local.requests.some((r) => r.path === '/v1/chat/completions' && r.authorization === undefined)).toBe(true);
      await screenshot(page, `first-day-local-analysis-${locale}`);
    });
  });
}
