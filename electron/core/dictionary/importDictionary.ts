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
import { databaseByteCap, databaseLimitError, DICTIONARY_CAPS, TextBudget, type DictionaryCaps } from './textCaps';

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
  /** The file's size as received: the database it builds is capped against it (textCaps.ts). */
  inputBytes: number;
  caps?: DictionaryCaps;
}): Promise<BuiltDictionary> {
  const caps = opts.caps ?? DICTIONARY_CAPS;
  const writer = new DictionaryWriter(opts.tempFile, opts.nativeBinding);
  const sizeCap = databaseByteCap(opts.inputBytes, caps);
  try {
    writer.limitSize(sizeCap);
    const budget = new TextBudget(caps);
    const { format, text } = await openDictionaryText(opts.bytes);
    let kind: DictionaryKind | null = null;
    let edition: string | null = null;
    const sink = {
      kind: (k: DictionaryKind) => void (kind = k),
      edition: (d: string) => void (edition ??= d),
      word: (w: Parameters<DictionaryWriter['word']>[0]) => writer.word(w),
      kanji: (k: Parameters<DictionaryWriter['addKanji']>[0]) => writer.addKanji(k),
    };
    if (format.kind === 'xml') await parseDictionaryXml(text, sink, { ...opts.xml, budget });
    else await parseDictionaryText(text, format.format, sink, budget);
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
    const full = (e as { code?: unknown }).code === 'SQLITE_FULL' && writer.fullByCap();
    writer.abandon();
    throw full ? databaseLimitError(sizeCap) : e;
  }
}
