import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POS_GROUPS } from '../../../../shared/domain';
import { LOCALES } from '../../../../shared/locales';
import { BACKUP_SENTENCES, backupSentenceFor } from '../../../../shared/backupSentences';
import { hasKanji } from '../../../../renderer/src/reader/kana';

const jsonPath = path.resolve(import.meta.dirname, '../../../../resources/data/backup-sentences.json');

describe('built-in daily sentences', () => {
  it('the renderer copy equals resources/data/backup-sentences.json (the source of truth)', () => {
    const json = JSON.parse(fs.readFileSync(jsonPath, 'utf8')) as { sentences: unknown };
    expect(BACKUP_SENTENCES).toEqual(json.sentences);
  });

  it('has at least seven sentences, each complete', () => {
    expect(BACKUP_SENTENCES.length).toBeGreaterThanOrEqual(7);
    for (const s of BACKUP_SENTENCES) {
      expect(s.tokens.map((t) => t.word).join(''), s.id).toBe(s.text);
      for (const t of s.tokens) {
        expect(POS_GROUPS).toContain(t.pos);
        // Readings only where there are kanji, in hiragana.
        if (hasKanji(t.word)) expect(t.furigana, `${s.id} ${t.word}`).toMatch(/^[\u3041-\u309f]+$/);
        else expect(t.furigana, `${s.id} ${t.word}`).toBe('');
      }
      for (const l of LOCALES) expect(s.translation[l].trim(), `${s.id} ${l}`).not.toBe('');
    }
  });

  it('picks one per day, in turn, dated that day', () => {
    const a = backupSentenceFor(new Date(2025, 0, 1, 9));
    const b = backupSentenceFor(new Date(2025, 0, 2, 9));
    expect(a.date).toBe('2025-01-01');
    expect(a.text).not.toBe(b.text);
    expect(backupSentenceFor(new Date(2025, 0, 1, 23)).text).toBe(a.text);
  });
});
