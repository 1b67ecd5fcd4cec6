/** Entry names: bit 11, UTF-8 without it, CP437, Shift_JIS as Japanese archivers write it, and the Unicode Path field. */
import { describe, expect, it } from 'vitest';
import { openZip } from '../../../electron/core/archive';
import { legacyEncoding } from '../../../electron/core/archive/entryNames';
import { encodeName, writeZip, type NameEncoding } from '../../support/books/zipWriter';

async function namesOf(names: string[], nameEncoding: NameEncoding): Promise<string[]> {
  const zip = await openZip(writeZip(names.map((name) => ({ name, data: name, nameEncoding }))));
  // The names lead to the right data, not only to the right strings.
  for (const name of names) expect(await zip.readText(name)).toBe(name);
  return zip.entries.map((e) => e.name);
}

describe('zip entry names', () => {
  it('UTF-8 with the flag set', async () => {
    expect(await namesOf(['OEBPS/本文/第一章.xhtml', 'mimetype'], 'utf8-flagged')).toEqual(['OEBPS/本文/第一章.xhtml', 'mimetype']);
  });

  it('UTF-8 without the flag (what many tools write) is read as UTF-8', async () => {
    expect(await namesOf(['OEBPS/本文/第一章.xhtml', 'Bücher/naïve.txt'], 'utf8-unflagged')).toEqual(['OEBPS/本文/第一章.xhtml', 'Bücher/naïve.txt']);
  });

  it('CP437 without the flag (the zip standard), accented names included', async () => {
    const names = ['Bücher/naïve café.txt', 'Über/Ñandú.txt', 'Müller.txt', 'ÉCOLE/à.txt'];
    // These bytes are not valid UTF-8, so only a CP437 reading gives the names back.
    for (const n of names) expect(() => new TextDecoder('utf-8', { fatal: true }).decode(encodeName(n, 'cp437'))).toThrow();
    expect(await namesOf(names, 'cp437')).toEqual(names);
  });

  it('Shift_JIS without the flag, as Japanese archivers write it: with kana, and kanji alone', async () => {
    expect(await namesOf(['テキスト/はじめに.xhtml', 'OEBPS/content.opf'], 'shift_jis')).toEqual(['テキスト/はじめに.xhtml', 'OEBPS/content.opf']);
    expect(await namesOf(['本文/第一章.xhtml', '本文/第二章.xhtml'], 'shift_jis')).toEqual(['本文/第一章.xhtml', '本文/第二章.xhtml']);
  });

  it('tells a European name that happens to be valid Shift_JIS from a Japanese one', () => {
    // 'naïve' in CP437 is also valid Shift_JIS ('na喫e'): one kanji against one accented letter inside a word.
    expect(legacyEncoding([encodeName('naïve.txt', 'cp437')])).toBe('cp437');
    expect(legacyEncoding([encodeName('Über.txt', 'cp437')])).toBe('cp437');
    expect(legacyEncoding([encodeName('第一章.xhtml', 'shift_jis')])).toBe('shift_jis');
    expect(legacyEncoding([encodeName('ア.txt', 'shift_jis')])).toBe('shift_jis');
    // Not valid Shift_JIS at all (a lead byte at the end).
    expect(legacyEncoding([encodeName('café', 'cp437')])).toBe('cp437');
  });

  it('honours the Info-ZIP Unicode Path extra field, unless its CRC no longer matches the stored name', async () => {
    const zip = await openZip(
      writeZip([
        // The stored name is a CP437 stand-in; the field carries the real one.
        { name: 'chapter1.xhtml', data: 'a', nameEncoding: 'cp437', unicodePath: { name: '第一章.xhtml' } },
        // Renamed by a tool that did not update the field: the stored name wins.
        { name: 'renamed.xhtml', data: 'b', nameEncoding: 'cp437', unicodePath: { name: '古い名前.xhtml', crcOf: 'old.xhtml' } },
      ]),
    );
    expect(zip.entries.map((e) => e.name)).toEqual(['第一章.xhtml', 'renamed.xhtml']);
    expect(await zip.readText('第一章.xhtml')).toBe('a');
  });
});
