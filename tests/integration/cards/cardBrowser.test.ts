/** The card browser through the contract: search, sort, edit and delete; bad edits refused with nothing lost. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardPage } from '../../../shared/contract/cards';
import type { ReviewCard, StarResult } from '../../../shared/contract/review';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
beforeAll(() => {
  core = makeTestCore({ ANKICONNECT_URL: 'http://127.0.0.1:9', EDGE_TTS_URL: 'ws://127.0.0.1:9/none' });
});
afterAll(() => core.cleanupDir());

describe('card browser', () => {
  let cat: ReviewCard;
  it('lists every card, newest first, and finds them by any of their texts (wildcards taken literally)', async () => {
    cat = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: '猫が好きです。' });
    await callOk(core, 'review.star', { kind: 'word', word: '犬', reading: 'いぬ', meaning: 'dog 100%', sentence: '犬が走る。' });
    await callOk(core, 'review.star', { kind: 'sentence', sentence: '空が青い。', translation: 'The sky is blue.' });
    const all = await callOk<CardPage>(core, 'cards.browse', {});
    expect(all.total).toBe(3);
    expect((await callOk<CardPage>(core, 'cards.browse', { query: 'blue' })).cards.map((c) => c.sentence)).toEqual(['空が青い。']);
    expect((await callOk<CardPage>(core, 'cards.browse', { query: '0%' })).cards.map((c) => c.word)).toEqual(['犬']);
    expect((await callOk<CardPage>(core, 'cards.browse', { query: '%' })).total).toBe(1);
    expect((await callOk<CardPage>(core, 'cards.browse', { query: '_' })).total).toBe(0);
    const byWord = await callOk<CardPage>(core, 'cards.browse', { sort: 'word', desc: false });
    expect(byWord.cards.map((c) => c.word || c.sentence)).toEqual(['犬', '猫', '空が青い。']);
    expect((await callOk<CardPage>(core, 'cards.browse', { limit: 1, offset: 1 })).cards).toHaveLength(1);
  });

  it('edits word, reading, meaning, sentence and notes; the edited word is its card (no second one on starring it)', async () => {
    const edited = await callOk<ReviewCard>(core, 'cards.update', cat.id, { meaning: 'a cat', notes: 'my note', sentence: '猫がいる。' });
    expect(edited).toMatchObject({ id: cat.id, word: '猫', meaning: 'a cat', notes: 'my note', sentence: '猫がいる。' });
    const again = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '猫', sentence: '猫だ。' });
    expect(again).toMatchObject({ id: cat.id, existed: true, meaning: 'a cat' });
    const renamed = await callOk<ReviewCard>(core, 'cards.update', cat.id, { word: '子猫', reading: 'こねこ' });
    expect(await callOk(core, 'review.isStarred', { kind: 'word', word: '子猫', reading: 'こねこ' })).toMatchObject({ starred: true, cardId: renamed.id });
  });

  it('bad edits are refused and the card is as it was', async () => {
    const dog = (await callOk<CardPage>(core, 'cards.browse', { query: '犬' })).cards[0]!;
    expect((await callErr(core, 'cards.update', dog.id, { word: '' })).code).toBe('bad_request');
    expect((await callErr(core, 'cards.update', dog.id, { word: '子猫', reading: 'こねこ' })).code).toBe('bad_request');
    expect((await callErr(core, 'cards.update', dog.id, { colour: 'red' })).code).toBe('bad_request');
    expect((await callErr(core, 'cards.update', 999, { notes: 'x' })).code).toBe('not_found');
    expect(await callOk<ReviewCard>(core, 'cards.get', dog.id)).toMatchObject({ word: '犬', reading: 'いぬ', meaning: 'dog 100%' });
  });

  it('deletes a card', async () => {
    expect(await callOk(core, 'cards.delete', cat.id)).toEqual({ removed: true });
    expect((await callErr(core, 'cards.get', cat.id)).code).toBe('not_found');
    expect((await callOk<CardPage>(core, 'cards.browse', {})).total).toBe(2);
  });
});
