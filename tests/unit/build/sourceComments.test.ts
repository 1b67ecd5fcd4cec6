/**
 * Comments and test names cite only what a reader of the repo can open: the
 * planning documents kept outside it (the architecture notes, the interfaces
 * list, the two numbered API documents) are never named in the code; a comment
 * names a file of the repo or states the rule itself. README.md may name such a
 * document only if the repo contains it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['electron', 'renderer', 'shared', 'tests', 'bench'];
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|css|html)$/;
/** Spelled in pieces so that this file does not cite them itself. */
const OUTSIDE_DOCUMENTS = ['ARCHITECTURE', 'interfaces'].map((name) => `${name}.md`);
const CITATION = new RegExp(`${OUTSIDE_DOCUMENTS.map((d) => d.replace('.', '\\.')).join('|')}|\\bseed[ -]?00[01]\\b`, 'i');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (SOURCE_FILE.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/** `file:line: text` for every line that cites an outside document. */
function citations(file: string): string[] {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (CITATION.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : []));
}

function repoHasFile(name: string): boolean {
  const look = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      if (e.isDirectory()) return !['node_modules', '.git', 'out'].includes(e.name) && look(path.join(dir, e.name));
      return e.name === name;
    });
  return look(ROOT);
}

describe('comments cite only what the repo contains', () => {
  it('no source or test file names a document kept outside the repo', () => {
    const files = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .flatMap(citations);
    expect(found).toEqual([]);
  });

  it('README.md and docs/ name such a document only if the repo contains it', () => {
    const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f));
    expect(docs.length).toBeGreaterThan(0);
    for (const file of ['README.md', ...docs]) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const named = OUTSIDE_DOCUMENTS.filter((d) => text.includes(d));
      expect(named.filter((d) => !repoHasFile(d)), file).toEqual([]);
    }
  });

  it('every link from README.md to a file of the repo leads somewhere', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\((?!https?:|#)([^)#]+)[^)]*\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(fs.existsSync(path.join(ROOT, link)), link).toBe(true);
  });
});
