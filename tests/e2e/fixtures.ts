import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startServe, type ServeHandle } from './support/serve';

export { startServe, type ServeHandle };

const root = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = path.join(root, 'test-results/screens');

export const test = base.extend<{ app: ServeHandle }>({
  app: async ({}, use) => {
    const server = await startServe();
    await use(server);
    await server.stop();
  },
});

export { expect };

/**
 * Waits for the finite CSS animations on the page (a panel fading in) to end: a
 * contrast check or a screenshot taken mid-fade sees half-transparent text.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // A hover popup draws its best entry first and the rest a frame later: the picture shows it whole.
  await expect(page.locator('.dict-popup[data-complete="false"]')).toHaveCount(0);
  await animationsSettled(page);
  // animations: 'disabled' finishes animations, also those the full-page capture itself restarts (its resize
  // replayed the word panel's fade-in, which was captured half-faded).
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}
