/**
 * One import: the file's bytes → parser → a new dictionary file built beside the current
 * one, with the part it does not replace carried over. The caller swaps it in with one
 * rename; on any failure the temp file is removed and the current dictionary is untouched.
 */
import { DictionaryInputError } from './errors';
import { DictionaryWriter, type META_KEYS } from './dictionaryStore';
import { openDictionaryText } from './inputStream';
import type { DictionaryKind } from './records';
import { parseDictionaryText } from './textDictionary';
import { parseDictionaryXml, type XmlOptions } from './xmlDictionary';

export interface BuiltDictionary {
  kind: DictionaryKind;
  words: number;
  kanji: number;
}

export async function buildDictionary(opts: {
  bytes: AsyncIterable<Buffer>;
  name: string;
  tempFile: string;
  currentFile: string;
  nativeBinding?: string;
  xml?: XmlOptions;
}): Promise<BuiltDictionary> {
  const writer = new DictionaryWriter(opts.tempFile, opts.nativeBinding);
  try {
    const { format, text } = await openDictionaryText(opts.bytes);
    let kind: DictionaryKind | null = null;
    let edition: string | null = null;
    const sink = {
      kind: (k: DictionaryKind) => void (kind = k),
      edition: (d: string) => void (edition ??= d),
      word: (w: Parameters<DictionaryWriter['word']>[0]) => writer.word(w),
      kanji: (k: Parameters<DictionaryWriter['addKanji']>[0]) => writer.addKanji(k),
    };
    if (format.kind === 'xml') await parseDictionaryXml(text, sink, opts.xml);
    else await parseDictionaryText(text, format.format, sink);
    writer.flush();
    const found = kind as DictionaryKind | null;
    const count = found === 'kanji' ? writer.kanji : writer.words;
    if (!found || count === 0) throw new DictionaryInputError('not_dictionary', 'The file holds no dictionary entries.');
    const imported = { kind: found, words: writer.words, kanji: writer.kanji };
    writer.carryOver(opts.currentFile, found);
    const keys: (typeof META_KEYS)[DictionaryKind] = found === 'words' ? ['edition', 'wordsSource'] : ['kanjiEdition', 'kanjiSource'];
    writer.finish({ [keys[0]]: edition ?? '', [keys[1]]: opts.name, importedAt: new Date().toISOString() });
    return { ...imported, words: writer.words, kanji: writer.kanji };
  } catch (e) {
    writer.abandon();
    throw e;
  }
}
