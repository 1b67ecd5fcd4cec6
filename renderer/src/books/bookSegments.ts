import type { BookRuby } from '../../../shared/contract/books';
import type { Token } from '../../../shared/domain';
import { rubyParts } from '../reader/ruby';
import { withReading } from '../reader/shownReading';

/** A piece of a paragraph as shown: text, with furigana from the author (`author`) or from the analyzer. */
export interface BookSegment {
  text: string;
  rt?: string;
  author?: boolean;
}

/**
 * The paragraph's text cut into segments for display. The author's ruby always
 * shows; the analyzer's furigana (when tokens are given) fills in the rest,
 * never over a stretch the author already annotated; `readings` are the learner's (word → reading).
 */
export function bookSegments(text: string, ruby: readonly BookRuby[] = [], tokens?: readonly Token[], readings: Readonly<Record<string, string>> = {}): BookSegment[] {
  const out: BookSegment[] = [];
  const authored = [...ruby].filter((r) => text.slice(r.start, r.start + r.base.length) === r.base).sort((a, b) => a.start - b.start);
  const plain = (from: number, to: number) => {
    if (from >= to) return;
    if (!tokens) {
      out.push({ text: text.slice(from, to) });
      return;
    }
    // Tokens lie end to end over the text (the analyzer rebuilds it exactly).
    let at = 0;
    for (const tok of tokens) {
      const start = at;
      const end = at + tok.word.length;
      at = end;
      if (end <= from || start >= to) continue;
      if (start < from || end > to) {
        out.push({ text: text.slice(Math.max(start, from), Math.min(end, to)) });
        continue;
      }
      for (const part of rubyParts(tok.word, withReading(tok, readings).furigana)) out.push(part.rt ? { text: part.base, rt: part.rt } : { text: part.base });
    }
    if (at < to) out.push({ text: text.slice(Math.max(at, from), to) });
  };
  let pos = 0;
  for (const r of authored) {
    if (r.start < pos) continue;
    plain(pos, r.start);
    out.push({ text: r.base, rt: r.reading, author: true });
    pos = r.start + r.base.length;
  }
  plain(pos, text.length);
  // Neighbouring plain pieces become one text node.
  return out.reduce<BookSegment[]>((acc, s) => {
    const last = acc.at(-1);
    if (last && !last.rt && !s.rt) last.text += s.text;
    else acc.push({ ...s });
    return acc;
  }, []);
}

/** Characters before `index` in the chapter's paragraphs plus the chapters before it: where the reader is in the book. */
export function bookProgress(chapterChars: readonly number[], chapterIndex: number, paragraphLengths: readonly number[], paragraphIndex: number): number {
  const total = chapterChars.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const before = chapterChars.slice(0, chapterIndex).reduce((a, b) => a + b, 0) + paragraphLengths.slice(0, paragraphIndex).reduce((a, b) => a + b, 0);
  return Math.min(1, before / total);
}
