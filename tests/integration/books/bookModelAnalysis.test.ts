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
  it('returns the cached model analysis of a paragraph, keyed by its text with the analysis model', async () => {
    const text = '吾輩は猫である。\n\n名前はまだ無い。\n';
    const book = await callOk<ImportedBook>(core, 'books.import', { name: 'neko.txt', dataBase64: Buffer.from(text).toString('base64') });
    const opened = await callOk<OpenedBook>(core, 'books.open', book.id);
    const chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, opened.chapters[0]!.id);
    const p = chapter.paragraphs.find((x) => x.text === '名前はまだ無い。')!;
    // Readings the offline analyzer would never give: proof that the answer came from the cache.
    const model: Token[] = [
      { word: '名前', pos: 'noun', furigana: 'モデルなまえ' },
      { word: 'は', pos: 'particle', furigana: '' },
      { word: 'まだ', pos: 'adverb', furigana: '' },
      { word: '無い', pos: 'adjective', furigana: 'モデルない' },
      { word: '。', pos: 'punctuation', furigana: '' },
    ];
    core.answers.put(analysisKey(p.text, taskModelChoice(core.settings.get(), core.models, 'analysis')), 'analysis', model);
    const tokens = await callOk<Record<string, Token[]>>(core, 'books.tokens', book.id, [p.id]);
    expect(tokens[p.id]!.map(({ key: _key, ...t }) => t)).toEqual(model);
    // The model's words are keyed by the offline analysis of the same paragraph (word identity).
    expect(tokens[p.id]!.map((t) => t.key && `${t.key.term}/${t.key.reading}`)).toEqual(['名前/なまえ', undefined, 'まだ/まだ', '無い/ない', undefined]);
  });
});
