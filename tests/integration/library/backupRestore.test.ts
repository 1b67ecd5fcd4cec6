/** Backup of the whole database, and validated restore into the running core. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupInfo, DocumentList, PickedBackup, RestoreResult } from '../../../shared/contract/library';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import { migrate } from '../../../electron/core/store/migrator';
import { callErr, callOk } from '../../support/dispatch';
import { makeTempDir } from '../../support/tempDir';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
const scratch = makeTempDir();
let backup: BackupInfo;
/** The file the next open dialog returns: files outside the backups folder are restored as the desktop app does. */
let choice: string | undefined;

beforeAll(() => {
  core = makeTestCore({}, { fileDialogs: { saveBackup: async () => undefined, openBackup: async () => choice, openDictionary: async () => undefined } });
  core.settings.set({ theme: 'dark' });
  const id = core.library.touch('吾輩は猫である。名前はまだ無い。', 'typed');
  core.library.setTranslation(id, 'I am a cat.', 'en');
  core.library.saveChat(id, [{ role: 'user', content: '猫？' }]);
  core.review.star({ kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: '吾輩は猫である。', translation: '', documentId: id });
});
afterAll(() => {
  core.cleanupDir();
  scratch.cleanup();
});

const search = (query: string) => callOk<DocumentList>(core, 'library.list', { query });
const restore = (file: string) => callOk<RestoreResult>(core, 'library.restore', { path: file, confirm: true });
/** Picked in the open dialog (validated there), then restored with the token the pick gave. */
const pickAndRestore = async (file: string) => {
  choice = file;
  const { picked } = await callOk<{ picked?: PickedBackup }>(core, 'library.pickBackupFile');
  return callOk<RestoreResult>(core, 'library.restore', { path: picked!.path, token: picked!.token, confirm: true });
};

describe('backup', () => {
  it('writes a consistent copy into the backups folder and lists it', async () => {
    backup = await callOk<BackupInfo>(core, 'library.backup');
    expect(path.dirname(backup.path)).toBe(path.join(core.config.appDataDir, 'backups'));
    expect(backup.name).toMatch(/^yomimono-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db$/);
    expect(backup.bytes).toBe(fs.statSync(backup.path).size);
    const copy = new Database(backup.path, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1);
    copy.close();
    expect((await callOk<BackupInfo[]>(core, 'library.backups')).map((b) => b.name)).toEqual([backup.name]);
  });
});

describe('restore', () => {
  it('needs confirm: true', async () => {
    expect((await callErr(core, 'library.restore', { path: backup.path })).code).toBe('bad_request');
    expect((await callErr(core, 'library.restore', { path: backup.path, confirm: false })).code).toBe('bad_request');
  });

  it('brings back documents, chats, cards and settings; keeps a copy of what it replaced', async () => {
    const id = (await search('名前は')).items[0]!.id;
    core.library.delete(id);
    core.library.touch('新しい文書だけ。', 'typed');
    core.settings.set({ theme: 'light' });
    const pushed: unknown[] = [];
    const off = core.bus.subscribe((m) => m.event === 'settings.changed' && pushed.push(m.payload));

    const result = await restore(backup.path);
    off();
    expect(result).toMatchObject({ restoredFrom: backup.path, schemaVersion: MIGRATIONS.at(-1)!.version, documents: 1, cards: 1 });
    expect((await search('名前は')).total).toBe(1); // FTS rebuilt
    expect((await search('新しい文書')).total).toBe(0);
    expect((await search('cat')).total).toBe(1);
    const restoredId = (await search('名前は')).items[0]!.id;
    expect(core.library.chats(restoredId)).toHaveLength(1);
    expect(core.review.select()[0]).toMatchObject({ word: '猫', documentId: restoredId });
    expect(core.settings.get().theme).toBe('dark');
    expect(pushed).toHaveLength(1);

    // The replaced data is in the pre-restore copy.
    const previous = new Database(result.previousCopy.path, { readonly: true });
    expect(previous.prepare('SELECT text FROM documents').pluck().all()).toEqual(['新しい文書だけ。']);
    previous.close();
    expect(result.previousCopy.name).toMatch(/^yomimono-before-restore-/);
    expect(core.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(core.db.pragma('foreign_key_check')).toEqual([]);
  });

  it('migrates an older backup', async () => {
    const file = path.join(scratch.dir, 'old.db');
    const old = new Database(file);
    migrate(old, MIGRATIONS.slice(0, 1));
    old.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('theme', '"light"', 1);
    old.close();
    const result = await pickAndRestore(file);
    expect(result).toMatchObject({ schemaVersion: 1, documents: 0, cards: 0 });
    expect(core.settings.get().theme).toBe('light');
    expect(fs.existsSync(file)).toBe(true); // the user's file is never changed
    const again = new Database(file, { readonly: true });
    expect(again.pragma('user_version', { simple: true })).toBe(1);
    again.close();
    await restore(backup.path);
  });

  it('refuses files that are not a usable Yomimono backup, leaving the data as it was', async () => {
    const cases: Array<[string, () => string, RegExp]> = [
      ['missing', () => path.join(scratch.dir, 'nope.db'), /No backup file/],
      ['a folder', () => scratch.dir, /is not a file/],
      ['text', () => write('text.db', 'this is not a database '.repeat(100)), /not a readable database/],
      ['newer', () => sqlite('newer.db', (db) => db.pragma(`user_version = ${MIGRATIONS.at(-1)!.version + 1}`)), /newer Yomimono/],
      ['not ours', () => sqlite('other.db', (db) => (db.exec('CREATE TABLE x (y)'), db.pragma('user_version = 1'))), /not a Yomimono backup/],
      ['no version', () => sqlite('plain.db', (db) => db.exec('CREATE TABLE settings (key)')), /not a Yomimono one/],
      ['damaged', damaged, /damaged|not a readable database/],
    ];
    for (const [name, make, message] of cases) {
      choice = make();
      const error = await callErr(core, 'library.pickBackupFile');
      expect(error.code, name).toBe('bad_request');
      expect(error.message, name).toMatch(message);
      // The same file by name in the backups folder is checked the same way by restore itself.
      if (fs.existsSync(choice) && fs.statSync(choice).isFile()) {
        const inFolder = path.join(path.dirname(backup.path), `bad-${path.basename(choice)}`);
        fs.copyFileSync(choice, inFolder);
        const again = await callErr(core, 'library.restore', { path: inFolder, confirm: true });
        fs.rmSync(inFolder);
        expect(again.code, name).toBe('bad_request');
        expect(again.message, name).toMatch(message);
      }
    }
    expect((await search('名前は')).total).toBe(1);
  });

  it('over HTTP, only files in the backups folder', async () => {
    const outside = path.join(scratch.dir, 'outside.db');
    fs.copyFileSync(backup.path, outside);
    const r = await core.dispatcher.call('library.restore', [{ path: outside, confirm: true }], { transport: 'http' });
    expect(r.ok ? 'ok' : r.error.code).toBe('forbidden');
    const inside = await core.dispatcher.call('library.restore', [{ path: backup.path, confirm: true }], { transport: 'http' });
    expect(inside.ok).toBe(true);
  });
});

function write(name: string, content: string): string {
  const file = path.join(scratch.dir, name);
  fs.writeFileSync(file, content);
  return file;
}

function sqlite(name: string, init: (db: Database.Database) => unknown): string {
  const file = path.join(scratch.dir, name);
  const db = new Database(file);
  init(db);
  db.close();
  return file;
}

/** A real backup with pages in the middle overwritten. */
function damaged(): string {
  const file = path.join(scratch.dir, 'damaged.db');
  const db = new Database(file);
  migrate(db, MIGRATIONS);
  const ins = db.prepare("INSERT INTO answer_cache (key, kind, json, bytes, created_at, last_used_at) VALUES (?, 'ocr', ?, 1, 1, 1)");
  db.transaction(() => {
    for (let i = 0; i < 3000; i++) ins.run(`k${i}`, JSON.stringify('x'.repeat(200)));
  })();
  db.close();
  const bytes = fs.readFileSync(file);
  bytes.fill(0x5a, 4096 * 4, 4096 * 9);
  fs.writeFileSync(file, bytes);
  return file;
}
