import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../electron/core/books/textDecoding';
import { parseBook } from '../../../electron/core/books/parseBook';
import { encodeLegacy, encodeUtf16 } from '../../support/books/legacyEncoding';
import { refusal } from '../../support/books/refusal';

const JA = '吾輩は猫である。名前はまだ無い。\nどこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n';
const utf8 = (s: string) => new TextEncoder().encode(s);
describe('text encodings, detected from the bytes', () => {
  it('UTF-8 with and without BOM', () => {
    expect(decodeText(utf8(JA))).toEqual({ text: JA, encoding: 'utf-8' });
    expect(decodeText(Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8(JA)))).toEqual({ text: JA, encoding: 'utf-8' });
  });

  it('UTF-16 LE and BE, with a BOM and without', () => {
    expect(decodeText(encodeUtf16(JA, 'le', true))).toEqual({ text: JA, encoding: 'utf-16le' });
    expect(decodeText(encodeUtf16(JA, 'be', true))).toEqual({ text: JA, encoding: 'utf-16be' });
    expect(decodeText(encodeUtf16(JA, 'le', false))).toEqual({ text: JA, encoding: 'utf-16le' });
    expect(decodeText(encodeUtf16(JA, 'be', false))).toEqual({ text: JA, encoding: 'utf-16be' });
    const mixed = `Chapter 1\n${JA}The end.\n`;
    expect(decodeText(encodeUtf16(mixed, 'le', false))).toEqual({ text: mixed, encoding: 'utf-16le' });
  });

  it('Shift_JIS and EUC-JP, whatever the file is called', async () => {
    expect(decodeText(encodeLegacy(JA, 'shift_jis'))).toEqual({ text: JA, encoding: 'shift_jis' });
    expect(decodeText(encodeLegacy(JA, 'euc-jp'))).toEqual({ text: JA, encoding: 'euc-jp' });
    // The extension says nothing: an EUC-JP file named .sjis.txt is still EUC-JP.
    const book = await parseBook('neko.sjis.txt', encodeLegacy(JA, 'euc-jp'));
    expect(book.chapters[0]!.paragraphs[0]!.text).toBe('吾輩は猫である。名前はまだ無い。');
  });

  it('refuses an encoding it cannot recognise, and binary data as no book', async () => {
    // Latin-1 / Windows-1252 French: no Japanese encoding reads it as Japanese.
    const latin1 = Uint8Array.from(Buffer.from('Le café est très bon. À bientôt, garçon ! Ça va très bien, merci. '.repeat(5), 'latin1'));
    expect(await refusal(() => parseBook('cafe.txt', latin1))).toBe('bad_request/unknown_encoding');
    const random = new Uint8Array(4096);
    for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
    expect(await refusal(() => parseBook('data.txt', random))).toBe('bad_request/not_a_book');
    expect(await refusal(() => parseBook('bad.txt', Uint8Array.of(0xff, 0xfe, 0x41, 0xd8)))).toBe('bad_request/unknown_encoding'); // a lone surrogate after a UTF-16 BOM
  });
});
