/**
 * The learner's word knowledge (SQLite `word_status`), held in memory too: every counted word
 * of every text shown asks for its status, and coverage asks for tens of thousands at once.
 *
 * A status set by hand (`mark`) is the learner's word: an import, a review card or a list
 * never overwrites it unless told to (`overwriteMarks`); it is reported as a conflict instead.
 */
import type Database from 'better-sqlite3';
import { WORD_STATUSES, wordKeyId, type WordKey, type WordStatus, type WordStatusSource } from '../../../shared/words';
import type { StoredWord } from '../../../shared/contract/words';
import { toHiraganaReading } from '../analyzer/reading';

export interface WordStatusEntry extends WordKey {
  status: WordStatus;
  /** Null for a word never seen. */
  source: WordStatusSource | null;
  /** ISO 8601; null for a word never seen. */
  changedAt: string | null;
}

export interface WordStatusItem extends WordKey {
  status: WordStatus;
}

export interface WordStatusChange {
  key: WordKey;
  status: WordStatus;
}

export interface SetStatusOptions {
  /** Replace statuses the learner set by hand (asked first, in the UI). */
  overwriteMarks?: boolean;
}

export interface SetStatusOutcome {
  /** Words whose status changed. */
  updated: number;
  /** Words already so. */
  unchanged: number;
  /** Words marked by hand with another status, left as they are (none with `overwriteMarks`). */
  conflicts: Array<WordStatusEntry & { wanted: WordStatus }>;
}

export interface WordListFilter {
  status?: WordStatus;
  source?: WordStatusSource;
  /** Part of the term or the reading. */
  query?: string;
  limit?: number;
  offset?: number;
}

interface Row {
  term: string;
  reading: string;
  status: WordStatus;
  source: WordStatusSource;
  changed_at: number;
}

const toEntry = (r: Row): StoredWord => ({ term: r.term, reading: r.reading, status: r.status, source: r.source, changedAt: new Date(r.changed_at).toISOString() });

/** One spelling per word: the term as written (NFC), the reading in hiragana. */
export function normaliseWordKey(key: WordKey): WordKey {
  return { term: key.term.trim().normalize('NFC'), reading: toHiraganaReading(key.reading.trim().normalize('NFKC')) };
}

export class WordKnowledge {
  private readonly byId = new Map<string, Row>();
  private readonly listeners = new Set<(changed: WordStatusChange[]) => void>();
  private readonly upsert: Database.Statement;
  private readonly log: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {
    for (const r of db.prepare('SELECT term, reading, status, source, changed_at FROM word_status').all() as Row[]) this.byId.set(wordKeyId(r), r);
    this.upsert = db.prepare(
      'INSERT INTO word_status (term, reading, status, source, changed_at) VALUES (@term, @reading, @status, @source, @changed_at) ' +
        'ON CONFLICT(term, reading) DO UPDATE SET status = excluded.status, source = excluded.source, changed_at = excluded.changed_at',
    );
    this.log = db.prepare('INSERT INTO word_status_changes (term, reading, status, previous, source, changed_at) VALUES (?, ?, ?, ?, ?, ?)');
  }

  /** The status of each word, in the same order; a word never seen is `new`. */
  statuses(keys: readonly WordKey[]): WordStatus[] {
    return keys.map((k) => this.byId.get(wordKeyId(k))?.status ?? this.byId.get(wordKeyId(normaliseWordKey(k)))?.status ?? 'new');
  }

  status(key: WordKey): WordStatus {
    return this.statuses([key])[0]!;
  }

  /** Status, source and date of each word, in the same order. */
  entries(keys: readonly WordKey[]): WordStatusEntry[] {
    return keys.map((k) => {
      const n = normaliseWordKey(k);
      const r = this.byId.get(wordKeyId(n));
      return r ? toEntry(r) : { ...n, status: 'new', source: null, changedAt: null };
    });
  }

  /**
   * Sets the words' statuses from one source, in one transaction. A later item for the same word
   * wins. Listeners hear the words whose status changed, once.
   */
  setStatus(items: readonly WordStatusItem[], source: WordStatusSource, opts: SetStatusOptions = {}): SetStatusOutcome {
    const wanted = new Map<string, WordStatusItem>();
    for (const item of items) {
      const key = normaliseWordKey(item);
      if (key.term === '' || key.reading === '') continue;
      wanted.set(wordKeyId(key), { ...key, status: item.status });
    }
    const at = this.now();
    const changed: WordStatusChange[] = [];
    const conflicts: SetStatusOutcome['conflicts'] = [];
    let unchanged = 0;
    const written: Row[] = [];
    for (const [id, item] of wanted) {
      const old = this.byId.get(id);
      if (old && old.status === item.status) {
        // The same status marked by hand becomes the learner's, so no import moves it later.
        if (source === 'mark' && old.source !== 'mark') written.push({ ...old, source: 'mark' });
        unchanged++;
        continue;
      }
      if (old?.source === 'mark' && source !== 'mark' && !opts.overwriteMarks) {
        conflicts.push({ ...toEntry(old), wanted: item.status });
        continue;
      }
      written.push({ term: item.term, reading: item.reading, status: item.status, source, changed_at: at });
      changed.push({ key: { term: item.term, reading: item.reading }, status: item.status });
    }
    if (written.length === 0) return { updated: 0, unchanged, conflicts };
    this.db.transaction(() => {
      for (const row of written) {
        const previous = this.byId.get(wordKeyId(row))?.status ?? 'new';
        this.upsert.run(row);
        if (previous !== row.status) this.log.run(row.term, row.reading, row.status, previous, row.source, row.changed_at);
      }
    })();
    for (const row of written) this.byId.set(wordKeyId(row), row);
    if (changed.length > 0) {
      for (const l of [...this.listeners]) {
        try {
          l(changed);
        } catch {
          // One broken listener must not keep the others from hearing.
        }
      }
    }
    return { updated: changed.length, unchanged, conflicts };
  }

  /** Hears every status change (a batch per call of `setStatus`); returns its unsubscribe. */
  onChange(listener: (changed: WordStatusChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many words have each status (words never seen are not counted). */
  counts(): Record<WordStatus, number> {
    const counts = Object.fromEntries(WORD_STATUSES.map((s) => [s, 0])) as Record<WordStatus, number>;
    for (const r of this.byId.values()) counts[r.status]++;
    return counts;
  }

  /** Stored words matching the filter, most recently changed first, and how many match. */
  list(filter: WordListFilter = {}): { words: StoredWord[]; total: number } {
    const q = filter.query?.trim().normalize('NFC');
    const qReading = q ? toHiraganaReading(q) : undefined;
    const matching = [...this.byId.values()].filter(
      (r) =>
        (!filter.status || r.status === filter.status) &&
        (!filter.source || r.source === filter.source) &&
        (!q || r.term.includes(q) || r.reading.includes(qReading!)),
    );
    matching.sort((a, b) => b.changed_at - a.changed_at || a.reading.localeCompare(b.reading) || a.term.localeCompare(b.term));
    const offset = filter.offset ?? 0;
    const limit = filter.limit ?? matching.length;
    return { words: matching.slice(offset, offset + limit).map(toEntry), total: matching.length };
  }

  /** Every stored word not `new`, as [term, reading, status]. */
  compact(): Array<[string, string, WordStatus]> {
    const out: Array<[string, string, WordStatus]> = [];
    for (const r of this.byId.values()) if (r.status !== 'new') out.push([r.term, r.reading, r.status]);
    return out;
  }

  /** Every stored word, in reading order (export). */
  all(): StoredWord[] {
    return [...this.byId.values()].sort((a, b) => a.reading.localeCompare(b.reading) || a.term.localeCompare(b.term)).map(toEntry);
  }

  /**
   * Status changes between two instants (epoch ms, `to` excluded), oldest first: words learnt per
   * day are the changes to `known`.
   */
  changes(from: number, to = Number.MAX_SAFE_INTEGER): Array<WordKey & { status: WordStatus; previous: WordStatus; source: WordStatusSource; changedAt: number }> {
    const rows = this.db
      .prepare('SELECT term, reading, status, previous, source, changed_at FROM word_status_changes WHERE changed_at >= ? AND changed_at < ? ORDER BY changed_at, id')
      .all(from, to) as Array<{ term: string; reading: string; status: WordStatus; previous: WordStatus; source: WordStatusSource; changed_at: number }>;
    return rows.map((r) => ({ term: r.term, reading: r.reading, status: r.status, previous: r.previous, source: r.source, changedAt: r.changed_at }));
  }
}
