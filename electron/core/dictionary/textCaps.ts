/**
 * How much text a dictionary import may expand to, and how large a database it may build.
 *
 * The DOCTYPE's entities are capped one by one (dtdEntities.ts), but a small entity
 * referenced many times still multiplies: one 2,000-character entity referenced 100,000
 * times in a gloss is 200 M characters from 400 KB of file. So every element's text is
 * counted as it will be expanded — each entity reference at its expanded length — and
 * capped per element, per entry and per file (the file's cap grows with the text read, so
 * a real dictionary of any size passes and amplification does not). The database an
 * import writes is capped against the bytes received, so a small file (a gzip of
 * repeated entries, say) can never fill the disk.
 *
 * Every importer (JMdict/KANJIDIC XML, EDICT/KANJIDIC text, others to come) counts
 * through a TextBudget; refusals are DictionaryInputErrors with the problem `text_limit`
 * or `database_limit`, and the previous dictionary is never touched (importDictionary.ts).
 */
import { DictionaryInputError } from './errors';

export interface DictionaryCaps {
  /** Characters of one element's expanded text (a gloss, a reading, a line's field). */
  elementChars: number;
  /** Characters of one entry's expanded text (a JMdict entry, a KANJIDIC character, an EDICT line). */
  entryChars: number;
  /** The whole file's expanded text may be this many characters… */
  fileCharsFloor: number;
  /** …plus this many per character of text read so far. */
  fileCharsPerInputChar: number;
  /** The database an import writes may be this many bytes… */
  databaseFloorBytes: number;
  /** …plus this many per byte of the file as received (gzipped or not). */
  databaseBytesPerInputByte: number;
}

/**
 * Measured against the real files: JMdict's longest gloss is under 1,000 characters and its
 * largest entry (all languages) under 40,000; its expanded text is smaller than its XML
 * (markup outweighs the entity names). EDICT (19 MB) builds 80 MB, JMdict_e.gz (10 MB) about
 * 100 MB: the database cap leaves room for a gzipped EDICT (~25× its bytes).
 */
export const DICTIONARY_CAPS: DictionaryCaps = {
  elementChars: 16 * 1024,
  entryChars: 256 * 1024,
  fileCharsFloor: 1024 * 1024,
  fileCharsPerInputChar: 4,
  databaseFloorBytes: 64 * 1024 * 1024,
  databaseBytesPerInputByte: 32,
};

/** The most bytes the database built from `inputBytes` received may take. */
export function databaseByteCap(inputBytes: number, caps: DictionaryCaps = DICTIONARY_CAPS): number {
  return caps.databaseFloorBytes + caps.databaseBytesPerInputByte * Math.max(0, inputBytes);
}

export const databaseLimitError = (cap: number) =>
  new DictionaryInputError(
    'database_limit',
    `The dictionary this file builds would take more than ${Math.round(cap / (1024 * 1024))} MB, far more than a file of its size should; it was not imported.`,
  );

const textLimit = (what: string, cap: number) =>
  new DictionaryInputError('text_limit', `The file's ${what} expands to more than ${cap.toLocaleString('en')} characters (repeated entities?); it was not imported.`);

/**
 * Counts one import's expanded text. Call `read` with each piece of input text, `element`
 * with each element's expanded length (before building the string), `endEntry` after each
 * entry. Each throws the moment its cap is passed.
 */
export class TextBudget {
  private inputChars = 0;
  private fileChars = 0;
  private entryChars = 0;

  constructor(readonly caps: DictionaryCaps = DICTIONARY_CAPS) {}

  read(chars: number): void {
    this.inputChars += chars;
  }

  /** A running element's length so far: refused as soon as it passes the element cap. */
  growing(chars: number): void {
    if (chars > this.caps.elementChars) throw textLimit('text of one element', this.caps.elementChars);
  }

  element(chars: number): void {
    this.growing(chars);
    this.add(chars);
  }

  endEntry(): void {
    this.entryChars = 0;
  }

  /** An entry with no elements to count apart (a line of EDICT or KANJIDIC text). */
  entry(chars: number): void {
    this.add(chars);
    this.endEntry();
  }

  private add(chars: number): void {
    this.entryChars += chars;
    if (this.entryChars > this.caps.entryChars) throw textLimit('text of one entry', this.caps.entryChars);
    this.fileChars += chars;
    const fileCap = this.caps.fileCharsFloor + this.caps.fileCharsPerInputChar * this.inputChars;
    if (this.fileChars > fileCap) throw textLimit('text', fileCap);
  }
}
