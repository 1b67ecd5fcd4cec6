import crypto from 'node:crypto';
import type Database from 'better-sqlite3';

export interface CachedAudio {
  audio: Buffer;
  mimeType: string;
}

export interface AudioKeyParts {
  provider: string;
  voice: string;
  rate: number | null;
  model: string | null;
  text: string;
}

export function audioCacheKey(parts: AudioKeyParts): string {
  return crypto.createHash('sha256').update(JSON.stringify([parts.provider, parts.voice, parts.rate, parts.model, parts.text])).digest('hex');
}

/** TTS audio in SQLite, least recently used evicted beyond a byte cap. */
export class AudioCache {
  private readonly select;
  private readonly touch;
  private readonly insert;
  private readonly total;
  private readonly oldest;
  private readonly remove;
  private readonly byText;

  constructor(private readonly db: Database.Database, private readonly capBytes: () => number, private readonly now: () => number = Date.now) {
    this.select = db.prepare<[string], { audio: Buffer; mime_type: string }>('SELECT audio, mime_type FROM tts_audio WHERE key = ?');
    this.touch = db.prepare<[number, string]>('UPDATE tts_audio SET last_used_at = ? WHERE key = ?');
    this.insert = db.prepare(
      `INSERT INTO tts_audio (key, provider, voice, rate, text, mime_type, audio, bytes, created_at, last_used_at)
       VALUES (@key, @provider, @voice, @rate, @text, @mime, @audio, @bytes, @now, @now)
       ON CONFLICT(key) DO UPDATE SET audio = excluded.audio, mime_type = excluded.mime_type, bytes = excluded.bytes, last_used_at = excluded.last_used_at`,
    );
    this.total = db.prepare<[], { n: number | null }>('SELECT SUM(bytes) AS n FROM tts_audio');
    this.oldest = db.prepare<[], { key: string; bytes: number }>('SELECT key, bytes FROM tts_audio ORDER BY last_used_at ASC LIMIT 64');
    this.remove = db.prepare<[string]>('DELETE FROM tts_audio WHERE key = ?');
    this.byText = db.prepare<[string], { key: string; audio: Buffer; mime_type: string }>(
      'SELECT key, audio, mime_type FROM tts_audio WHERE text = ? AND bytes > 0 ORDER BY last_used_at DESC LIMIT 1',
    );
  }

  get(key: string): CachedAudio | undefined {
    const row = this.select.get(key);
    if (!row || row.audio.length === 0) return undefined;
    this.touch.run(this.now(), key);
    return { audio: row.audio, mimeType: row.mime_type };
  }

  /**
   * Audio of this text as `key` names it, else under any other voice or rate (most
   * recently used first): offline, another voice beats silence. `text` as the TTS
   * request normalizes it (NFC, trimmed).
   */
  findByText(text: string, preferKey?: string): (CachedAudio & { key: string }) | undefined {
    const exact = preferKey ? this.get(preferKey) : undefined;
    if (exact) return { ...exact, key: preferKey! };
    const row = this.byText.get(text);
    if (!row) return undefined;
    this.touch.run(this.now(), row.key);
    return { key: row.key, audio: row.audio, mimeType: row.mime_type };
  }

  put(key: string, parts: AudioKeyParts, value: CachedAudio): void {
    this.db.transaction(() => {
      this.insert.run({
        key,
        provider: parts.provider,
        voice: parts.voice,
        rate: parts.rate,
        text: parts.text,
        mime: value.mimeType,
        audio: value.audio,
        bytes: value.audio.length,
        now: this.now(),
      });
      this.evict(key);
    })();
  }

  /** Applies the cap now (it was lowered in Settings): least recently used audio goes. */
  enforceCap(): void {
    this.db.transaction(() => this.evict(undefined))();
  }

  /** Drops least recently used entries (never `keep`) until the total fits the cap. */
  private evict(keep: string | undefined): void {
    let size = this.total.get()?.n ?? 0;
    const cap = this.capBytes();
    while (size > cap) {
      const batch = this.oldest.all().filter((r) => r.key !== keep);
      if (batch.length === 0) return;
      for (const r of batch) {
        if (size <= cap) return;
        this.remove.run(r.key);
        size -= r.bytes;
      }
    }
  }

  sizeBytes(): number {
    return this.total.get()?.n ?? 0;
  }

  clear(): void {
    this.db.exec('DELETE FROM tts_audio');
  }
}
