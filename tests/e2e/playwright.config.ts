import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, e2eChromiumExecutable } from '../support/chromium';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Builds the shipped data sets once for every test's server (support/dataTemplate.ts).
  globalSetup: './globalSetup.ts',
  outputDir: path.join(root, 'test-results/e2e-artifacts'),
  timeout: 90_000,
  expect: { timeout: 7_000 },
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'test-results/playwright.json') }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: e2eChromiumExecutable(), args: CHROMIUM_ARGS },
    viewport: { width: 1200, height: 800 },
    // The system language of the test browser: the interface follows it until one is chosen (first-run.spec.ts varies it).
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    // A trace records every test (a screencast and DOM snapshots, about a second of CPU per test)
    // to keep only the failures': on CI, where nobody opens it, the failure's screenshot and error
    // context say enough; locally it stays on.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
});
