import type Database from 'better-sqlite3';
import { ANSWER_KINDS, type CacheKind, type CacheStats } from '../../../shared/contract/library';
import type { AnswerCache } from './answerCache';
import type { AudioCache } from './audioCache';

/** Sizes and clearing of every cache, for Settings. History and review cards are never touched. */
export class CacheAdmin {
  private readonly audioSize;
  private readonly dailySize;

  constructor(
    private readonly db: Database.Database,
    private readonly answers: AnswerCache,
    private readonly audio: AudioCache,
    private readonly audioCapBytes: () => number,
  ) {
    this.audioSize = db.prepare<[], { entries: number; bytes: number }>('SELECT count(*) AS entries, coalesce(sum(bytes), 0) AS bytes FROM tts_audio');
    this.dailySize = db.prepare<[], { entries: number; bytes: number }>(
      'SELECT count(*) AS entries, coalesce(sum(length(CAST(json AS BLOB))), 0) AS bytes FROM daily_sentences',
    );
  }

  stats(): CacheStats {
    const answers = this.answers.sizeByKind();
    const kinds = [
      ...ANSWER_KINDS.map((kind) => ({ kind, ...answers[kind] })),
      { kind: 'audio' as const, ...(this.audioSize.get() ?? { entries: 0, bytes: 0 }) },
      { kind: 'daily' as const, ...(this.dailySize.get() ?? { entries: 0, bytes: 0 }) },
    ];
    return { kinds, totalBytes: kinds.reduce((n, k) => n + k.bytes, 0), audioCapBytes: this.audioCapBytes() };
  }

  clear(kind: CacheKind | 'all'): CacheStats {
    this.db.transaction(() => {
      if (kind === 'all' || kind === 'audio') this.audio.clear();
      if (kind === 'all' || kind === 'daily') this.db.exec('DELETE FROM daily_sentences');
      if (kind === 'all') this.answers.clear();
      else if ((ANSWER_KINDS as readonly string[]).includes(kind)) this.answers.clear(kind as (typeof ANSWER_KINDS)[number]);
    })();
    return this.stats();
  }
}
