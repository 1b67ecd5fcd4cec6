import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f))
    .map((f) => path.join(dir, f));
const importsOf = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|require\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('layers (ARCHITECTURE.md)', () => {
  it('electron/core never imports electron', () => {
    for (const f of sources('electron/core')) expect(importsOf(f), f).not.toContain('electron');
  });

  it('shared/ imports nothing outside shared/ but zod', () => {
    for (const f of sources('shared')) {
      for (const spec of importsOf(f)) {
        if (spec.startsWith('.')) expect(path.resolve(root, path.dirname(f), spec).startsWith(path.join(root, 'shared')), `${f} → ${spec}`).toBe(true);
        else expect(spec, f).toBe('zod');
      }
    }
  });

  it('the renderer reaches the core only through its bridge (no electron, no node, no electron/ imports)', () => {
    for (const f of sources('renderer/src')) {
      for (const spec of importsOf(f)) {
        expect(spec, f).not.toBe('electron');
        expect(spec.startsWith('node:'), `${f} → ${spec}`).toBe(false);
        if (spec.startsWith('.')) expect(path.resolve(root, path.dirname(f), spec).startsWith(path.join(root, 'electron')), `${f} → ${spec}`).toBe(false);
      }
    }
  });
});
