/**
 * Daily sentences are cached per Japan date and variant (prompt version, prompt,
 * model): a new variant generates again, a damaged row is dropped and generated
 * again, `refresh` replaces, and a failed generation falls back to today's
 * sentence of another variant.
 */
import { describe, expect, it } from 'vitest';
import { DailyService, type DailyGenerator } from '../../../electron/core/daily/dailyService';
import { dailyVariant } from '../../../electron/core/daily/dailyVariant';
import { memoryDb } from '../../support/memoryDb';

const NOON_JST = Date.UTC(2026, 4, 10, 3, 0, 0);
const sentence = (text: string) => ({
  text,
  tokens: [{ word: text, pos: 'other', furigana: '' }],
  translation: { 'zh-CN': '句', 'zh-TW': '句', en: 'A sentence.', ko: '문장' },
});

function counting(texts: string[]): DailyGenerator & { calls: number } {
  const gen = Object.assign(
    async () => {
      const text = texts[Math.min(gen.calls, texts.length - 1)]!;
      gen.calls++;
      return sentence(text);
    },
    { calls: 0 },
  );
  return gen;
}

describe('dailyVariant', () => {
  it('changes with the prompt version, the prompt and the model', () => {
    const m = { provider: 'openrouter', model: 'a/b' };
    const base = dailyVariant(m, 1, 'p');
    expect(dailyVariant(m, 1, 'p')).toBe(base);
    expect(dailyVariant(m, 2, 'p')).not.toBe(base);
    expect(dailyVariant(m, 1, 'q')).not.toBe(base);
    expect(dailyVariant({ ...m, model: 'a/c' }, 1, 'p')).not.toBe(base);
    expect(dailyVariant({ ...m, provider: 'gemini' }, 1, 'p')).not.toBe(base);
    expect(dailyVariant(m)).toMatch(/^[0-9a-f]{64}$/); // the current prompt
  });
});

describe('DailyService', () => {
  it('generates once per date and variant; a new variant (prompt or model change) generates again', async () => {
    const db = memoryDb();
    let variant = dailyVariant({ provider: 'openrouter', model: 'a/b' }, 1, 'p');
    const daily = new DailyService(db, { now: () => NOON_JST, variant: () => variant });
    const gen = counting(['毎朝、公園を散歩しています。', '今日は雨が降っていますね。']);
    expect((await daily.get(gen)).text).toBe('毎朝、公園を散歩しています。');
    expect((await daily.get(gen)).text).toBe('毎朝、公園を散歩しています。');
    expect(gen.calls).toBe(1);
    variant = dailyVariant({ provider: 'openrouter', model: 'a/b' }, 2, 'p'); // the prompt changed
    const fresh = await daily.get(gen);
    expect(fresh).toMatchObject({ text: '今日は雨が降っていますね。', date: '2026-05-10' });
    expect(gen.calls).toBe(2);
    expect(db.prepare('SELECT count(*) FROM daily_sentences').pluck().get()).toBe(2);
  });

  it('a damaged row is dropped and generated again', async () => {
    const db = memoryDb();
    const daily = new DailyService(db, { now: () => NOON_JST, variant: () => 'v' });
    const gen = counting(['毎朝、公園を散歩しています。', '今日は雨が降っていますね。']);
    await daily.get(gen);
    for (const broken of ['{"text": ', JSON.stringify({ text: 1 })]) {
      db.prepare("UPDATE daily_sentences SET json = ? WHERE variant = 'v'").run(broken);
      expect(daily.stored('2026-05-10')).toBeUndefined();
      expect(db.prepare('SELECT count(*) FROM daily_sentences').pluck().get()).toBe(0); // dropped
      expect((await daily.get(gen)).text).toBe('今日は雨が降っていますね。');
    }
    expect(gen.calls).toBe(3);
  });

  it('refresh generates and replaces; its failure is an error', async () => {
    const db = memoryDb();
    const daily = new DailyService(db, { now: () => NOON_JST, variant: () => 'v' });
    const gen = counting(['毎朝、公園を散歩しています。', '今日は雨が降っていますね。']);
    await daily.get(gen);
    expect((await daily.get(gen, { refresh: true })).text).toBe('今日は雨が降っていますね。');
    expect((await daily.get(gen)).text).toBe('今日は雨が降っていますね。');
    expect(gen.calls).toBe(2);
    await expect(daily.get(() => Promise.reject(new Error('offline')), { refresh: true })).rejects.toThrow('offline');
  });

  it("when generating fails, today's sentence of another variant is shown; with none, the error", async () => {
    const db = memoryDb();
    let variant = 'old';
    const daily = new DailyService(db, { now: () => NOON_JST, variant: () => variant });
    const failing = () => Promise.reject(new Error('no key'));
    await expect(daily.get(failing)).rejects.toThrow('no key');
    await daily.get(counting(['毎朝、公園を散歩しています。']));
    variant = 'new';
    expect((await daily.get(failing)).text).toBe('毎朝、公園を散歩しています。');
    // A damaged row of the other variant is not a fallback.
    db.prepare("UPDATE daily_sentences SET json = '{}' WHERE variant = 'old'").run();
    await expect(daily.get(failing)).rejects.toThrow('no key');
  });
});
