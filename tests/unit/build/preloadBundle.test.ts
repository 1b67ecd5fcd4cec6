import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const outDir = path.resolve(import.meta.dirname, '../../../out/preload');

describe('built preload', () => {
  it('is one file whose only require is electron', () => {
    if (!fs.existsSync(outDir)) throw new Error('out/preload is missing: run `npm run build` first (npm test does it)');
    const files = fs.readdirSync(outDir, { recursive: true }).map(String).filter((f) => !f.endsWith('.map'));
    expect(files).toEqual(['index.cjs']);
    const code = fs.readFileSync(path.join(outDir, 'index.cjs'), 'utf8');
    const requires = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(requires.length).toBeGreaterThan(0);
    expect(new Set(requires)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/\bimport\s*\(/);
    expect(code).toContain('exposeInMainWorld');
    // The renderer gets named functions, never ipcRenderer itself.
    expect(code).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
  });
});
