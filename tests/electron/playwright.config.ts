import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results/electron-artifacts'),
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
});
