/** A book paragraph the model has analysed (alone, as "analyse this chapter" sends it) shows that analysis in the book. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookChapter, ImportedBook, OpenedBook } from '../../../shared/contract/books';
import type { Token } from '../../../shared/domain';
import { analysisKey } from '../../../electron/core/cache/cacheKey';
import { taskModelChoice } from '../../../electron/core/models/modelChoice';
import { callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;
beforeAll(() => {
  core = makeTestCore();
});
afterAll(() => core.cleanupDir());

describe('books.tokens and the model answer cache', () => {
  it('returns the cached model analysis of a paragraph, keyed by its text with the analysis model (not the chat model)', async () => {
    // The analysis model differs from the default and chat model: an answer keyed by the wrong task's model is a decoy.
    core.settings.set({ taskModels: { openrouter: { analysis: 'anthropic/claude-sonnet-4', chat: 'google/gemini-2.5-flash' } } });
    const analysisChoice = taskModelChoice(core.settings.get(), core.models, 'analysis');
    const chatChoice = taskModelChoice(core.settings.get(), core.models, 'chat');
    expect(analysisChoice.model).not.toBe(chatChoice.model);
    expect(analysisChoice.model).not.toBe(core.settings.get().models.openrouter);

    const text = '吾輩は猫である。\n\n名前はまだ無い。\n';
    const book = await callOk<ImportedBook>(core, 'books.import', { name: 'neko.txt', dataBase64: Buffer.from(text).toString('base64') });
    const opened = await callOk<OpenedBook>(core, 'books.open', book.id);
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, opened.chapters[0]!.id);
    const p = chapter.paragraphs.find((x) => x.text === '名前はまだ無い。')!;
    const first = chapter.paragraphs.find((x) => x.text === '吾輩は猫である。')!;
    // Readings the offline analyzer would never give: proof that the answer came from the cache.
    const model: Token[] = [
      { word: '名前', pos: 'noun', furigana: 'モデルなまえ' },
      { word: 'は', pos: 'particle', furigana: '' },
      { word: 'まだ', pos: 'adverb', furigana: '' },
      { word: '無い', pos: 'adjective', furigana: 'モデルない' },
      { word: '。', pos: 'punctuation', furigana: '' },
    ];
    const decoy = model.map((t) => (t.furigana ? { ...t, furigana: 'ちがうもでる' } : t));
    core.answers.put(analysisKey(p.text, analysisChoice), 'analysis', model);
    core.answers.put(analysisKey(p.text, chatChoice), 'analysis', decoy);
    core.answers.put(analysisKey(p.text, { provider: 'openrouter', model: core.settings.get().models.openrouter }), 'analysis', decoy);
    // The other paragraph has an analysis by the chat model only: not analysed, as far as the book is concerned.
    core.answers.put(analysisKey(first.text, chatChoice), 'analysis', [{ word: first.text, pos: 'other', furigana: 'ちがうもでる' }]);

    const tokens = await callOk<Record<string, Token[]>>(core, 'books.tokens', book.id, [p.id, first.id]);
    expect(tokens[p.id]!.map(({ key: _key, ...t }) => t)).toEqual(model);
    expect(tokens[first.id]!.some((t) => t.furigana === 'ちがうもでる')).toBe(false);
    // The model's words are keyed by the offline analysis of the same paragraph (word identity).
    expect(tokens[p.id]!.map((t) => t.key && `${t.key.term}/${t.key.reading}`)).toEqual(['名前/なまえ', undefined, 'まだ/まだ', '無い/ない', undefined]);
    expect(await callOk<number[]>(core, 'books.analysedParagraphs', book.id, [first.id, p.id])).toEqual([p.id]);
  });
});
