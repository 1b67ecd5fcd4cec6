/** The learner's reading corrections: stored in SQLite, read from memory, each change announced. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ReadingCorrections } from '../../../electron/core/readings/readingCorrections';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import { migrate } from '../../../electron/core/store/migrator';
import { memoryDb } from '../../support/memoryDb';
import { makeTempDir } from '../../support/tempDir';

describe('reading corrections', () => {
  it('sets, replaces, lists (most recent first) and forgets a word’s reading, announcing each change', () => {
    const changes: [string, string | null][] = [];
    const store = new ReadingCorrections(memoryDb(), (word, c) => changes.push([word, c?.reading ?? null]));
    expect(store.get('毛')).toBeUndefined();
    expect(store.set('毛', 'け')).toMatchObject({ word: '毛', reading: 'け' });
    store.set('行っ', 'おこなっ');
    // Katakana is kept as hiragana; a second correction replaces the first.
    expect(store.set('毛', 'モウ').reading).toBe('もう');
    expect(store.get('毛')).toBe('もう');
    expect(store.list().map((c) => c.word).sort()).toEqual(['毛', '行っ'].sort());
    expect(store.remove('毛')).toBe(true);
    expect(store.remove('毛')).toBe(false);
    expect(store.get('毛')).toBeUndefined();
    expect(changes).toEqual([['毛', 'け'], ['行っ', 'おこなっ'], ['毛', 'もう'], ['毛', null]]);
  });

  it('refuses a word without a kanji and a reading that is not kana, changing nothing', () => {
    const store = new ReadingCorrections(memoryDb());
    store.set('毛', 'け');
    expect(() => store.set('ねこ', 'ねこ')).toThrow(/has no kanji/);
    expect(() => store.set('毛', 'ke')).toThrow(/written in kana/);
    expect(() => store.set('毛', '毛')).toThrow(/written in kana/);
    expect(store.list().map((c) => [c.word, c.reading])).toEqual([['毛', 'け']]);
  });

  it('survives a restart: a new store on the same file knows the corrections', () => {
    const tmp = makeTempDir();
    try {
      const file = path.join(tmp.dir, 'app.db');
      const open = () => {
        const db = new Database(file);
        migrate(db, MIGRATIONS);
        return db;
      };
      const first = open();
      new ReadingCorrections(first).set('恐しい', 'おそろしい');
      first.close();
      expect(fs.existsSync(file)).toBe(true);
      const again = open();
      expect(new ReadingCorrections(again).get('恐しい')).toBe('おそろしい');
      again.close();
    } finally {
      tmp.cleanup();
    }
  });
});
