/**
 * Desktop backups anywhere: the core asks the injected save/open dialogs (in
 * Electron: the OS dialogs; here a scripted stand-in for the user's choice),
 * writes a consistent copy at the chosen path, and validates a chosen file
 * before the (confirmed) restore. Without dialogs, or over HTTP, both refuse.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupInfo, DocumentList, PickedBackup, RestoreResult } from '../../../shared/contract/library';
import { hardenUntrusted, openUntrustedBackup } from '../../../electron/core/library/backup';
import type { FileDialogs } from '../../../electron/core/library/fileDialogs';
import { callErr, callOk } from '../../support/dispatch';
import { makeTempDir } from '../../support/tempDir';
import { makeTestCore } from '../../support/testCore';

const scratch = makeTempDir();
/** What the user picks in the next dialog (undefined: Cancel). */
let choice: string | undefined;
const asked: string[] = [];
const dialogs: FileDialogs = {
  saveBackup: async (defaultName) => (asked.push(`save:${defaultName}`), choice),
  openBackup: async () => (asked.push('open'), choice),
  openDictionary: async () => undefined,
};
let core: ReturnType<typeof makeTestCore>;

beforeAll(() => {
  core = makeTestCore({}, { fileDialogs: dialogs });
  core.library.touch('吾輩は猫である。', 'typed');
});
afterAll(() => {
  core.cleanupDir();
  scratch.cleanup();
});

const count = () => callOk<DocumentList>(core, 'library.list').then((l) => l.total);

describe('backup to a chosen file', () => {
  it('writes a consistent copy at the chosen path, replacing a file that was there', async () => {
    const file = path.join(scratch.dir, 'my backup.db');
    fs.writeFileSync(file, 'not a database');
    choice = file;
    const r = await callOk<{ saved?: BackupInfo }>(core, 'library.backupToFile');
    expect(asked.at(-1)).toMatch(/^save:yomimono-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db$/);
    expect(r.saved).toMatchObject({ path: file, name: 'my backup.db', bytes: fs.statSync(file).size });
    const copy = new Database(file, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1);
    copy.close();
    expect(fs.readdirSync(scratch.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]); // no temp file left
  });

  it('cancelled: nothing written', async () => {
    choice = undefined;
    expect(await callOk(core, 'library.backupToFile')).toEqual({});
  });
});

describe('restore from a chosen file', () => {
  it('a chosen file is validated, and only replaces the data with restore { confirm: true }', async () => {
    choice = path.join(scratch.dir, 'my backup.db');
    core.library.touch('名前はまだ無い。', 'typed');
    const picked = await callOk<{ picked?: PickedBackup }>(core, 'library.pickBackupFile');
    expect(picked.picked).toMatchObject({ path: choice, name: 'my backup.db', token: expect.any(String) });
    expect(picked.picked!.schemaVersion).toBeGreaterThan(0);
    expect(await count()).toBe(2); // picking replaced nothing
    const { path: file, token } = picked.picked!;
    const restored = await callOk<RestoreResult>(core, 'library.restore', { path: file, token, confirm: true });
    expect(restored.documents).toBe(1);
    expect(await count()).toBe(1);
    // The token is spent: the same call again is refused.
    core.library.touch('名前はまだ無い。', 'typed');
    expect((await callErr(core, 'library.restore', { path: file, token, confirm: true })).code).toBe('forbidden');
    expect(await count()).toBe(2);
  });

  it('a path the renderer names without a token from the dialog is refused, and so is a token for another file', async () => {
    const other = path.join(scratch.dir, 'other.db');
    fs.copyFileSync(path.join(scratch.dir, 'my backup.db'), other);
    const before = await count();
    expect((await callErr(core, 'library.restore', { path: other, confirm: true })).code).toBe('forbidden');
    expect((await callErr(core, 'library.restore', { path: other, token: 'made-up', confirm: true })).code).toBe('forbidden');
    choice = path.join(scratch.dir, 'my backup.db');
    const { picked } = await callOk<{ picked?: PickedBackup }>(core, 'library.pickBackupFile');
    const error = await callErr(core, 'library.restore', { path: other, token: picked!.token, confirm: true });
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(/Restore from file/);
    // Spent by that refusal too: a token is good for one attempt.
    expect((await callErr(core, 'library.restore', { path: picked!.path, token: picked!.token, confirm: true })).code).toBe('forbidden');
    expect(await count()).toBe(before);
  });

  it('a backup is opened as untrusted input: read-only, query-only, trusted_schema off, defensive', () => {
    const db = openUntrustedBackup(path.join(scratch.dir, 'my backup.db'));
    try {
      expect(db.readonly).toBe(true);
      expect(db.pragma('trusted_schema', { simple: true })).toBe(0);
      expect(db.pragma('query_only', { simple: true })).toBe(1);
      expect(db.pragma('cell_size_check', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
    // Defensive mode is (re)asserted even on a connection where it was turned off: the schema cannot be written.
    const copy = path.join(scratch.dir, 'defensive.db');
    fs.copyFileSync(path.join(scratch.dir, 'my backup.db'), copy);
    const w = new Database(copy);
    try {
      w.unsafeMode(true);
      hardenUntrusted(w);
      w.pragma('writable_schema = ON');
      expect(() => w.exec("UPDATE sqlite_master SET sql = sql WHERE name = 'settings'")).toThrow(/may not be modified|read-only|not authorized/);
      expect(w.pragma('trusted_schema', { simple: true })).toBe(0);
    } finally {
      w.close();
    }
  });

  it('a file that is not a backup is refused when picked', async () => {
    choice = path.join(scratch.dir, 'notes.txt');
    fs.writeFileSync(choice, 'hello');
    expect((await callErr(core, 'library.pickBackupFile')).code).toBe('bad_request');
    choice = undefined;
    expect(await callOk(core, 'library.pickBackupFile')).toEqual({});
  });
});

describe('without a desktop', () => {
  it('over HTTP, or in a core without dialogs, both methods are forbidden', async () => {
    const before = asked.length;
    for (const method of ['library.backupToFile', 'library.pickBackupFile']) {
      const r = await core.dispatcher.call(method, [], { transport: 'http' });
      expect(r.ok ? 'ok' : r.error.code).toBe('forbidden');
    }
    expect(asked.length).toBe(before); // no dialog was opened for a browser visitor
    const browser = makeTestCore();
    try {
      expect((await callErr(browser, 'library.backupToFile')).code).toBe('forbidden');
    } finally {
      browser.cleanupDir();
    }
  });
});
