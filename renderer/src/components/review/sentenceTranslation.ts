/**
 * The translation of one sentence of the document, when the document's
 * translation gives it without asking anyone: the whole text is that sentence,
 * or the translation has one line per line of the text and the sentence is a
 * whole line.
 */
const norm = (s: string) => s.replace(/\r\n?/g, '\n').normalize('NFC').trim();

export function sentenceTranslation(docText: string, translation: string, sentence: string): string {
  const s = norm(sentence);
  const text = norm(docText);
  const tr = norm(translation);
  if (!s || !tr) return '';
  if (text === s) return tr;
  const lines = text.split('\n');
  const trLines = tr.split('\n');
  if (lines.length !== trLines.length) return '';
  const i = lines.findIndex((l) => norm(l) === s);
  return i >= 0 ? norm(trLines[i]!) : '';
}
