import { describe, expect, it } from 'vitest';
import { escapeHtml, furigana, markedSentence, morae, pitchGraph, sentenceFurigana } from '../../../electron/core/export/noteFields';

describe('note fields', () => {
  it('marks the word in its sentence: at its offset, else the written form, else the headword; text is escaped', () => {
    expect(markedSentence('子供が泣いていた。', ['泣いていた', '泣く'])).toBe('子供が<b>泣いていた</b>。');
    expect(markedSentence('猫と猫。', ['猫'], 2)).toBe('猫と<b>猫</b>。');
    expect(markedSentence('猫と猫。', ['猫'], 1)).toBe('<b>猫</b>と猫。');
    expect(markedSentence('泣く<i>子</i>', ['泣いた', '泣く'])).toBe('<b>泣く</b>&lt;i&gt;子&lt;/i&gt;');
    expect(markedSentence('犬だ。', ['猫'])).toBe('犬だ。');
    expect(escapeHtml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
  });

  it('furigana over the kanji only, in Anki syntax', () => {
    expect(furigana('食べる', 'たべる')).toBe('食[た]べる');
    expect(furigana('お茶', 'おちゃ')).toBe('お 茶[ちゃ]');
    expect(furigana('取り扱い', 'とりあつかい')).toBe('取[と]り 扱[あつか]い');
    expect(furigana('猫', 'ネコ')).toBe('猫[ねこ]');
    expect(furigana('ねこ', 'ねこ')).toBe('ねこ');
    expect(furigana('コーヒー', 'こーひー')).toBe('コーヒー');
    expect(furigana('今日', 'きょう')).toBe('今日[きょう]');
  });

  it('a sentence in furigana with the word in <b>', () => {
    const tokens = [
      { word: '子供', furigana: 'こども' },
      { word: 'が', furigana: '' },
      { word: '泣い', furigana: 'ない' },
      { word: 'て', furigana: '' },
      { word: 'いた', furigana: '' },
      { word: '。', furigana: '' },
    ];
    expect(sentenceFurigana(tokens, { start: 3, end: 8 })).toBe('子供[こども]が<b>泣[な]いていた</b>。');
    expect(sentenceFurigana(tokens)).toBe('子供[こども]が 泣[な]いていた。');
  });

  it('pitch graphs: heiban, atamadaka, nakadaka, odaka; morae join small kana', () => {
    expect(morae('きょう')).toEqual(['きょ', 'う']);
    expect(pitchGraph('さくら', 0)).toBe('<span class="pitch" data-pitch="0"><span class="pitch-l">さ</span><span class="pitch-h">く</span><span class="pitch-h">ら</span></span>');
    expect(pitchGraph('ねこ', 1)).toBe('<span class="pitch" data-pitch="1"><span class="pitch-h pitch-drop">ね</span><span class="pitch-l">こ</span></span>');
    expect(pitchGraph('たまご', 2)).toBe('<span class="pitch" data-pitch="2"><span class="pitch-l">た</span><span class="pitch-h pitch-drop">ま</span><span class="pitch-l">ご</span></span>');
    expect(pitchGraph('おとうと', 4)).toContain('<span class="pitch-h pitch-drop">と</span></span>');
    expect(pitchGraph('ねこ', 3)).toBe('');
    expect(pitchGraph('', 0)).toBe('');
  });
});
