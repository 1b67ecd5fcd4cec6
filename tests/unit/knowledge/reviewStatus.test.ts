import { describe, expect, it } from 'vitest';
import { applyCard, followReview } from '../../../electron/core/knowledge/reviewStatus';
import { WordKnowledge } from '../../../electron/core/knowledge/wordKnowledge';
import { ReviewService } from '../../../electron/core/review/reviewService';
import type { WordKey } from '../../../shared/words';
import { memoryDb } from '../../support/memoryDb';

const keys: Record<string, WordKey> = { 食べた: { term: '食べる', reading: 'たべる' }, 猫: { term: '猫', reading: 'ねこ' } };
const deps = (knowledge: WordKnowledge, days = 21) => ({ knowledge, wordKey: async (w: string) => keys[w] ?? null, knownAfterDays: () => days });

describe('review feeds word knowledge', () => {
  it('stability past the threshold makes the word known, below it learning', async () => {
    const k = new WordKnowledge(memoryDb());
    expect(await applyCard(deps(k), { word: '食べた', sentence: 'パンを食べた' }, 3)).toBe('learning');
    expect(k.entries([keys.食べた!])[0]).toMatchObject({ status: 'learning', source: 'review' });
    expect(await applyCard(deps(k), { word: '食べた', sentence: 'パンを食べた' }, 21)).toBe('known');
    expect(k.status(keys.食べた!)).toBe('known');
    // A lapse brings a word known by review back to learning.
    expect(await applyCard(deps(k), { word: '食べた', sentence: '' }, 0.5)).toBe('learning');
    // The threshold comes from Settings.
    expect(await applyCard(deps(k, 2), { word: '食べた', sentence: '' }, 3)).toBe('known');
  });

  it('a new card does not demote a word known from Anki, and no card overrides a mark', async () => {
    const k = new WordKnowledge(memoryDb());
    k.setStatus([{ ...keys.猫!, status: 'known' }], 'anki');
    expect(await applyCard(deps(k), { word: '猫', sentence: '' }, 0)).toBeNull();
    expect(k.status(keys.猫!)).toBe('known');
    k.setStatus([{ ...keys.食べた!, status: 'ignored' }], 'mark');
    expect(await applyCard(deps(k), { word: '食べた', sentence: '' }, 99)).toBeNull();
    expect(k.entries([keys.食べた!])[0]).toMatchObject({ status: 'ignored', source: 'mark' });
  });

  it('sentence cards have no word; words no identity knows are left alone', async () => {
    const k = new WordKnowledge(memoryDb());
    expect(await applyCard(deps(k), { word: '', sentence: '猫が好き' }, 50)).toBeNull();
    expect(await applyCard(deps(k), { word: 'xyz', sentence: '' }, 50)).toBeNull();
    expect(k.counts()).toEqual({ new: 0, learning: 0, known: 0, ignored: 0 });
  });

  it('follows the review service: a starred word card makes its word learning', async () => {
    const db = memoryDb();
    const k = new WordKnowledge(db);
    const review = new ReviewService(db);
    const follow = followReview(review, deps(k));
    const card = review.star({ kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: '猫がいる', translation: '' });
    await follow.settled();
    expect(k.entries([keys.猫!])[0]).toMatchObject({ status: 'learning', source: 'review' });
    review.grade(card.id, 4);
    await follow.settled();
    expect(k.status(keys.猫!)).toBe('learning'); // one Easy is days of stability, not 21
    follow.stop();
  });
});

describe('word cards starred before statuses followed review', () => {
  it('catch up once: each word card applied in the background, marks untouched, not twice', async () => {
    const db = memoryDb();
    const k = new WordKnowledge(db);
    const review = new ReviewService(db);
    review.star({ kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: '猫がいる', translation: '' });
    review.star({ kind: 'word', word: '食べた', reading: 'たべた', meaning: 'ate', sentence: 'パンを食べた', translation: '' });
    review.star({ kind: 'sentence', word: '', reading: '', meaning: '', sentence: '猫が好き', translation: '' });
    k.setStatus([{ ...keys.食べた!, status: 'known' }], 'mark');
    let asked = 0;
    const follow = followReview(review, { ...deps(k), wordKey: async (w: string) => (asked++, keys[w] ?? null) });
    await follow.settled();
    expect(k.status(keys.猫!)).toBe('new');
    follow.catchUpOnce();
    follow.catchUpOnce();
    await follow.settled();
    expect(k.entries([keys.猫!])[0]).toMatchObject({ status: 'learning', source: 'review' });
    expect(k.entries([keys.食べた!])[0]).toMatchObject({ status: 'known', source: 'mark' });
    expect(asked).toBe(2);
    follow.stop();
  });

  it('many cards caught up are told in a few batches, not one push per card', async () => {
    const db = memoryDb();
    const k = new WordKnowledge(db);
    const review = new ReviewService(db);
    for (let i = 0; i < 1200; i++) review.star({ kind: 'word', word: `語${i}`, reading: 'ご', meaning: '', sentence: `語${i}だ`, translation: '' });
    const pushes: number[] = [];
    k.onChange((changed) => pushes.push(changed.length));
    const follow = followReview(review, { ...deps(k), wordKey: async (w: string) => ({ term: w, reading: 'ご' }) });
    follow.catchUpOnce();
    await follow.settled();
    expect(k.counts().learning).toBe(1200);
    expect(pushes.length).toBeLessThanOrEqual(3);
    expect(pushes.reduce((a, b) => a + b, 0)).toBe(1200);
    follow.stop();
  });
});
