import type { BookGaiji, BookRuby } from '../../../shared/contract/books';
import type { Token } from '../../../shared/domain';
import { rubyParts } from '../reader/ruby';
import { withReading } from '../reader/shownReading';
import { wordKeyId } from '../../../shared/words';

/** A piece of a paragraph as shown: text, with furigana from the author (`author`) or from the analyzer. */
export interface BookSegment {
  text: string;
  rt?: string;
  author?: boolean;
  /** The piece is (or its ruby base holds) a ※ standing for a character the source could only describe. */
  gaiji?: string;
  /** The piece belongs to a counted word: its wordKeyId (its status is painted on it). */
  wk?: string;
}

/**
 * The paragraph's text cut into segments for display. The author's ruby always
 * shows; the analyzer's furigana (when tokens are given) fills in the rest,
 * never over a stretch the author already annotated; `readings` are the learner's (word → reading); each
 * described gaiji (`gaiji`) is a piece of its own. With `furigana` false the tokens give only each
 * word's key (its status mark), no readings.
 */
export function bookSegments(
  text: string,
  ruby: readonly BookRuby[] = [],
  tokens?: readonly Token[],
  readings: Readonly<Record<string, string>> = {},
  gaiji: readonly BookGaiji[] = [],
  furigana = true,
): BookSegment[] {
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
      const wk = tok.key ? { wk: wordKeyId(tok.key) } : {};
      if (!furigana) {
        out.push({ text: tok.word, ...wk });
        continue;
      }
      for (const part of rubyParts(tok.word, withReading(tok, readings).furigana)) out.push(part.rt ? { text: part.base, rt: part.rt, ...wk } : { text: part.base, ...wk });
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
  const merged = out.reduce<BookSegment[]>((acc, s) => {
    const last = acc.at(-1);
    if (last && !last.rt && !s.rt && last.wk === s.wk) last.text += s.text;
    else acc.push({ ...s });
    return acc;
  }, []);
  return gaiji.length ? withGaiji(merged, gaiji) : merged;
}

/** Each described ※ its own piece (a ruby holding one carries the description). */
function withGaiji(segments: BookSegment[], gaiji: readonly BookGaiji[]): BookSegment[] {
  const out: BookSegment[] = [];
  let at = 0;
  for (const s of segments) {
    const end = at + s.text.length;
    const inside = gaiji.filter((g) => g.start >= at && g.start < end);
    if (inside.length === 0) out.push(s);
    else if (s.rt) out.push({ ...s, gaiji: inside.map((g) => g.description).join('、') });
    else {
      let from = at;
      for (const g of inside) {
        if (g.start > from) out.push({ text: s.text.slice(from - at, g.start - at) });
        out.push({ text: s.text.slice(g.start - at, g.start - at + 1), gaiji: g.description });
        from = g.start + 1;
      }
      if (from < end) out.push({ text: s.text.slice(from - at) });
    }
    at = end;
  }
  return out;
}

/**
 * Characters read, up to the place in view: the chapters before this one, the
 * paragraphs before `paragraphIndex` and `into` characters of that one; the
 * whole book at its end.
 */
export function charactersRead(chapterChars: readonly number[], chapterIndex: number, paragraphLengths: readonly number[], paragraphIndex: number, into: number, atEnd: boolean): number {
  const total = chapterChars.reduce((a, b) => a + b, 0);
  if (atEnd) return total;
  const before = chapterChars.slice(0, chapterIndex).reduce((a, b) => a + b, 0) + paragraphLengths.slice(0, paragraphIndex).reduce((a, b) => a + b, 0);
  return Math.min(total, before + Math.max(0, into));
}

/** Characters before `index` in the chapter's paragraphs plus the chapters before it: where the reader is in the book. */
export function bookProgress(chapterChars: readonly number[], chapterIndex: number, paragraphLengths: readonly number[], paragraphIndex: number): number {
  const total = chapterChars.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const before = chapterChars.slice(0, chapterIndex).reduce((a, b) => a + b, 0) + paragraphLengths.slice(0, paragraphIndex).reduce((a, b) => a + b, 0);
  return Math.min(1, before / total);
}
