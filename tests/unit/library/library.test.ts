import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../../electron/core/cache/answerCache';
import { wordDetailKey } from '../../../electron/core/cache/cacheKey';
import { Library } from '../../../electron/core/library/library';
import type { Token } from '../../../shared/domain';
import { memoryDb } from '../../support/memoryDb';

const tokens: Token[] = [
  { word: '猫', pos: 'noun', furigana: 'ねこ' },
  { word: 'が', pos: 'particle', furigana: '' },
  { word: '好き', pos: 'adjective', furigana: 'すき' },
  { word: '。', pos: 'punctuation', furigana: '' },
];
const detail = {
  chineseTranslation: 'cat',
  dictionaryForm: '猫',
  explanation: 'A cat.',
  conjugation: '',
  example: '猫がいる。',
  exampleTranslation: 'There is a cat.',
  pos: 'noun',
  furigana: 'ねこ',
};

function setup() {
  const db = memoryDb();
  const answers = new AnswerCache(db);
  let now = 1_000;
  return { db, answers, lib: new Library(db, answers, () => (now += 10)) };
}

describe('Library documents', () => {
  it('keeps tokens and translation; a later offline pass never replaces model tokens', () => {
    const { lib } = setup();
    const id = lib.touch('猫が好き。', 'typed');
    lib.setTokens(id, tokens, 'model');
    lib.setTokens(id, [{ word: '猫が好き。', pos: 'other', furigana: '' }], 'offline');
    lib.setTranslation(id, 'I like cats.', 'en');
    const doc = lib.open(id);
    expect(doc.tokens).toEqual(tokens);
    expect(doc.tokensSource).toBe('model');
    expect(doc.translation).toEqual({ text: 'I like cats.', locale: 'en' });
  });

  it('stored tokens that no longer rebuild the text are not shown', () => {
    const { db, lib } = setup();
    const id = lib.touch('猫が好き。', 'typed');
    db.prepare('UPDATE documents SET tokens_json = ? WHERE id = ?').run(JSON.stringify([{ word: '犬', pos: 'noun', furigana: 'いぬ' }]), id);
    expect(lib.open(id).tokens).toBeUndefined();
    db.prepare('UPDATE documents SET tokens_json = ? WHERE id = ?').run('{not json', id);
    expect(lib.open(id).tokens).toBeUndefined();
  });

  it('reopens the cached explanations linked to it, skipping the ones cleared since', () => {
    const { answers, lib } = setup();
    const id = lib.touch('猫が好き。', 'typed');
    const m = { provider: 'openrouter', model: 'x' };
    const key = wordDetailKey({ word: '猫', sentence: '猫が好き。', pos: 'noun' }, m, 'en');
    answers.put(key, 'word', detail);
    lib.linkDetail(id, { kind: 'word', cacheKey: key, word: '猫', sentence: '猫が好き。', offset: 0 });
    lib.linkDetail(id, { kind: 'word', cacheKey: 'gone', word: '好き', sentence: '猫が好き。' });
    expect(lib.open(id).details).toEqual([{ kind: 'word', word: '猫', sentence: '猫が好き。', offset: 0, detail }]);
  });

  it('finds the latest document containing a sentence', () => {
    const { lib } = setup();
    const a = lib.touch('猫が好き。犬も好き。', 'typed');
    expect(lib.containing('犬も好き。')).toBe(a);
    expect(lib.containing('鳥')).toBeUndefined();
  });

  it('saves chats per document, replaces one by id, and deletes them with the document', () => {
    const { db, lib } = setup();
    const id = lib.touch('猫が好き。', 'typed');
    const first = lib.saveChat(id, [{ role: 'user', content: '「好き」は？' }]);
    const second = lib.saveChat(id, [{ role: 'user', content: 'もう一つ' }]);
    lib.saveChat(id, [{ role: 'user', content: '「好き」は？' }, { role: 'assistant', content: 'Like.' }], first.id);
    const chats = lib.chats(id);
    expect(chats.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(chats[0]!.messages).toHaveLength(2);
    expect(() => lib.saveChat(id, [{ role: 'user', content: 'x' }], 9999)).toThrow(/no chat/);
    expect(() => lib.saveChat(9999, [{ role: 'user', content: 'x' }])).toThrow(/no document/);
    lib.delete(id);
    expect(db.prepare('SELECT count(*) AS n FROM document_chats').get()).toEqual({ n: 0 });
  });

  it('records the daily sentence once with its tokens and translation', () => {
    const { lib } = setup();
    const daily = { date: '2026-01-01', text: '猫が好き。', tokens, translation: { 'zh-CN': '我喜欢猫。', 'zh-TW': '我喜歡貓。', en: 'I like cats.', ko: '고양이를 좋아해요.' } };
    const id = lib.recordDaily(daily, 'en');
    expect(lib.recordDaily(daily, 'ko')).toBe(id);
    const doc = lib.open(id);
    expect(doc.summary.source).toBe('daily');
    expect(doc.tokens).toEqual(tokens);
    expect(doc.translation).toEqual({ text: 'I like cats.', locale: 'en' });
  });
});
