import { describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import { alignKeys } from '../../../electron/core/words/alignKeys';

const t = (word: string, key?: [string, string]): Token => ({ word, pos: 'other', furigana: '', ...(key ? { key: { term: key[0], reading: key[1] } } : {}) });
const keys = (tokens: readonly Token[]) => tokens.map((x) => `${x.word}:${x.key ? `${x.key.term}/${x.key.reading}` : '-'}`);

describe('alignKeys: a model token takes the key of the first keyed offline token starting inside it', () => {
  const offline = [t('猫', ['猫', 'ねこ']), t('が'), t('食べ', ['食べる', 'たべる']), t('させ'), t('られ'), t('た'), t('。')];

  it('one model token over several offline ones (食べさせられた) takes the verb', () => {
    const model = [t('猫'), t('が'), t('食べさせられた'), t('。')];
    expect(keys(alignKeys(model, offline))).toEqual(['猫:猫/ねこ', 'が:-', '食べさせられた:食べる/たべる', '。:-']);
  });

  it('a model split finer than the analyzer: only the part where the keyed token starts', () => {
    const off = [t('東京大学', ['東京大学', 'とうきょうだいがく'])];
    expect(keys(alignKeys([t('東京'), t('大学')], off))).toEqual(['東京:東京大学/とうきょうだいがく', '大学:-']);
  });

  it('tokens of a piece that starts later in the text', () => {
    expect(keys(alignKeys([t('食べ'), t('させられた')], offline, 2))).toEqual(['食べ:食べる/たべる', 'させられた:-']);
  });

  it('keys a model or a cache carried are dropped: only the analyzer keys', () => {
    const model = [t('猫', ['ねこ', 'ねこ']), t('が', ['が', 'が'])];
    expect(keys(alignKeys(model, offline))).toEqual(['猫:猫/ねこ', 'が:-']);
  });
});
