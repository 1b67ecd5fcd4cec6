/**
 * Killing the process during heavy writes loses nothing that was committed and
 * the database opens cleanly afterwards. The writer is a real child process
 * (`node` with a small TypeScript loader, see tests/support/tsLoader) using the
 * app's own store code, killed with SIGKILL: no handler, no clean close.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/core/store/database';
import { makeTempDir } from '../../support/tempDir';

const root = path.resolve(import.meta.dirname, '../../..');
const LOADER = pathToFileURL(path.join(root, 'tests/support/tsLoader/register.mjs')).href;
const WRITER = path.join(root, 'tests/support/crashWriter.ts');

const temps: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(() => {
  while (temps.length) temps.pop()!.cleanup();
});

/** Starts the writer and SIGKILLs it once `ready(lines)` holds; resolves with every complete line it printed. */
function writeUntilKilled(dir: string, mode: string, ready: (lines: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', LOADER, WRITER, dir, mode], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the writer never got going:\n${err}`));
    }, 90_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (!killed && ready(out.split('\n').slice(0, -1))) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`the writer exited by itself (${code}):\n${err}`));
      resolve(out.split('\n').slice(0, -1)); // a last line without its newline was cut by the kill
    });
  });
}

const committed = (lines: string[]) => lines.flatMap((l) => /^committed (\d+)$/.exec(l)?.[1] ?? []).map(Number);

function reopenAndCheck(dir: string) {
  const { db, notices } = openDatabase({ dir });
  expect(notices).toEqual([]); // no recovery was needed
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
  db.exec("INSERT INTO documents_fts (documents_fts) VALUES ('integrity-check')"); // the search index matches the documents
  return db;
}

describe('crash safety (SIGKILL during writes)', () => {
  it('keeps every committed transaction of a busy writer', async () => {
    const t = makeTempDir();
    temps.push(t);
    const lines = await writeUntilKilled(t.dir, 'steady', (l) => committed(l).length >= 150);
    const done = committed(lines);
    expect(done.length).toBeGreaterThanOrEqual(150);
    const last = Math.max(...done);

    const db = reopenAndCheck(t.dir);
    try {
      const docs = db.prepare('SELECT count(*) FROM documents').pluck().get() as number;
      // Everything reported is there; at most the one transaction in flight at the kill may be there too.
      expect(docs === last + 1 || docs === last + 2).toBe(true);
      const keys = new Set(db.prepare("SELECT key FROM answer_cache WHERE kind = 'translation'").pluck().all() as string[]);
      const audio = db.prepare('SELECT bytes FROM tts_audio WHERE key = ?').pluck();
      for (const i of done) {
        expect(keys.has(`key-${i}`), `key-${i}`).toBe(true);
        expect(audio.get(`audio-${i}`), `audio-${i}`).toBe(48 * 1024);
      }
      // Each document is whole: its tokens, translation and search entry came in the same transaction.
      const partial = db.prepare("SELECT count(*) FROM documents WHERE tokens_json IS NULL OR translation = ''").pluck().get();
      expect(partial).toBe(0);
      expect(db.prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?').pluck().get(`"文書${last}番"`)).toBe(1);
    } finally {
      db.close();
    }
  }, 120_000);

  it('a transaction killed before its commit leaves no trace', async () => {
    const t = makeTempDir();
    temps.push(t);
    const lines = await writeUntilKilled(t.dir, 'bigTransaction', (l) => l.includes('inside big transaction'));
    expect(committed(lines)).toHaveLength(20);
    const db = reopenAndCheck(t.dir);
    try {
      expect(db.prepare("SELECT count(*) FROM answer_cache WHERE key LIKE 'big-%'").pluck().get()).toBe(0);
      expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(20);
    } finally {
      db.close();
    }
  }, 120_000);
});
