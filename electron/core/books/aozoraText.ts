import type { ParsedChapter, ParsedParagraph } from './bookTypes';
import { readGaijiNote, type Gaiji } from './gaiji/gaijiNote';
import { GAIJI_MARK, ParagraphBuilder } from './paragraphBuilder';

/** Signs of Aozora Bunko markup: ruby brackets, input notes, the bibliographic footer. */
export function looksLikeAozora(text: string): boolean {
  return /[｜\u4e00-\u9fff々]《[^》\n]{1,40}》/.test(text) || text.includes('［＃') || /^底本：/m.test(text);
}

// A base written without ｜ is the run of kanji (or else of one script) right before 《.
// U+FFFC stands for a gaiji while the base is looked for: whatever the character, a reading after it is its own.
const GAIJI_SLOT = '\uFFFC';
const KANJI_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆〇ヶ仝\uFFFC\u{20000}-\u{3134f}]+$/u;
const SCRIPT_RUNS = [/[ァ-ヺー]+$/, /[ぁ-ゖ]+$/, /[Ａ-Ｚａ-ｚ０-９]+$/, /[A-Za-z0-9]+$/];
const TOKEN = /｜|《([^》\n]*)》|(※)?［＃([^］\n]*)］/g;
const RULE = /^-{10,}\s*$/;
const HEADING = /(大|中|小)見出し/;
const PAGE_BREAK = /^改(ページ|丁|見開き|段)$/;

type Level = 1 | 2 | 3;
interface Line {
  paragraph?: ParsedParagraph;
  level?: Level;
  pageBreak?: boolean;
  /** Illustrations the line places (stored names), after its text. */
  images?: string[];
}

/** `挿絵（fig42303_01.png、横321×縦480）入る`, `石鏃二つの図（…）入る`, `「…」のキャプション付きの図（…）入る`: the file. */
const FIGURE = /（([^（）、]+\.(?:png|jpe?g|gif|webp))(?:、[^（）]*)?）入る$/i;

/** Places an illustration by its file name: its stored name, or undefined where there is none (a text without its zip). */
export type FigureResolver = (file: string) => string | undefined;

const levelOf = (s: string): Level | undefined => {
  const m = HEADING.exec(s);
  return m ? (m[1] === '大' ? 1 : m[1] === '中' ? 2 : 3) : undefined;
};

/**
 * Text read since the last ruby: the characters as they will be shown, a
 * shadow of the same length where each gaiji is GAIJI_SLOT (so a reading after
 * one finds its base), and the described-only characters in it.
 */
class Pending {
  text = '';
  shadow = '';
  described: { at: number; description: string }[] = [];

  add(s: string): void {
    this.text += s;
    this.shadow += s;
  }

  addGaiji(g: Gaiji): void {
    const shown = g.char ?? GAIJI_MARK;
    if (g.char === undefined) this.described.push({ at: this.text.length, description: g.description });
    this.text += shown;
    this.shadow += GAIJI_SLOT.repeat(shown.length);
  }

  /** Length of the ruby base at the end: all of it after ｜, else the run of one script before 《. */
  baseLength(explicit: boolean): number {
    if (explicit) return this.text.length;
    const run = KANJI_RUN.exec(this.shadow) ?? SCRIPT_RUNS.map((r) => r.exec(this.shadow)).find(Boolean);
    return run ? run[0].length : 0;
  }

  /** Moves `text[from, to)` into the paragraph, as ruby when a reading is given. */
  emit(p: ParagraphBuilder, from: number, to: number, reading?: string): void {
    const start = reading === undefined ? p.length : p.addRuby(this.text.slice(from, to), reading);
    if (reading === undefined) p.add(this.text.slice(from, to));
    if (start === undefined) return;
    for (const d of this.described) if (d.at >= from && d.at < to) p.markGaiji(start + d.at - from, d.description);
  }

  clear(): void {
    this.text = '';
    this.shadow = '';
    this.described = [];
  }
}

/** One line of Aozora text: plain text, ruby kept, gaiji as their characters, annotations read for headings and page breaks and dropped. */
function readLine(line: string, block: { level?: Level }, figure?: FigureResolver): Line {
  const p = new ParagraphBuilder(false);
  let level = block.level;
  let pageBreak = false;
  const images: string[] = [];
  const pending = new Pending();
  let explicitBase = false;
  let last = 0;
  for (const m of line.matchAll(TOKEN)) {
    pending.add(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[0] === '｜') {
      pending.emit(p, 0, pending.text.length);
      pending.clear();
      explicitBase = true;
    } else if (m[1] !== undefined) {
      const base = pending.baseLength(explicitBase);
      const end = pending.text.length;
      pending.emit(p, 0, end - base);
      if (base > 0) pending.emit(p, end - base, end, m[1]);
      pending.clear();
      explicitBase = false;
    } else if (m[2]) {
      // ※［＃…］: a character outside JIS X 0208, given by its code (then it is that character) or only described
      // (one drawn as a picture, ※［＃…形（fig….png、…）入る］, by what it looks like).
      pending.addGaiji(readGaijiNote(m[3]!.replace(FIGURE, '')));
    } else {
      // ［＃…］: a note of the transcriber, read for illustrations, headings and page breaks.
      const note = m[3]!;
      const fig = FIGURE.exec(note);
      const stored = fig ? figure?.(fig[1]!) : undefined;
      if (stored) images.push(stored);
      else if (PAGE_BREAK.test(note)) pageBreak = true;
      else if (note.startsWith('ここから') && levelOf(note)) block.level = levelOf(note);
      else if (note.startsWith('ここで') && levelOf(note)) delete block.level;
      else if (levelOf(note) && !note.endsWith('終わり')) level = levelOf(note);
    }
  }
  pending.add(line.slice(last));
  pending.emit(p, 0, pending.text.length);
  const paragraph = p.take(level ? { heading: true } : {});
  return { ...(paragraph ? { paragraph } : {}), ...(level && paragraph ? { level } : {}), ...(pageBreak ? { pageBreak } : {}), ...(images.length ? { images } : {}) };
}

export interface AozoraBook {
  title: string;
  author: string;
  chapters: ParsedChapter[];
}

/**
 * Reads Aozora Bunko text (or plain text, `header: false`): one line per
 * paragraph; the header (title, author) and the bibliographic footer (from
 * 底本：) recognised; chapters at the largest heading level the book uses, else
 * at page breaks, else one chapter. With `figure`, the illustrations its notes
 * place become image paragraphs.
 */
export function parseAozora(text: string, opts: { header: boolean; fallbackTitle: string; figure?: FigureResolver }): AozoraBook {
  let lines = text.replace(/\r\n?/g, '\n').split('\n');
  let title = opts.fallbackTitle;
  let author = '';
  if (opts.header) {
    const blank = lines.findIndex((l) => l.trim() === '' || RULE.test(l));
    const head = (blank < 0 ? [] : lines.slice(0, blank)).map((l) => l.trim());
    if (head.length > 0 && head.length <= 6 && head.every((l) => l.length <= 80 && !l.includes('［＃'))) {
      // Title, an optional subtitle, the author, then translators or editors.
      const names = head.filter((l, i) => i === 0 || !/(訳|編|校訂)$/.test(l));
      title = names.length >= 3 ? `${names[0]} ${names[1]}` : names[0]!;
      author = names.length >= 2 ? names.at(-1)! : '';
      lines = lines.slice(blank);
    }
    // The explanation of the symbols sits between two rules of dashes.
    const first = lines.findIndex((l) => RULE.test(l));
    const second = first >= 0 ? lines.findIndex((l, i) => i > first && RULE.test(l)) : -1;
    if (second > 0) lines = [...lines.slice(0, first), ...lines.slice(second + 1)];
    const footer = lines.findIndex((l) => /^底本：/.test(l));
    if (footer >= 0) lines = lines.slice(0, footer);
  }

  const block: { level?: Level } = {};
  const read = lines.map((l) => readLine(l, block, opts.figure));
  return { title, author, chapters: chaptersOf(read, title) };
}

function chaptersOf(lines: Line[], bookTitle: string): ParsedChapter[] {
  const levels = lines.map((l) => l.level).filter((l): l is Level => l !== undefined);
  const splitAt = levels.length ? Math.min(...levels) : undefined;
  const chapters: ParsedChapter[] = [];
  let current: ParsedChapter | undefined;
  const start = (title: string) => {
    current = { title, paragraphs: [] };
    chapters.push(current);
  };
  for (const line of lines) {
    if (splitAt !== undefined && line.level === splitAt && line.paragraph) start(line.paragraph.text);
    // Without headings, a page break ends a chapter.
    else if (splitAt === undefined && line.pageBreak) current = undefined;
    const shown = [...(line.paragraph ? [line.paragraph] : []), ...(line.images ?? []).map((image) => ({ text: '', image }))];
    if (shown.length === 0) continue;
    if (!current) start(chapters.length ? `${bookTitle} (${chapters.length + 1})` : bookTitle);
    current!.paragraphs.push(...shown);
  }
  return chapters;
}
