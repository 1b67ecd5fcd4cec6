/**
 * The analyzer's furigana checked against the dictionary, on tokens as kuromoji gives them (its
 * reading, part of speech and base form) and a dictionary of the few words concerned, with the
 * commonness and parts of speech EDICT gives them.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import type { WrittenReading } from '../../../electron/core/dictionary/writtenReadings';
import { checkedReading, splitOkurigana, type ReadingDictionary } from '../../../electron/core/readings/readingCheck';

/** written form → readings: `reading` common, `reading?` rare, `reading#` a counter's (rare). */
const WORDS: Record<string, string[]> = {
  毛: ['け', 'もう?'],
  人: ['ひと', 'にん#', 'じん#'],
  杯: ['さかずき', 'はい#'],
  方: ['ほう', 'かた'],
  今日: ['きょう', 'こんにち'],
  恐い: ['こわい'],
  恐ろしい: ['おそろしい'],
  危ない: ['あぶない'],
  危うい: ['あやうい'],
  行く: ['いく', 'ゆく'],
  生きる: ['いきる'],
  吾輩: ['わがはい'],
  来る: ['くる'],
  上手: ['じょうず', 'うわて?', 'かみて?'],
  明日: ['あした', 'あす', 'みょうにち'],
  稀: ['まれ?', 'け?'],
  日: ['ひ', 'にち', 'か#'],
  棚: ['たな'],
  着く: ['つく'],
  着よい: ['きよい'],
};

function dictionary(): ReadingDictionary & { asked: string[] } {
  const asked: string[] = [];
  const readingsOf = (written: string): WrittenReading[] => {
    asked.push(written);
    return (WORDS[written] ?? []).map((r, i) => ({
      reading: r.replace(/[?#]$/, ''),
      common: !/[?#]$/.test(r),
      score: r.endsWith('?') || r.endsWith('#') ? 0 : 30 - i,
      suffix: r.endsWith('#'),
    }));
  };
  return {
    asked,
    readingsOf,
    okuriganaVariants: (head, tail) =>
      Object.keys(WORDS)
        .filter((w) => w.startsWith(head) && w.endsWith(tail) && w.length > head.length + tail.length && /^[ぁ-ゖ]{1,2}$/.test(w.slice(head.length, w.length - tail.length)))
        .map((form) => ({ form, readings: readingsOf(form) })),
  };
}

const tok = (word: string, furigana: string, pos: Token['pos'] = 'noun', lemma?: string): Token => ({ word, furigana, pos, ...(lemma ? { lemma } : {}) });
const reading = (tokens: Token[], i: number) => checkedReading(tokens, i, dictionary()).furigana;

describe('furigana checked against the dictionary', () => {
  it('a rare reading gives way to the common one (第一毛をもって: 毛 is け, not もう)', () => {
    // kuromoji: 第 (prefix) 一 (number) 毛/モウ (counter suffix) をもって.
    const tokens = [tok('第', 'だい', 'prefix'), tok('一', 'いち', 'number'), tok('毛', 'もう', 'suffix'), tok('をもって', 'をもって', 'particle')];
    expect(reading(tokens, 2)).toBe('け');
    expect(reading(tokens, 1)).toBe('いち');
  });

  it("a counter's reading in a compound stays, rare as it is alone (一人: にん, 三杯: はい)", () => {
    expect(reading([tok('一', 'いち', 'number'), tok('人', 'にん', 'suffix')], 1)).toBe('にん');
    expect(reading([tok('三', 'さん', 'number'), tok('杯', 'はい', 'suffix')], 1)).toBe('はい');
    // Alone, as a noun, the counter reading would give way.
    expect(reading([tok('人', 'にん')], 0)).toBe('ひと');
  });

  it('a reading voiced in a compound is that reading (日曜日: び, 本棚: だな); another one is not', () => {
    expect(reading([tok('日曜', 'にちよう'), tok('日', 'び', 'suffix')], 1)).toBe('び');
    expect(reading([tok('本', 'ほん'), tok('棚', 'だな')], 1)).toBe('だな');
    expect(reading([tok('本', 'ほん'), tok('棚', 'とな')], 1)).toBe('たな');
  });

  it('a common reading stays, whichever of several it is (方: かた, 今日: こんにち, 明日: あす)', () => {
    expect(reading([tok('方', 'かた')], 0)).toBe('かた');
    expect(reading([tok('今日', 'こんにち')], 0)).toBe('こんにち');
    expect(reading([tok('明日', 'あす')], 0)).toBe('あす');
  });

  it('a reading that is none of the word’s becomes its most common one; a missing one is filled', () => {
    expect(reading([tok('上手', 'うえて')], 0)).toBe('じょうず');
    expect(reading([tok('上手', '')], 0)).toBe('じょうず');
    // A rare reading gives way to a common one; where no reading is common, it stays.
    expect(reading([tok('上手', 'うわて')], 0)).toBe('じょうず');
    expect(reading([tok('稀', 'け')], 0)).toBe('け');
  });

  it('an inflected word is checked by its stem: the ending stays as the analyzer read it', () => {
    expect(reading([tok('行っ', 'いっ', 'verb', '行く')], 0)).toBe('いっ');
    expect(reading([tok('行っ', 'ゆっ', 'verb', '行く')], 0)).toBe('ゆっ');
    expect(reading([tok('生き', 'なまき', 'verb', '生きる')], 0)).toBe('いき');
    // 来る reads its stem differently in each form (こ, き, く): not compared.
    expect(reading([tok('来', 'こ', 'verb', '来る')], 0)).toBe('こ');
  });

  it('a spelling that leaves okurigana out, which the analyzer splits and misreads, is read as the word it spells (恐しい: おそろしい)', () => {
    // kuromoji: 恐し/コワシ (adjective, base 恐い) | い/イ (verb いる).
    const tokens = [tok('恐し', 'こわし', 'adjective', '恐い'), tok('い', 'い', 'verb', 'いる'), tok('夜', 'よる')];
    const checked = checkedReading(tokens, 0, dictionary());
    expect(checked).toEqual({ furigana: 'おそろし', word: { term: '恐ろしい', reading: 'おそろしい' } });
    expect(reading(tokens, 1)).toBe('い');
  });

  it('an inflected form the analyzer did not split is no misread spelling (着い|た is not 着よい)', () => {
    expect(reading([tok('着い', 'つい', 'verb', '着く'), tok('た', 'た', 'auxiliary')], 0)).toBe('つい');
  });

  it('a spelling that could be two words is left as the analyzer read it (危い: 危ない or 危うい)', () => {
    expect(reading([tok('危', 'き', 'adjective', '危い'), tok('い', 'い', 'verb', 'いる')], 0)).toBe('き');
  });

  it('a particle is never part of such a spelling', () => {
    expect(reading([tok('恐し', 'こわし', 'adjective', '恐い'), tok('い', 'い', 'particle')], 0)).toBe('こわし');
  });

  it('leaves alone kana, numbers, symbols and words the dictionary does not know', () => {
    const d = dictionary();
    expect(checkedReading([tok('ねこ', 'ねこ')], 0, d).furigana).toBe('ねこ');
    expect(checkedReading([tok('一', 'ひと', 'number')], 0, d).furigana).toBe('ひと');
    expect(checkedReading([tok('吾輩', 'わがはい')], 0, d).furigana).toBe('わがはい');
    expect(checkedReading([tok('猫又', 'ねこまた')], 0, d).furigana).toBe('ねこまた');
    expect(d.asked).not.toContain('ねこ');
    expect(d.asked).not.toContain('一');
  });

  it('splits a written form into its kanji part and the kana after it', () => {
    expect(splitOkurigana('取り扱い')).toEqual({ head: '取り扱', tail: 'い' });
    expect(splitOkurigana('恐しい')).toEqual({ head: '恐', tail: 'しい' });
    expect(splitOkurigana('毛')).toEqual({ head: '毛', tail: '' });
    expect(splitOkurigana('ねこ')).toEqual({ head: '', tail: 'ねこ' });
  });
});
