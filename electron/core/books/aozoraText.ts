import type { ParsedChapter, ParsedParagraph } from './bookTypes';
import { ParagraphBuilder } from './paragraphBuilder';

/** Signs of Aozora Bunko markup: ruby brackets, input notes, the bibliographic footer. */
export function looksLikeAozora(text: string): boolean {
  return /[｜\u4e00-\u9fff々]《[^》\n]{1,40}》/.test(text) || text.includes('［＃') || /^底本：/m.test(text);
}

// A base written without ｜ is the run of kanji (or else of one script) right before 《.
const KANJI_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆〇ヶ仝\u{20000}-\u{3134f}]+$/u;
const SCRIPT_RUNS = [/[ァ-ヺー]+$/, /[ぁ-ゖ]+$/, /[Ａ-Ｚａ-ｚ０-９]+$/, /[A-Za-z0-9]+$/];
const TOKEN = /｜|《([^》\n]*)》|※?［＃([^］\n]*)］/g;
const RULE = /^-{10,}\s*$/;
const HEADING = /(大|中|小)見出し/;
const PAGE_BREAK = /^改(ページ|丁|見開き|段)$/;

type Level = 1 | 2 | 3;
interface Line {
  paragraph?: ParsedParagraph;
  level?: Level;
  pageBreak?: boolean;
}

const levelOf = (s: string): Level | undefined => {
  const m = HEADING.exec(s);
  return m ? (m[1] === '大' ? 1 : m[1] === '中' ? 2 : 3) : undefined;
};

/** One line of Aozora text: plain text, ruby kept, annotations read for headings and page breaks and dropped. */
function readLine(line: string, block: { level?: Level }): Line {
  const p = new ParagraphBuilder(false);
  let level = block.level;
  let pageBreak = false;
  let pending = '';
  let explicitBase = false;
  let last = 0;
  for (const m of line.matchAll(TOKEN)) {
    pending += line.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === '｜') {
      p.add(pending);
      pending = '';
      explicitBase = true;
    } else if (m[1] !== undefined) {
      let base = pending;
      if (!explicitBase) {
        const run = KANJI_RUN.exec(pending) ?? SCRIPT_RUNS.map((r) => r.exec(pending)).find(Boolean);
        base = run ? run[0] : '';
      }
      p.add(pending.slice(0, pending.length - base.length));
      if (base) p.addRuby(base, m[1]);
      pending = '';
      explicitBase = false;
    } else {
      // ［＃…］: a note of the transcriber. ※［＃…］ describes a character outside JIS: ※ stands for it.
      p.add(pending + (m[0].startsWith('※') ? '※' : ''));
      pending = '';
      const note = m[2]!;
      if (PAGE_BREAK.test(note)) pageBreak = true;
      else if (note.startsWith('ここから') && levelOf(note)) block.level = levelOf(note);
      else if (note.startsWith('ここで') && levelOf(note)) delete block.level;
      else if (levelOf(note) && !note.endsWith('終わり')) level = levelOf(note);
    }
  }
  p.add(pending + line.slice(last));
  const paragraph = p.take(level ? { heading: true } : {});
  return { ...(paragraph ? { paragraph } : {}), ...(level && paragraph ? { level } : {}), ...(pageBreak ? { pageBreak } : {}) };
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
 * at page breaks, else one chapter.
 */
export function parseAozora(text: string, opts: { header: boolean; fallbackTitle: string }): AozoraBook {
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
  const read = lines.map((l) => readLine(l, block));
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
    if (!line.paragraph) continue;
    if (!current) start(chapters.length ? `${bookTitle} (${chapters.length + 1})` : bookTitle);
    current!.paragraphs.push(line.paragraph);
  }
  return chapters;
}
