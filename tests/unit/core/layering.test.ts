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
/** Every module a file names: imports, type-only imports, re-exports, dynamic imports and requires. */
const importsOf = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|require\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

/** The repo-relative file a relative import names, if it is a source file. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = path.join(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    const full = path.join(root, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return undefined;
}

/** Relative imports between the files under `dir`, as repo-relative paths. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of sources(dir)) {
    const targets = importsOf(f)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolveImport(f, s))
      .filter((t): t is string => t !== undefined && t.startsWith(dir + path.sep));
    graph.set(f, targets);
  }
  return graph;
}

/** One import cycle of the graph (its files in order), or undefined when there is none. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | undefined => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 'open') return [...stack.slice(stack.indexOf(t)), t];
      if (!state.has(t)) {
        const found = visit(t);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(f, 'done');
    return undefined;
  };
  for (const f of [...graph.keys()].sort()) {
    if (state.has(f)) continue;
    const found = visit(f);
    if (found) return found;
  }
  return undefined;
}

const relativeTargets = (f: string) =>
  importsOf(f)
    .filter((s) => s.startsWith('.'))
    .map((s) => path.relative(root, path.resolve(root, path.dirname(f), s)));

describe('layers of the source tree', () => {
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

  it('finds a cycle when there is one (the check below can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b']], ['b', []]]))).toBeUndefined();
  });

  it('electron/core has no import circle (type-only imports included)', () => {
    const cycle = findCycle(importGraph('electron/core'));
    expect(cycle?.join(' → ')).toBeUndefined();
  });

  it('the contract handlers (core/app/handlers) import nothing from core/routes (the HTTP adapter)', () => {
    for (const f of sources('electron/core/app/handlers')) {
      for (const target of relativeTargets(f)) expect(target.startsWith('electron/core/routes'), `${f} → ${target}`).toBe(false);
    }
  });

  it('only the HTTP server wiring imports core/routes: routes adapt HTTP to the core, nothing builds on them', () => {
    // The browser-mode server mounts /api/* (createApi) and allows the analytics script's origin.
    const wiring = new Set(['electron/core/app/browserMode.ts']);
    for (const f of sources('electron')) {
      if (f.startsWith('electron/core/routes/') || wiring.has(f)) continue;
      for (const target of relativeTargets(f)) expect(target.startsWith('electron/core/routes'), `${f} → ${target}`).toBe(false);
    }
  });
});
