import { marked } from 'marked';
import type { ParsedChapter } from './bookTypes';
import { htmlParagraphs, type HtmlParagraphs } from './htmlParagraphs';

/**
 * Cuts a document's paragraphs into chapters at its headings of one level:
 * `repeated`, the highest level that occurs more than once (a single h1 is the
 * title, not a chapter); `highest`, the highest level that occurs at all (a
 * document whose title lies outside its text). Before the first, `title`.
 */
export function chaptersAtHeadings(doc: HtmlParagraphs, title: string, rule: 'repeated' | 'highest'): ParsedChapter[] {
  const counts = new Map<number, number>();
  for (const l of doc.levels.values()) counts.set(l, (counts.get(l) ?? 0) + 1);
  const splitLevel = [...counts.entries()]
    .filter(([, n]) => rule === 'highest' || n > 1)
    .map(([l]) => l)
    .sort((a, b) => a - b)[0];

  const chapters: ParsedChapter[] = [];
  doc.paragraphs.forEach((p, i) => {
    if (splitLevel !== undefined && doc.levels.get(i) === splitLevel) chapters.push({ title: p.text, paragraphs: [] });
    else if (chapters.length === 0) chapters.push({ title, paragraphs: [] });
    chapters.at(-1)!.paragraphs.push(p);
  });
  return chapters;
}

/**
 * An HTML document as a book: chapters at the highest heading level that occurs
 * more than once (a single h1 is the book's title, not a chapter).
 */
export function parseHtmlBook(html: string, fallbackTitle: string): { title: string; chapters: ParsedChapter[] } {
  const doc = htmlParagraphs(html);
  const title = doc.title || doc.firstHeading || fallbackTitle;
  return { title, chapters: chaptersAtHeadings(doc, title, 'repeated') };
}

/** Markdown goes through marked to HTML, then like any HTML (raw HTML in it gets no special treatment). */
export function parseMarkdownBook(text: string, fallbackTitle: string): { title: string; chapters: ParsedChapter[] } {
  // A Markdown file has no <title>: its first heading names it.
  return parseHtmlBook(marked.parse(text, { async: false, gfm: true }), fallbackTitle);
}
