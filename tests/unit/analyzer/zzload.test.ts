import { test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAnalyzer } from '../../../electron/core/analyzer/analyzer';
test('load', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yomibench-'));
  for (let i = 0; i < 4; i++) {
    for (const mode of ['gz', 'cache'] as const) {
      const c0 = process.cpuUsage();
      const a = createAnalyzer(mode === 'cache' ? { cacheDir: dir } : {});
      const r = await a.ready();
      const c = process.cpuUsage(c0);
      console.log(mode, r.loadMs, 'ms wall', Math.round((c.user + c.system) / 1000), 'ms cpu', r.fromCache, os.loadavg()[0]?.toFixed(1));
      await a.close();
    }
  }
}, 300_000);
