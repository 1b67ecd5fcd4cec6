import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../../electron/core/cache/answerCache';
import { TextAnswerSchema, TokensSchema, WordDetailSchema } from '../../../electron/core/cache/answerSchemas';
import { AudioCache, audioCacheKey } from '../../../electron/core/cache/audioCache';
import { CacheAdmin } from '../../../electron/core/cache/cacheAdmin';
import { memoryDb } from '../../support/memoryDb';

const tokens = [
  { word: '猫', pos: 'noun', furigana: 'ねこ' },
  { word: '。', pos: 'punctuation', furigana: '' },
];

describe('AnswerCache', () => {
  it('returns what was stored, for its kind', () => {
    const cache = new AnswerCache(memoryDb());
    cache.put('k', 'analysis', tokens);
    expect(cache.get('k', 'analysis', TokensSchema)).toEqual(tokens);
    cache.put('k', 'analysis', [tokens[0]]); // refresh replaces
    expect(cache.get('k', 'analysis', TokensSchema)).toEqual([tokens[0]]);
  });

  it('drops a row that is not JSON, has the wrong shape or the wrong kind, and reports a miss', () => {
    const db = memoryDb();
    const cache = new AnswerCache(db);
    const raw = db.prepare('INSERT INTO answer_cache (key, kind, json, bytes, created_at, last_used_at) VALUES (?, ?, ?, 1, 0, 0)');
    raw.run('bad-json', 'analysis', '[{"word":"猫"');
    raw.run('bad-shape', 'analysis', JSON.stringify([{ word: '猫', pos: 'not-a-pos', furigana: 'ねこ' }]));
    raw.run('empty', 'translation', '""');
    raw.run('detail', 'word', JSON.stringify({ explanation: 'only one field' }));
    cache.put('wrong-kind', 'translation', 'hello');
    expect(cache.get('bad-json', 'analysis', TokensSchema)).toBeUndefined();
    expect(cache.get('bad-shape', 'analysis', TokensSchema)).toBeUndefined();
    expect(cache.get('empty', 'translation', TextAnswerSchema)).toBeUndefined();
    expect(cache.get('detail', 'word', WordDetailSchema)).toBeUndefined();
    expect(cache.get('wrong-kind', 'ocr', TextAnswerSchema)).toBeUndefined();
    expect(cache.dropped).toBe(5);
    expect(db.prepare('SELECT count(*) AS n FROM answer_cache').get()).toEqual({ n: 0 });
  });

  it('marks a hit as used and clears one kind or all', () => {
    let now = 1_000;
    const db = memoryDb();
    const cache = new AnswerCache(db, () => now);
    cache.put('a', 'analysis', tokens);
    cache.put('t', 'translation', 'The cat.');
    now = 5_000;
    cache.get('a', 'analysis', TokensSchema); // within a minute: not rewritten
    expect(db.prepare("SELECT last_used_at FROM answer_cache WHERE key = 'a'").get()).toEqual({ last_used_at: 1_000 });
    now = 70_000;
    cache.get('a', 'analysis', TokensSchema);
    expect(db.prepare("SELECT last_used_at FROM answer_cache WHERE key = 'a'").get()).toEqual({ last_used_at: 70_000 });
    expect(cache.sizeByKind().translation).toEqual({ entries: 1, bytes: Buffer.byteLength('"The cat."') });
    cache.clear('analysis');
    expect(cache.get('t', 'translation', TextAnswerSchema)).toBe('The cat.');
    expect(cache.sizeByKind().analysis.entries).toBe(0);
    cache.clear();
    expect(cache.sizeByKind().translation.entries).toBe(0);
  });
});

describe('AudioCache eviction', () => {
  const parts = (text: string) => ({ provider: 'edge', voice: 'v', rate: 0, model: null, text });
  const put = (audio: AudioCache, text: string, bytes: number) =>
    audio.put(audioCacheKey(parts(text)), parts(text), { audio: Buffer.alloc(bytes, 1), mimeType: 'audio/mpeg' });

  it('evicts the least recently used audio beyond the cap, never the one just stored', () => {
    let now = 0;
    let cap = 3_000;
    const audio = new AudioCache(memoryDb(), () => cap, () => now);
    for (const t of ['a', 'b', 'c']) {
      now += 10;
      put(audio, t, 1_000);
    }
    now += 10;
    expect(audio.get(audioCacheKey(parts('a')))).toBeDefined(); // a is now the most recent
    now += 10;
    put(audio, 'd', 1_000);
    expect(audio.get(audioCacheKey(parts('b')))).toBeUndefined(); // least recently used
    expect(audio.get(audioCacheKey(parts('a')))).toBeDefined();
    expect(audio.sizeBytes()).toBe(3_000);
    cap = 500;
    now += 10;
    put(audio, 'big', 2_000); // larger than the cap alone: kept, everything else goes
    expect(audio.sizeBytes()).toBe(2_000);
    expect(audio.get(audioCacheKey(parts('big')))).toBeDefined();
  });

  it('enforceCap applies a lowered cap at once, least recently used first', () => {
    let now = 0;
    let cap = 10_000;
    const audio = new AudioCache(memoryDb(), () => cap, () => now);
    for (const t of ['a', 'b', 'c']) {
      now += 10;
      put(audio, t, 1_000);
    }
    cap = 1_500;
    audio.enforceCap();
    expect(audio.sizeBytes()).toBe(1_000);
    expect(audio.get(audioCacheKey(parts('c')))).toBeDefined();
    expect(audio.get(audioCacheKey(parts('a')))).toBeUndefined();
  });

  it('findByText prefers the given key, else the most recently used audio of that text under any voice', () => {
    let now = 0;
    const audio = new AudioCache(memoryDb(), () => 1e9, () => now);
    const voice = (v: string, rate = 0) => ({ provider: 'edge', voice: v, rate, model: null, text: '猫です。' });
    const store = (v: string, byte: number, rate = 0) => {
      now += 10;
      audio.put(audioCacheKey(voice(v, rate)), voice(v, rate), { audio: Buffer.alloc(10, byte), mimeType: 'audio/mpeg' });
    };
    store('female', 1);
    store('male', 2, 20);
    expect(audio.findByText('猫です。')?.audio[0]).toBe(2); // the most recent
    expect(audio.findByText('猫です。', audioCacheKey(voice('female')))?.audio[0]).toBe(1); // the preferred voice
    expect(audio.findByText('猫です。', audioCacheKey(voice('gemini-kore')))?.audio[0]).toBe(2); // preferred missing: any
    expect(audio.findByText('犬です。', audioCacheKey({ ...voice('female'), text: '犬です。' }))).toBeUndefined();
  });

  it('CacheAdmin reports sizes per kind and clears one kind', () => {
    const db = memoryDb();
    const answers = new AnswerCache(db);
    const audio = new AudioCache(db, () => 10_000);
    const admin = new CacheAdmin(db, answers, audio, () => 10_000);
    answers.put('a', 'analysis', tokens);
    put(audio, 'x', 1_234);
    db.prepare('INSERT INTO daily_sentences (date, json, created_at) VALUES (?, ?, ?)').run('2026-01-01', '{"a":1}', 0);
    const stats = admin.stats();
    const by = Object.fromEntries(stats.kinds.map((k) => [k.kind, k]));
    expect(by.audio).toEqual({ kind: 'audio', entries: 1, bytes: 1_234 });
    expect(by.analysis!.entries).toBe(1);
    expect(by.daily).toEqual({ kind: 'daily', entries: 1, bytes: 7 });
    expect(stats.totalBytes).toBe(stats.kinds.reduce((n, k) => n + k.bytes, 0));
    expect(stats.audioCapBytes).toBe(10_000);
    const afterAudio = admin.clear('audio');
    expect(afterAudio.kinds.find((k) => k.kind === 'audio')!.entries).toBe(0);
    expect(afterAudio.kinds.find((k) => k.kind === 'analysis')!.entries).toBe(1);
    const afterAll = admin.clear('all');
    expect(afterAll.totalBytes).toBe(0);
  });
});
