/**
 * The credit meter, its popover, the key panel and the limit banner in browser
 * mode: the real renderer against `node out/main/serve.js`, whose gateway is the
 * fake one started in this process (tests/fakes/gateway/). Keys come from the
 * environment, so no keychain is needed. The 402/429 banners are triggered by the
 * reader's own analysis call (`reader.analyze` → the gateway), not injected.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeGateway, type FakeGateway, type FakeGatewayOptions, type FakeKeyInit } from '../fakes/gateway';
import { modelReply } from '../fakes/modelReplies';
import path from 'node:path';
import { test as base, expect as baseExpect, SCREENSHOT_DIR, screenshot, startServe, type ServeHandle } from './fixtures';

// Each test starts its own server and gateway; on a busy machine the first load can take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

const KEY = 'sk-or-v1-e2e-credits-0000000000000000000000';

interface Env {
  gw: FakeGateway;
  app: ServeHandle;
}
interface EnvOptions {
  key?: Partial<FakeKeyInit>;
  gateway?: FakeGatewayOptions;
  noKey?: boolean;
  theme?: 'light' | 'dark';
  /** Extra environment for the app server. */
  serve?: NodeJS.ProcessEnv;
  /** Settings applied before the page loads. */
  settings?: Record<string, unknown>;
}

base.describe.configure({ timeout: 180_000 });
/** The reader's analysis loads the offline dictionary first: slow on a loaded machine. */
const ANALYSIS = { timeout: 60_000 };

const test = base.extend<{ env: (o?: EnvOptions) => Promise<Env> }>({
  env: async ({}, use) => {
    const stops: Array<() => Promise<void>> = [];
    await use(async (o = {}) => {
      // Free replies unless a test says otherwise: the daily sentence's call at load must not move the figures.
      const gw = await startFakeGateway({
        costPerRequest: 0,
        reply: modelReply,
        ...o.gateway,
        keys: [{ key: KEY, name: 'Reader', limit: 10, limitReset: 'daily', ...o.key }],
      });
      const app = await startServe({
        OPENROUTER_API_URL: gw.baseUrl,
        OPENROUTER_API_KEY: o.noKey ? '' : KEY,
        OPENROUTER_MANAGEMENT_KEY: 'mgmt-key',
        ...o.serve,
      });
      stops.push(async () => {
        await app.stop();
        await gw.close();
      });
      await app.rpc('settings.set', { uiLocale: 'en', theme: o.theme ?? 'light', ...o.settings });
      return { gw, app };
    });
    for (const stop of stops.reverse()) await stop();
  },
});

const meter = (page: Page) => page.getByTestId('credit-meter');
const figure = (page: Page) => page.getByTestId('credit-figure');
const keyPolls = (gw: FakeGateway) => gw.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/key').length;
const chatCalls = (gw: FakeGateway) => gw.requests.filter((r) => r.path === '/api/v1/chat/completions');
/** Model analyses the gateway answered with 200 (their structured output is named `japanese_tokens`). */
const analysesServed = (gw: FakeGateway) => chatCalls(gw).filter((r) => r.status === 200 && r.rawBody.includes('"japanese_tokens"')).length;

/** The reader page asks for the sentence of the day on load (a model call): let it finish before scripting the gateway. */
async function settleDaily(page: Page, gw: FakeGateway): Promise<void> {
  // The card carries its status once it shows a sentence (the day's, or the built-in one when that failed).
  await expect(page.getByTestId('daily-card')).toHaveAttribute('data-status', /.+/, { timeout: 30_000 });
  await expect.poll(() => chatCalls(gw).every((r) => r.status !== undefined || r.aborted)).toBe(true);
}

/** WCAG A/AA problems inside the given parts of the page (the credits UI only; other features check their own). */
async function axe(page: Page, ...selectors: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const s of selectors) builder = builder.include(s);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Full-page screenshots with the sticky header where it belongs (at the top). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function analyse(page: Page, text = '猫が好きです。'): Promise<void> {
  await page.locator('#reader-input').fill(text);
  await page.getByTestId('analyze').click();
}

test.describe('credit meter', () => {
  test('shows the gateway numbers, colours at 25 % and 10 % left, follows spending live', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$10.00 of $10.00');
    await expect(meter(page)).toHaveAttribute('data-level', 'ok');
    await expect(meter(page)).toHaveAccessibleName('Credits: $10.00 of $10.00 left');
    await expect(page.getByTestId('credit-free-tier')).toHaveText('Free tier');
    await screenshot(page, 'credits-meter-light');

    // 24 % left: low.
    gw.setKey(KEY, { usage_daily: 7.6, usage_weekly: 7.6, usage_monthly: 7.6, usage: 7.6 });
    await app.rpc('gateway.refresh', 'manual');
    await expect(figure(page)).toHaveText('$2.40 of $10.00');
    await expect(meter(page)).toHaveAttribute('data-level', 'low');
    await screenshot(page, 'credits-meter-low');

    // 8 % left: critical.
    gw.setKey(KEY, { usage_daily: 9.2 });
    await app.rpc('gateway.refresh', 'manual');
    await expect(figure(page)).toHaveText('$0.80 of $10.00');
    await expect(meter(page)).toHaveAttribute('data-level', 'critical');
    await screenshot(page, 'credits-meter-critical');

    // A completion on the app's key (the /api route, no Authorization): its usage.cost shows at once, before any poll.
    await settleDaily(page, gw);
    gw.script({ kind: 'reply', cost: 0.25 });
    const polls = gw.requests.filter((r) => r.path === '/api/v1/key').length;
    const res = await fetch(`${app.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'こんにちは' }], stream: true }),
    });
    expect(res.status).toBe(200);
    await res.text();
    await expect(figure(page)).toHaveText('$0.55 of $10.00');
    expect(gw.requests.filter((r) => r.path === '/api/v1/key').length).toBe(polls);
  });

  test('no cap', async ({ page, env }) => {
    const { app } = await env({ key: { limit: null, limitReset: null, usageDaily: 1.5, isFreeTier: false } });
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('No cap');
    await expect(meter(page)).toHaveAttribute('data-mode', 'no_cap');
    await expect(meter(page)).toHaveAccessibleName('Credits: no cap, $1.50 used today');
    await expect(page.getByTestId('credit-free-tier')).toHaveCount(0);
    await meter(page).click();
    await expect(page.getByTestId('credit-remaining')).toContainText('No cap');
    await expect(page.getByTestId('credit-reset')).toHaveCount(0);
    // include_byok_in_limit is shown without a cap too.
    await expect(page.getByTestId('credit-byok-counts')).toHaveText('Would not count in a cap (none set)');
    await screenshot(page, 'credits-meter-nocap');
  });

  test('offline: the last value stays with its age and an offline label', async ({ page, env }) => {
    const { gw, app } = await env({ key: { usageDaily: 4 } });
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$6.00 of $10.00');
    await gw.close();
    await meter(page).click();
    await page.getByTestId('credit-refresh').click();
    await expect(page.getByTestId('credit-stale')).toContainText('Offline');
    await expect(meter(page)).toHaveAttribute('data-stale', 'true');
    await expect(figure(page)).toHaveText('$6.00 of $10.00');
    await expect(page.getByTestId('credit-stale-help')).toContainText('Last check failed');
    // The age keeps counting while offline.
    await expect(page.getByTestId('credit-stale')).toContainText(/second|now/);
    await page.keyboard.press('Escape');
    await screenshot(page, 'credits-meter-offline');
  });

  test('browser mode: the tab regaining focus polls the gateway once more (spaced)', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$10.00 of $10.00');
    // Settle: the launch poll (and any follow-up) is done.
    await page.waitForTimeout(500);
    const before = keyPolls(gw);
    gw.setKey(KEY, { usage_daily: 4 });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => keyPolls(gw)).toBe(before + 1);
    await expect(figure(page)).toHaveText('$6.00 of $10.00');
    // A second focus right away is spaced out: no extra poll.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(500);
    expect(keyPolls(gw)).toBe(before + 1);
  });

  test('no key configured: a clear no-key state that leads to Settings', async ({ page, env }) => {
    const { app } = await env({ noKey: true });
    await page.goto(app.url);
    // One key invitation per screen: the welcome's while it is open, then the header's.
    await expect(page.getByTestId('welcome-add-key')).toBeVisible();
    await expect(meter(page)).toHaveCount(0);
    await page.getByTestId('welcome-dismiss').click();
    await expect(figure(page)).toHaveText('No API key');
    await expect(meter(page)).toHaveAttribute('data-mode', 'no_key');
    await meter(page).click();
    await page.getByRole('dialog', { name: 'Credits' }).getByRole('button', { name: 'Open Settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  });
});

test.describe('credit popover', () => {
  test('usage, BYOK, reset in local time with a countdown; keyboard and Esc', async ({ page, env }) => {
    const { app } = await env({
      key: {
        limitReset: 'weekly',
        includeByokInLimit: true,
        usageDaily: 1.25,
        usageWeekly: 2.5,
        usageMonthly: 3.75,
        byokUsageDaily: 0.1,
        byokUsageWeekly: 0.2,
        byokUsageMonthly: 0.3,
      },
    });
    await page.goto(app.url);
    // Weekly cap, BYOK counted: 10 − (2.50 + 0.20).
    await expect(figure(page)).toHaveText('$7.30 of $10.00');

    await meter(page).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Credits' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expect(meter(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('credit-key-label')).toHaveText('Reader');
    await expect(page.getByTestId('credit-remaining')).toContainText('$7.30 of $10.00 (73%)');
    await expect(page.getByTestId('credit-usage-today')).toHaveText(/Today\s*\$1\.25\s*\$0\.10/);
    await expect(page.getByTestId('credit-usage-week')).toHaveText(/This week\s*\$2\.50\s*\$0\.20/);
    await expect(page.getByTestId('credit-usage-month')).toHaveText(/This month\s*\$3\.75\s*\$0\.30/);
    await expect(page.getByTestId('credit-byok-counts')).toHaveText('Counted in the cap');
    await expect(page.getByTestId('credit-reset')).toContainText('Weekly');
    // Next Monday 00:00 UTC, in the page's local time, and the time left until then.
    const now = Date.now();
    const d = new Date(now);
    const nextMonday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) + (7 - ((d.getUTCDay() + 6) % 7)) * 86_400_000;
    const local = await page.evaluate(
      (at) => new Intl.DateTimeFormat('en', { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(at),
      nextMonday,
    );
    await expect(page.getByTestId('credit-reset')).toContainText(`Next reset ${local}`);
    const left = nextMonday - now;
    const days = Math.floor(left / 86_400_000);
    // On a Sunday (UTC) less than a day is left: hours and minutes, or m:ss in the last hour.
    await expect(page.getByTestId('credit-reset-countdown')).toContainText(days > 0 ? `in ${days} d` : /in (\d+ h \d+ min|\d+:\d\d)/);
    // The "updated" age runs live.
    await expect(page.getByTestId('credit-updated')).toContainText(/seconds? ago/, { timeout: 5_000 });
    await screenshot(page, 'credits-popover-light');
    expect(await axe(page, '[data-testid="credit-meter"]', '[data-testid="credit-popover"]')).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(meter(page)).toBeFocused();

    await app.rpc('settings.set', { theme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await meter(page).click();
    await expect(dialog).toBeVisible();
    await screenshot(page, 'credits-popover-dark');
    // A click outside closes it too (the heading's left end: the popover covers its middle).
    await page.getByRole('heading', { level: 1 }).click({ position: { x: 8, y: 8 } });
    await expect(dialog).toBeHidden();
    await screenshot(page, 'credits-meter-dark');
  });
});

test.describe('key panel', () => {
  async function openPanel(page: Page) {
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByTestId('key-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('kp-hash')).not.toBeEmpty();
    return panel;
  }

  test('rename, cap and reset, clear the cap, BYOK; validation and server errors', async ({ page, env }) => {
    const { gw, app } = await env();
    const patches = () => gw.requests.filter((r) => r.method === 'PATCH');
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$10.00 of $10.00');
    const panel = await openPanel(page);
    await expect(panel.getByLabel('Name')).toHaveValue('Reader');

    // Rename: blank refused locally, then saved on the gateway.
    await panel.getByLabel('Name').fill('   ');
    await panel.getByRole('button', { name: 'Rename' }).click();
    await expect(panel.getByTestId('kp-name-outcome')).toHaveText('Enter a name.');
    expect(patches()).toHaveLength(0);
    await panel.getByLabel('Name').fill('Study key');
    await panel.getByRole('button', { name: 'Rename' }).click();
    await expect(panel.getByTestId('kp-name-outcome')).toHaveText('Saved');
    expect(gw.key(KEY)).toMatchObject({ name: 'Study key', label: 'Study key' });
    expect(patches().at(-1)?.headers.authorization).toBe('Bearer mgmt-key');

    // Cap: not a number, negative → refused before sending.
    const cap = panel.getByLabel('Spending cap (USD)');
    await cap.fill('abc');
    await panel.getByRole('button', { name: 'Save cap' }).click();
    await expect(panel.getByTestId('kp-cap-outcome')).toHaveText('Enter the cap as a number of dollars, 0 or more.');
    await expect(cap).toHaveAttribute('aria-invalid', 'true');
    await cap.fill('-1');
    await panel.getByRole('button', { name: 'Save cap' }).click();
    await expect(panel.getByTestId('kp-cap-outcome')).toHaveText('Enter the cap as a number of dollars, 0 or more.');
    expect(patches()).toHaveLength(1);
    // Nothing changed → said locally.
    await cap.fill('10');
    await panel.getByRole('button', { name: 'Save cap' }).click();
    await expect(panel.getByTestId('kp-cap-outcome')).toHaveText('Nothing to change.');
    // A real change: $5, weekly; the meter follows.
    await cap.fill('5');
    await panel.getByLabel('Cap resets').selectOption('weekly');
    await panel.getByRole('button', { name: 'Save cap' }).click();
    await expect(panel.getByTestId('kp-cap-outcome')).toHaveText('Saved');
    expect(gw.key(KEY)).toMatchObject({ limit: 5, limit_reset: 'weekly' });
    expect(patches().at(-1)?.body).toEqual({ limit: 5, limit_reset: 'weekly' });
    await expect(figure(page)).toHaveText('$5.00 of $5.00');
    await shot(page, 'credits-key-panel-light');
    await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'credits-key-panel-closeup-light.png') });

    // Clear the cap.
    await panel.getByLabel('No cap').check();
    await expect(cap).toBeDisabled();
    await panel.getByRole('button', { name: 'Save cap' }).click();
    await expect(panel.getByTestId('kp-cap-outcome')).toHaveText('Saved');
    expect(gw.key(KEY).limit).toBeNull();
    await expect(figure(page)).toHaveText('No cap');

    // BYOK counting.
    const byok = panel.getByRole('switch', { name: 'Count usage of your own provider keys (BYOK) against the cap' });
    await expect(byok).not.toBeChecked();
    await byok.click();
    await expect(panel.getByTestId('kp-byok-outcome')).toHaveText('Saved');
    expect(gw.key(KEY).include_byok_in_limit).toBe(true);
    await expect(byok).toBeChecked();

    // The gateway's refusal is said in the UI language, never in the gateway's own words.
    gw.script({ path: '/keys', kind: 'error', status: 400, message: 'No update fields provided' });
    await panel.getByLabel('Name').fill('Another');
    await panel.getByRole('button', { name: 'Rename' }).click();
    const refused = panel.getByTestId('kp-name-outcome');
    await expect(refused).toHaveAttribute('role', 'alert');
    await expect(refused).not.toBeEmpty();
    await expect(refused).not.toContainText('No update fields provided');
    expect(gw.key(KEY).name).toBe('Study key');

    await app.rpc('settings.set', { theme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot(page, 'credits-key-panel-dark');
    expect(await axe(page, '[data-testid="key-panel"]')).toEqual([]);
    await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'credits-key-panel-closeup-dark.png') });
  });

  test('disabling the key the app uses asks first; the meter shows it; enabling brings it back', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    const panel = await openPanel(page);
    const enabled = panel.getByRole('switch', { name: 'Key enabled' });
    await expect(enabled).toBeChecked();

    await enabled.click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable the key Yomimono uses?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, 'credits-disable-confirm');
    await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'credits-disable-confirm-closeup.png') });
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(enabled).toBeChecked();
    await expect(enabled).toBeFocused();
    expect(gw.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await enabled.click();
    await confirm.getByRole('button', { name: 'Disable key' }).click();
    await expect(panel.getByTestId('kp-enabled-outcome')).toHaveText('Saved');
    expect(gw.key(KEY).disabled).toBe(true);
    await expect(enabled).not.toBeChecked();
    await expect(page.getByTestId('credit-key-state')).toHaveText('Key disabled');
    await expect(meter(page)).toHaveAttribute('data-key-state', 'disabled');
    await shot(page, 'credits-key-disabled');

    await enabled.click();
    await expect(panel.getByTestId('kp-enabled-outcome')).toHaveText('Saved');
    expect(gw.key(KEY).disabled).toBe(false);
    await expect(enabled).toBeChecked();
    await expect(meter(page)).toHaveAttribute('data-key-state', 'ok');
    await expect(page.getByTestId('credit-key-state')).toHaveCount(0);
  });

  test('a key whose expiry has passed: the poll gets 401 and the meter says expired', async ({ page, env }) => {
    const { gw, app } = await env({ key: { expiresAt: new Date(Date.now() + 3_600_000).toISOString() } });
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$10.00 of $10.00');
    await expect(meter(page)).toHaveAttribute('data-key-state', 'ok');
    // The key is now due to expire in a moment, and the meter learns that expiry.
    const soon = Date.now() + 2_000;
    gw.setKey(KEY, { expires_at: new Date(soon).toISOString() });
    await app.rpc('gateway.refresh', 'manual');
    await expect(meter(page)).toHaveAttribute('data-key-state', 'ok');
    await page.waitForTimeout(Math.max(0, soon - Date.now()) + 200);
    // The gateway answers 401 now; the expiry it last reported tells why.
    await app.rpc('gateway.refresh', 'manual');
    expect(gw.requests.at(-1)?.status).toBe(401);
    await expect(meter(page)).toHaveAttribute('data-key-state', 'expired');
    await expect(page.getByTestId('credit-key-state')).toHaveText('Key expired');
  });

  test('a key disabled elsewhere shows as invalid', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$10.00 of $10.00');
    gw.setKey(KEY, { disabled: true });
    await app.rpc('gateway.refresh', 'manual');
    await expect(page.getByTestId('credit-key-state')).toHaveText('Key invalid');
    await expect(meter(page)).toHaveAttribute('data-key-state', 'invalid');
  });
});

test.describe('limit banner', () => {
  test('402, empty balance: says so, links to the credits page, retries on demand', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await settleDaily(page, gw);
    gw.state.balance = 0;
    await analyse(page);
    const banner = page.getByTestId('limit-banner');
    await expect(banner).toBeVisible(ANALYSIS);
    await expect(banner).toHaveAttribute('data-code', 'insufficient_credits');
    await expect(banner.getByTestId('limit-reason')).toHaveText('Your OpenRouter balance is used up.');
    await expect(banner.getByTestId('limit-raw')).toHaveCount(0); // the provider's own words are never shown
    const add = banner.getByRole('link', { name: 'Add credits' });
    await expect(add).toHaveAttribute('href', 'https://openrouter.ai/settings/credits');
    await expect(add).toHaveAttribute('target', '_blank');
    await expect(banner.getByTestId('limit-raise-cap')).toHaveCount(0);
    await screenshot(page, 'limits-402-light');
    await app.rpc('settings.set', { theme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await screenshot(page, 'limits-402-dark');

    // Credits added: the retry goes through and the banner leaves.
    gw.state.balance = 10;
    const before = chatCalls(gw).length;
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => chatCalls(gw).length, ANALYSIS).toBeGreaterThan(before);
  });

  test("402, key cap: raise the cap in the key panel, or wait for the reset", async ({ page, env }) => {
    const { gw, app } = await env({ key: { limit: 1, usageDaily: 1, usage: 1, usageWeekly: 1, usageMonthly: 1 } });
    await page.goto(app.url);
    await expect(figure(page)).toHaveText('$0.00 of $1.00');
    await expect(meter(page)).toHaveAttribute('data-level', 'critical');
    await settleDaily(page, gw);
    await analyse(page);
    const banner = page.getByTestId('limit-banner');
    await expect(banner.getByTestId('limit-reason')).toHaveText('This key has reached its spending cap.', ANALYSIS);
    await expect(banner.getByTestId('limit-wait-reset')).toContainText(/or wait for the reset at .+ \(in /);
    await expect(banner.getByRole('link', { name: 'Add credits' })).toHaveCount(0);
    await screenshot(page, 'limits-402-keycap');
    await banner.getByRole('button', { name: "Raise the key's cap" }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByTestId('key-panel')).toBeFocused();
  });

  test('429 after the client gave up: live countdown, then retries by itself', async ({ page, env }) => {
    const { gw, app } = await env();
    // The page's clock runs in real time (the countdown is seen to move) until the test jumps it to
    // the end of the 20 s wait instead of waiting it out.
    await page.clock.install();
    await page.goto(app.url);
    await settleDaily(page, gw);
    const rateLimited = (retryAfter: number) => ({
      kind: 'error' as const,
      status: 429,
      message: 'Rate limit exceeded: free-models-per-min.',
      metadata: { error_type: 'rate_limit_exceeded' },
      retryAfter,
    });
    // The client honours Retry-After three times (1 s each); the fourth answer (wait 20 s) reaches the reader.
    gw.script(rateLimited(1), rateLimited(1), rateLimited(1), rateLimited(20));
    await analyse(page);
    const banner = page.getByTestId('limit-banner');
    await expect(banner).toBeVisible(ANALYSIS);
    expect(gw.requests.filter((r) => r.status === 429)).toHaveLength(4);
    await expect(banner).toHaveAttribute('data-code', 'rate_limited');
    await expect(banner.getByTestId('limit-reason')).toHaveText('Free-model limit reached (requests per minute).');
    await expect(banner.getByRole('button', { name: 'Retry now' })).toBeVisible();
    // A live countdown: it moves.
    const countdown = banner.getByTestId('limit-countdown');
    await expect(countdown).toHaveText(/Retrying in 0:[0-2]\d/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
    await screenshot(page, 'limits-429-countdown');
    expect(analysesServed(gw)).toBe(0);
    // The wait ends: the analysis runs again on its own and succeeds.
    await page.clock.fastForward(20_000);
    await expect(banner).toBeHidden();
    await expect.poll(() => analysesServed(gw), ANALYSIS).toBe(1);
  });

  test('429 daily limit: not retried by the client, reset time shown, retry on demand', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await settleDaily(page, gw);
    const reset = Date.now() + 2 * 3_600_000 + 30_000;
    gw.script({
      kind: 'error',
      status: 429,
      message: 'Rate limit exceeded: free-models-per-day. Add 10 credits to unlock 1000 free model requests per day',
      metadata: { error_type: 'rate_limit_exceeded' },
      rateLimit: { limit: 50, remaining: 0, reset },
    });
    await analyse(page);
    const banner = page.getByTestId('limit-banner');
    await expect(banner.getByTestId('limit-reason')).toHaveText('Daily free-model limit reached.', ANALYSIS);
    // Reported at once: the client does not wait hours for a daily limit.
    expect(gw.requests.filter((r) => r.status === 429)).toHaveLength(1);
    await expect(banner.getByTestId('limit-countdown')).toHaveText(/Retrying in 2 h 0 min/);
    await expect(banner).toContainText('Buying 10 credits raises the daily free-model limit to 1000.');
    await expect(banner.getByRole('link', { name: 'Add credits' })).toBeVisible();
    await screenshot(page, 'limits-429-light');
    await app.rpc('settings.set', { theme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await screenshot(page, 'limits-429-dark');
    expect(await axe(page, '[data-testid="limit-banner"]')).toEqual([]);
    expect(analysesServed(gw)).toBe(0);
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => analysesServed(gw), ANALYSIS).toBe(1);
  });

  test('429 from the model provider (no Retry-After, no reset): a default wait that counts down, retry on demand', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await settleDaily(page, gw);
    const upstream429 = { kind: 'error' as const, status: 429, message: 'Provider returned error', metadata: { provider_name: 'FakeProvider' } };
    // The client backs off three times on its own; the fourth answer reaches the reader.
    gw.script(upstream429, upstream429, upstream429, upstream429);
    await analyse(page);
    const banner = page.getByTestId('limit-banner');
    await expect(banner).toBeVisible(ANALYSIS);
    expect(gw.requests.filter((r) => r.status === 429)).toHaveLength(4);
    await expect(banner).toHaveAttribute('data-code', 'rate_limited');
    await expect(banner.getByTestId('limit-reason')).toHaveText('The model provider is limiting requests right now.');
    await expect(banner.getByTestId('limit-raw')).toHaveCount(0);
    // No wait named by the gateway: the banner waits 30 s and counts down.
    const countdown = banner.getByTestId('limit-countdown');
    await expect(countdown).toHaveText(/Retrying in 0:[0-3]\d/);
    const waitMs = Number(await countdown.getAttribute('data-wait-ms'));
    expect(waitMs).toBeGreaterThan(15_000);
    expect(waitMs).toBeLessThanOrEqual(30_000);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
    await screenshot(page, 'limits-429-upstream');
    expect(analysesServed(gw)).toBe(0);
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => analysesServed(gw), ANALYSIS).toBe(1);
  });

  test('402 inside a stream (error chunk after the first byte): the banner, and the meter polls at once', async ({ page, env }) => {
    const { gw, app } = await env();
    await page.goto(app.url);
    await settleDaily(page, gw);
    gw.script({ kind: 'midStreamError', code: 402, message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' });
    await analyse(page);
    const banner = page.getByTestId('limit-banner');
    await expect(banner).toBeVisible(ANALYSIS);
    await expect(banner).toHaveAttribute('data-code', 'insufficient_credits');
    await expect(banner.getByTestId('limit-reason')).toHaveText('Your OpenRouter balance is used up.');
    await expect(banner.getByRole('link', { name: 'Add credits' })).toBeVisible();
    // The stream's 402 reached the meter: a poll right after it (not the 30 s completion cadence).
    const failed = chatCalls(gw).find((r) => r.rawBody.includes('"japanese_tokens"'));
    expect(failed?.status).toBe(200);
    await expect
      .poll(() => gw.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/key' && r.at >= (failed?.at ?? Infinity) && r.at - (failed?.at ?? 0) < 3_000))
      .toBe(true);
  });

  test('free-model throttle: the inline error names the window and the next slot', async ({ page, env }) => {
    const FREE = 'meta-llama/llama-3.3-70b-instruct:free';
    const { gw, app } = await env({ serve: { YOMIMONO_FREE_MODELS_PER_MINUTE: '1' }, settings: { models: { openrouter: FREE } } });
    await page.goto(app.url);
    await settleDaily(page, gw);
    // Use up the minute's single slot (the daily sentence may already have taken it).
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.url}/api/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: FREE, messages: [{ role: 'user', content: 'こんにちは' }] }),
      });
      await res.text();
      if (!res.ok) break;
    }
    const served = chatCalls(gw).length;
    await analyse(page);
    const inline = page.getByTestId('analysis-model-error');
    await expect(inline).toBeVisible(ANALYSIS);
    await expect(inline).toHaveAttribute('data-code', 'free_model_limit');
    const text = inline.getByTestId('free-limit-text');
    await expect(text).toHaveAttribute('data-window', 'minute');
    await expect(text).toHaveText(/^Free-model limit \(1 a minute\): next slot in \d+ s\.$/);
    const seconds = Number((await text.textContent())?.match(/in (\d+) s/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // It counts down.
    await expect(text).not.toHaveText(`Free-model limit (1 a minute): next slot in ${seconds} s.`, { timeout: 3_000 });
    // Refused by the app itself: the gateway never saw the call.
    expect(chatCalls(gw).length).toBe(served);
    await expect(page.getByTestId('limit-banner')).toHaveAttribute('data-code', 'free_model_limit');
    await screenshot(page, 'limits-free-inline');
  });
});
