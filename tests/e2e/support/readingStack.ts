/**
 * A worker-scoped stack for the reading tests: the fake gateway answering as a
 * model (support/fakeModel.ts), a fake Edge TTS that returns a real WAV tone,
 * and the built server pointed at both. One per worker, because the offline
 * analyzer takes seconds to load; each test starts from default settings.
 */
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';
import { expect, startServe, test as base, type ServeHandle } from '../fixtures';
import { fakeModelReply } from './fakeModel';
import { toneWav } from './images';

export const TEST_KEY = 'sk-or-v1-reading-e2e';

export interface ReadingStack {
  gw: FakeGateway;
  edge: FakeEdgeTts;
  server: ServeHandle;
}

async function startStack(withKey: boolean): Promise<ReadingStack & { stop(): Promise<void> }> {
  const gw = await startFakeGateway({ keys: [{ key: TEST_KEY }], reply: fakeModelReply, chunkChars: 16 });
  // 8 s: long enough that a "stop" click cannot race the audio ending by itself, short enough to synthesize and decode quickly under load.
  const edge = await startFakeEdgeTts({ audio: toneWav(8) });
  const server = await startServe({
    OPENROUTER_API_URL: gw.baseUrl,
    OPENROUTER_API_KEY: withKey ? TEST_KEY : '',
    EDGE_TTS_URL: edge.url,
  });
  return {
    gw,
    edge,
    server,
    async stop() {
      await server.stop();
      await edge.close();
      await gw.close();
    },
  };
}

export const test = base.extend<{ stack: ReadingStack; open: (path?: string) => Promise<Page> }, { keyed: ReadingStack & { stop(): Promise<void> }; keyless: ReadingStack & { stop(): Promise<void> } }>({
  keyed: [
    async ({}, use) => {
      const s = await startStack(true);
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  keyless: [
    async ({}, use) => {
      const s = await startStack(false);
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  stack: async ({ keyed }, use) => {
    // Default settings of a returning learner: the first-run welcome is first-run.spec.ts's subject.
    await keyed.server.rpc('settings.set', { ...DEFAULT_SETTINGS, welcomeDismissed: true });
    keyed.gw.state.chunkDelayMs = 0;
    keyed.gw.state.delayMs = 0;
    keyed.gw.state.chunkChars = 16;
    // The stack outlives the test: forget what earlier tests sent, so a poll on these logs sees only this test's requests.
    keyed.gw.requests.length = 0;
    for (const log of Object.values(keyed.edge.received)) log.length = 0;
    await use(keyed);
  },
  open: async ({ page, stack }, use) => {
    await use(async (path = '/') => {
      await page.goto(`${stack.server.url}${path}`);
      await expect(page.locator('.app[data-loaded="true"]')).toBeVisible({ timeout: 30_000 });
      return page;
    });
  },
});

export { expect };

/** Types into the reader and analyses with the keyboard shortcut. */
export async function analyse(page: Page, text: string): Promise<void> {
  const input = page.locator('#reader-input');
  await input.fill(text);
  await input.press('Control+Enter');
}

/** Waits until the analysis (offline pass and model) has finished. */
export async function analysed(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.getByTestId('analysis-status')).toHaveAttribute('data-state', /done|offline-only|no-key/, { timeout });
}
