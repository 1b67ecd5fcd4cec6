/**
 * Settings → Models and the cost display in browser mode: the real renderer against
 * `node out/main/serve.js`, whose gateway (and its `GET /models` list of 320+
 * models) is the fake one started here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeGateway, type FakeGateway, type FakeGatewayOptions } from '../fakes/gateway';
import { generateOpenRouterModels } from '../fakes/modelList';
import { modelReply } from '../fakes/modelReplies';
import { test as base, expect as baseExpect, screenshot, startServe, type ServeHandle } from './fixtures';

const expect = baseExpect.configure({ timeout: 15_000 });
base.describe.configure({ timeout: 180_000 });

const KEY = 'sk-or-v1-e2e-models-00000000000000000000000';

async function serveOn(gw: FakeGateway, dataDir: string, source = 'live') {
  const app = await startServe({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, APP_DATA_DIR: dataDir });
  // The catalog is fetched in the background at start (`builtin`: the fetch fails, so wait until it was tried).
  if (source === 'builtin') await expect.poll(() => gw.modelRequests).toBeGreaterThan(0);
  await expect.poll(async () => (await app.rpc<{ source: string }>('gateway.listModels', 'openrouter')).source).toBe(source);
  return app;
}

interface Env {
  gw: FakeGateway;
  app: ServeHandle & { stop(): Promise<void> };
  /** Stops the server and starts another on the same data dir (no wait for a fresh catalog). */
  restart(): Promise<void>;
}

/** A fake gateway and a server on a data dir of its own, all removed after the test. */
const test = base.extend<{ env: (o?: { gateway?: FakeGatewayOptions; prepare?: (gw: FakeGateway) => void; source?: string }) => Promise<Env> }>({
  env: async ({}, use) => {
    const stops: Array<() => Promise<void>> = [];
    await use(async (o = {}) => {
      const gw = await startFakeGateway({ keys: [{ key: KEY, name: 'Reader', limit: 10, limitReset: 'daily' }], reply: modelReply, costPerRequest: 0, ...o.gateway });
      o.prepare?.(gw);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-e2e-models-'));
      const env: Env = {
        gw,
        app: await serveOn(gw, dataDir, o.source),
        async restart() {
          await env.app.stop();
          env.app = await startServe({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, APP_DATA_DIR: dataDir });
        },
      };
      stops.push(async () => {
        await env.app.stop();
        await gw.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      return env;
    });
    for (const stop of stops) await stop();
  },
});

async function openSettings(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('model-source')).toHaveAttribute('data-source', /live|stored/);
}

test('Settings → Models: search, badges, image-only models for image text, a choice per task that survives a restart', async ({ page, env }) => {
  const e = await env();
  const { gw } = e;
  let app = e.app;
  await app.rpc('settings.set', { uiLocale: 'en', theme: 'light' });
  await openSettings(page, app.url);

  // Search by name (case and order free): only matching models, with prices and badges.
  const chat = page.getByTestId('model-picker-chat');
  await chat.getByTestId('model-search-chat').fill('mistralai free');
  const freeOptions = chat.getByTestId('model-option');
  await expect(freeOptions.first()).toBeVisible();
  const ids = await freeOptions.evaluateAll((els) => els.map((e) => e.getAttribute('data-model') ?? ''));
  expect(ids.length).toBeGreaterThan(0);
  expect(ids.every((id) => id.startsWith('mistralai/') && id.endsWith(':free'))).toBe(true);
  await expect(freeOptions.first().getByTestId('badge-free')).toHaveText('free');
  await screenshot(page, 'models-search');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid="settings-model"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await freeOptions.first().getByRole('button').click();
  const chosenChat = ids[0]!;
  await expect(page.getByTestId('model-current-chat')).toHaveText(chosenChat);

  // Image text: a text-only model is not offered.
  const all = generateOpenRouterModels(320);
  const textOnly = all.find((m) => !m.architecture.input_modalities.includes('image'))!.id;
  const imageModel = all.find((m) => m.architecture.input_modalities.includes('image') && m.id.startsWith('openai/model-'))!.id;
  const image = page.getByTestId('model-picker-imageText');
  await image.getByTestId('model-search-imageText').fill(textOnly);
  await expect(image.getByTestId('model-count-imageText')).toContainText('No model matches');
  await image.getByTestId('model-search-imageText').fill(imageModel);
  await image.locator(`[data-model="${imageModel}"] button`).click();
  await expect(page.getByTestId('model-current-imageText')).toHaveText(imageModel);

  // Analysis: a model "released today" (in the live list, not the built-in one).
  const fresh = all.find((m) => m.id.startsWith('cohere/') && !m.id.endsWith(':free'))!.id;
  const analysis = page.getByTestId('model-picker-analysis');
  await analysis.getByTestId('model-search-analysis').fill(fresh.toUpperCase());
  await analysis.locator(`[data-model="${fresh}"] button`).click();
  await expect(page.getByTestId('model-current-analysis')).toHaveText(fresh);
  await expect.poll(async () => (await app.rpc<{ models: { openrouter: string } }>('settings.get')).models.openrouter).toBe(fresh);
  await screenshot(page, 'models-settings');

  // Restart the server on the same data: the choices and the stored catalog are still there.
  gw.models.mode = 'error';
  await e.restart();
  app = e.app;
  await openSettings(page, app.url);
  await expect(page.getByTestId('model-source')).toHaveAttribute('data-source', 'stored');
  await expect(page.getByTestId('model-current-chat')).toHaveText(chosenChat);
  await expect(page.getByTestId('model-current-imageText')).toHaveText(imageModel);
  await expect(page.getByTestId('model-current-analysis')).toHaveText(fresh);
  await expect(page.getByTestId('model-current-translation')).toContainText('Same as analysis');
  await screenshot(page, 'models-after-restart');
});

test('the reading view: asks first above the limit, then shows what the analysis cost; the meter shows today by task', async ({ page, env }) => {
  const { app, gw } = await env({ gateway: { costPerRequest: 0.0021 } });
  // A limit of 0.0002 USD: even a short text is above it with the default model's price.
  await app.rpc('settings.set', { uiLocale: 'en', theme: 'light', costLimitUsd: 0.0002 });
  await page.goto(app.url);
  await expect(page.getByTestId('daily-card')).toHaveAttribute('data-status', /.+/, { timeout: 60_000 });
  await page.locator('#reader-input').fill('吾輩は猫である。名前はまだ無い。');
  await page.getByTestId('analyze').click();
  const prompt = page.getByTestId('cost-prompt');
  await expect(prompt).toContainText('This analysis may cost about $');
  await expect(prompt).toContainText('google/gemini-2.5-flash');
  await screenshot(page, 'models-cost-prompt');
  await page.getByTestId('cost-prompt-cancel').click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId('analysis-status')).toHaveCount(0);

  await page.getByTestId('analyze').click();
  await page.getByTestId('cost-prompt-go').click();
  await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-source', 'model', { timeout: 60_000 });
  await expect(page.getByTestId('analysis-cost')).toContainText('This analysis: $0.0021');
  await expect(page.getByTestId('analysis-cost')).toContainText('tokens');
  await screenshot(page, 'models-cost-line');

  await page.getByTestId('credit-meter').click();
  await expect(page.getByTestId('credit-spend-analysis')).toContainText('$0.0021');
  await expect(page.getByTestId('credit-spend-analysis')).toContainText('requests: 1');
  // The sentence of the day, made at page load, is counted apart.
  await expect(page.getByTestId('credit-spend-daily')).toContainText('$0.0021');
  await screenshot(page, 'models-spend-popover');

  await page.keyboard.press('Escape');

  // The same text again comes from the cache and costs nothing: no question, no model call.
  const chats = () => gw.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
  const before = chats();
  await page.getByTestId('analyze').click();
  await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-source', 'cache', { timeout: 30_000 });
  await expect(page.getByTestId('cost-prompt')).toHaveCount(0);
  expect(chats()).toBe(before);
});

test('a default that left the catalog: Settings says which model is used instead', async ({ page, env }) => {
  const { app } = await env({
    prepare: (gw) => (gw.models.entries = gw.models.entries.filter((m) => (m as { id?: string } | null)?.id !== 'google/gemini-2.5-flash')),
  });
  await app.rpc('settings.set', { uiLocale: 'en', theme: 'dark' });
  await openSettings(page, app.url);
  await expect(page.getByTestId('model-replaced')).toHaveText('google/gemini-2.5-flash is no longer offered: google/gemini-2.5-flash-lite is used instead.');
  await page.getByTestId('settings-model').scrollIntoViewIfNeeded();
  await screenshot(page, 'models-replaced-dark');
});

test('no list fetched yet: the built-in models show their price and abilities as unknown, not as $0', async ({ page, env }) => {
  const { app } = await env({ prepare: (gw) => (gw.models.mode = 'error'), source: 'builtin' });
  await app.rpc('settings.set', { uiLocale: 'en', theme: 'light' });
  await page.goto(app.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('model-source')).toHaveAttribute('data-source', 'builtin');
  const analysis = page.getByTestId('model-picker-analysis');
  // The chosen model and the recommended ones listed before any typing: every price and ability unknown.
  const prices = analysis.getByTestId('model-price');
  await expect(prices.first()).toHaveText('Price unknown (built-in list)');
  expect(new Set(await prices.allTextContents())).toEqual(new Set(['Price unknown (built-in list)']));
  await expect(analysis.getByTestId('badge-abilities-unknown').first()).toHaveText('abilities unknown');
  await expect(analysis.getByTestId('badge-structured')).toHaveCount(0);
  await analysis.getByTestId('model-search-analysis').fill('free');
  const options = analysis.getByTestId('model-option');
  await expect(options.first()).toBeVisible();
  // A `:free` id is free by its name; its price is still not claimed.
  await expect(options.first().getByTestId('badge-free')).toHaveText('free');
  await expect(options.getByTestId('model-price').first()).toHaveText('Price unknown (built-in list)');
  await expect(analysis.getByText('$0.00')).toHaveCount(0);
  await page.getByTestId('settings-model').scrollIntoViewIfNeeded();
  await screenshot(page, 'models-builtin-unknown');
});
