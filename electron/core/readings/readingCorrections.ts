/**
 * The learner's reading corrections (SQLite `reading_corrections`), held in memory too: every
 * token of every text asks for its word's, and there are a handful of them.
 */
import type Database from 'better-sqlite3';
import type { ReadingCorrection } from '../../../shared/contract/readings';
import { AppError } from '../../../shared/result';
import { toHiraganaReading } from '../analyzer/reading';

const KANJI = /[\p{Script=Han}\u3005\u3006\u30F6]/u;
const KANA_ONLY = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;

interface Row {
  word: string;
  reading: string;
  updated_at: number;
}

const toCorrection = (r: Row): ReadingCorrection => ({ word: r.word, reading: r.reading, updatedAt: new Date(r.updated_at).toISOString() });

export class ReadingCorrections {
  private readonly byWord = new Map<string, ReadingCorrection>();

  constructor(
    private readonly db: Database.Database,
    private readonly onChange: (word: string, correction: ReadingCorrection | null) => void = () => undefined,
  ) {
    for (const r of db.prepare('SELECT word, reading, updated_at FROM reading_corrections').all() as Row[]) this.byWord.set(r.word, toCorrection(r));
  }

  /** The corrected reading of a word as written, if the learner set one. */
  get(word: string): string | undefined {
    return this.byWord.get(word)?.reading;
  }

  list(): ReadingCorrection[] {
    return [...this.byWord.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.word.localeCompare(b.word));
  }

  /** Sets a word's reading; a word without a kanji or a reading that is not kana is refused. */
  set(word: string, reading: string): ReadingCorrection {
    const w = word.trim().normalize('NFC');
    const r = reading.trim().normalize('NFKC');
    if (!KANJI.test(w)) throw new AppError({ code: 'bad_request', message: `“${w}” has no kanji: its reading is the word itself.`, status: 400 });
    if (!KANA_ONLY.test(r)) throw new AppError({ code: 'bad_request', message: `A reading is written in kana, not “${r}”.`, status: 400 });
    const row: Row = { word: w, reading: toHiraganaReading(r), updated_at: Date.now() };
    this.db.prepare('INSERT INTO reading_corrections (word, reading, updated_at) VALUES (@word, @reading, @updated_at) ON CONFLICT(word) DO UPDATE SET reading = excluded.reading, updated_at = excluded.updated_at').run(row);
    const correction = toCorrection(row);
    this.byWord.set(w, correction);
    this.onChange(w, correction);
    return correction;
  }

  /** Forgets a word's correction; false when it had none. */
  remove(word: string): boolean {
    const w = word.trim().normalize('NFC');
    const removed = this.db.prepare('DELETE FROM reading_corrections WHERE word = ?').run(w).changes > 0;
    this.byWord.delete(w);
    if (removed) this.onChange(w, null);
    return removed;
  }
}
