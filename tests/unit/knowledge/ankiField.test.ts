import { describe, expect, it } from 'vitest';
import { ankiFieldText, wordOfAnkiField } from '../../../electron/core/knowledge/ankiField';

describe('the word an Anki field holds', () => {
  it.each([
    ['食[た]べる', { term: '食べる', reading: 'たべる' }],
    [' 食[た]べる', { term: '食べる', reading: 'たべる' }],
    ['お 茶[ちゃ]', { term: 'お茶', reading: 'おちゃ' }],
    ['お茶[ちゃ]', { term: 'お茶', reading: 'おちゃ' }],
    ['見[み]せ 物[もの]', { term: '見せ物', reading: 'みせもの' }],
    ['取[と]り 扱[あつか]い', { term: '取り扱い', reading: 'とりあつかい' }],
    ['食べ物[たべもの]', { term: '食べ物', reading: 'たべもの' }],
    ['日本[にほん]', { term: '日本', reading: 'にほん' }],
    ['<ruby>食<rt>た</rt></ruby>べる', { term: '食べる', reading: 'たべる' }],
    ['<ruby>猫<rp>(</rp><rt>ねこ</rt><rp>)</rp></ruby>', { term: '猫', reading: 'ねこ' }],
    ['<b>猫</b>', { term: '猫' }],
    ['<div>勉強[べんきょう]する</div><div>to study</div>', { term: '勉強する', reading: 'べんきょうする' }],
    ['食[た]べ 物[もの]&nbsp;', { term: '食べ物', reading: 'たべもの' }],
    ['ねこ[sound:neko.mp3]', { term: 'ねこ' }],
    ['&lt;猫&gt;', { term: '<猫>' }],
  ])('%j → %j', (field, word) => {
    expect(wordOfAnkiField(field)).toEqual(word);
  });

  it('a field with nothing in it holds no word', () => {
    expect(wordOfAnkiField('')).toBeNull();
    expect(wordOfAnkiField('<br><div> </div>[sound:x.mp3]')).toBeNull();
  });

  it('a reading that is not kana is not given (the word is found by the analyzer)', () => {
    expect(wordOfAnkiField('猫[cat]')).toEqual({ term: '猫' });
  });

  it('decodes numeric entities', () => {
    expect(ankiFieldText('&#29483;&#x732B;')).toBe('猫猫');
  });
});
