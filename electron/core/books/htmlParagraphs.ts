import { Parser } from 'htmlparser2';
import { bookError } from './bookError';
import type { ParsedParagraph } from './bookTypes';
import type { Gaiji } from './gaiji/gaijiNote';
import { BOOK_LIMITS } from './limits';
import { GAIJI_MARK, ParagraphBuilder } from './paragraphBuilder';

/** Never read as text: code, styles, embedded documents and metadata. Their content does not reach the book. */
const SKIPPED = new Set(['script', 'style', 'head', 'template', 'noscript', 'iframe', 'object', 'embed', 'math', 'svg', 'rp', 'select', 'button', 'textarea', 'canvas', 'audio', 'video']);
/** Elements that end the paragraph before and after them. */
const BLOCKS = new Set([
  'p', 'div', 'li', 'ul', 'ol', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'aside', 'figure', 'figcaption',
  'dl', 'dt', 'dd', 'table', 'tr', 'td', 'th', 'hr', 'br', 'body', 'nav', 'main', 'address', 'center', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
]);
const HEADINGS = /^h[1-6]$/;

export interface HtmlParagraphs {
  paragraphs: ParsedParagraph[];
  /** Element ids → index of the first paragraph at or after them (for TOC entries with a fragment). */
  anchors: Map<string, number>;
  /** The document's `<title>`. */
  title: string;
  /** Text of the first heading, a chapter's natural title. */
  firstHeading?: string;
  /** Index of each heading paragraph → its level (1 for h1). */
  levels: Map<number, number>;
}

type Attrs = Record<string, string>;

/** How a source marks characters and notes of its own (Aozora Bunko's XHTML edition). */
export interface HtmlAnnotations {
  /** The element holding the book's text; everything outside it (title pages, colophons) is not read. */
  section?(name: string, attrs: Attrs): boolean;
  /** An inline element standing for a character (a gaiji image): the character, or its description. */
  gaiji?(name: string, attrs: Attrs): Gaiji | undefined;
  /** An element whose text is a transcriber's note, never book text. */
  isNote?(name: string, attrs: Attrs): boolean;
  /** What a note says of the ※ right before it, when it explains one. */
  readNote?(text: string): Gaiji | undefined;
}

export interface HtmlOptions {
  /** Maps an `<img src>` / `<image href>` to the stored name of an image of the book; undefined drops it. */
  image?: (src: string) => string | undefined;
  annotations?: HtmlAnnotations;
  maxDepth?: number;
}

/**
 * A DOCTYPE's internal subset (`<!DOCTYPE html [ <!ENTITY …> ]>`) taken out:
 * the HTML tokenizer ends the declaration at its first `>` and would read the
 * rest, down to `]>`, as text.
 */
export function withoutInternalSubset(html: string): string {
  const head = html.slice(0, 4096);
  const m = /<!DOCTYPE\b([^>[]*)\[/i.exec(head);
  if (!m) return html;
  const end = html.indexOf(']', m.index + m[0].length);
  const close = end < 0 ? -1 : html.indexOf('>', end);
  // Only `]` and blanks between the subset and `>`: else this is not the subset's end and nothing is changed.
  if (close < 0 || html.slice(end + 1, close).trim() !== '') return html;
  return `${html.slice(0, m.index)}<!DOCTYPE${m[1]!.trimEnd()}>${html.slice(close + 1)}`;
}

/**
 * Reads an (X)HTML document as paragraphs of plain text with the author's ruby.
 * A streaming parse: no DOM is built, nothing is executed or loaded; only text,
 * ruby and the book's own images come through.
 */
export function htmlParagraphs(html: string, opts: HtmlOptions = {}): HtmlParagraphs {
  const maxDepth = opts.maxDepth ?? BOOK_LIMITS.nesting;
  const paragraphs: ParsedParagraph[] = [];
  const anchors = new Map<string, number>();
  const p = new ParagraphBuilder();
  const stack: string[] = [];
  let skip = 0;
  let heading = 0;
  let level = 0;
  const levels = new Map<number, number>();
  let title = '';
  let inTitle = false;
  let firstHeading: string | undefined;
  // Ruby being read: text before an <rt> is its base, inside it the reading; described gaiji in the base, by offset.
  let ruby: { base: string; reading: string; inRt: boolean; described: { at: number; description: string }[] } | undefined;
  let rubyDepth = 0;
  const notes = opts.annotations;
  // Outside the section (when there is one) nothing is read; `sectionAt` is the depth of its element.
  let sectionAt = notes?.section ? -1 : 0;
  // A transcriber's note being read (its element's depth), and its text.
  let noteAt = -1;
  let noteText = '';
  const addGaiji = (g: Gaiji) => {
    if (ruby && ruby.inRt) ruby.reading += g.char ?? '';
    else if (ruby) {
      if (g.char === undefined) ruby.described.push({ at: ruby.base.length, description: g.description });
      ruby.base += g.char ?? GAIJI_MARK;
    } else if (g.char !== undefined) p.add(g.char);
    else p.addGaiji(g.description);
  };

  const flush = () => {
    if (ruby) return; // a block inside ruby is malformed: keep collecting
    const para = p.take(heading > 0 ? { heading: true } : {});
    if (!para) return;
    if (para.heading) {
      firstHeading ??= para.text;
      levels.set(paragraphs.length, level);
    }
    paragraphs.push(para);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        stack.push(name);
        if (stack.length > maxDepth) throw bookError('nesting', 'A document of the book is nested too deeply.');
        if (attrs.id && !anchors.has(attrs.id)) anchors.set(attrs.id, paragraphs.length + (p.empty ? 0 : 1));
        if (name === 'title' && skip > 0) inTitle = true;
        if (sectionAt < 0) {
          if (notes?.section?.(name, attrs)) sectionAt = stack.length;
          return;
        }
        if (noteAt >= 0) return;
        if (skip === 0 && notes?.isNote?.(name, attrs)) {
          noteAt = stack.length;
          noteText = '';
          return;
        }
        const gaiji = skip === 0 ? notes?.gaiji?.(name, attrs) : undefined;
        if (gaiji) return addGaiji(gaiji);
        if (name === 'img' || name === 'image') {
          const src = attrs.src ?? attrs['xlink:href'] ?? attrs.href;
          const stored = src ? opts.image?.(src) : undefined;
          if (stored) {
            flush();
            paragraphs.push({ text: '', image: stored });
          }
          return;
        }
        if (SKIPPED.has(name)) {
          skip++;
          return;
        }
        if (skip > 0) return;
        if (name === 'ruby') {
          if (rubyDepth++ === 0) ruby = { base: '', reading: '', inRt: false, described: [] };
          return;
        }
        if (name === 'rt' && ruby) {
          ruby.inRt = true;
          return;
        }
        if (BLOCKS.has(name)) flush();
        if (HEADINGS.test(name)) {
          heading++;
          level = Number(name[1]);
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (noteAt >= 0) noteText += text;
        if (skip > 0 || sectionAt < 0 || noteAt >= 0) return;
        if (ruby) {
          if (ruby.inRt) ruby.reading += text;
          else ruby.base += text;
          return;
        }
        p.add(text);
      },
      onclosetag(name) {
        const depth = stack.length;
        stack.pop();
        if (name === 'title') inTitle = false;
        if (noteAt >= 0) {
          if (depth !== noteAt) return;
          noteAt = -1;
          const g = notes?.readNote?.(noteText);
          if (g && !ruby) p.explainLastMark(g.char, g.description);
          return;
        }
        if (sectionAt > 0 && depth === sectionAt) {
          flush();
          sectionAt = -1;
          return;
        }
        if (sectionAt < 0) return;
        if (name === 'img' || name === 'image') return;
        if (SKIPPED.has(name)) {
          skip = Math.max(0, skip - 1);
          return;
        }
        if (skip > 0) return;
        if (name === 'rt' && ruby) {
          // Each <rt> closes one base/reading pair (<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>).
          const start = p.addRuby(ruby.base, ruby.reading);
          if (start !== undefined) for (const d of ruby.described) p.markGaiji(start + d.at, d.description);
          ruby.base = '';
          ruby.reading = '';
          ruby.inRt = false;
          ruby.described = [];
          return;
        }
        if (name === 'ruby' && ruby) {
          if (--rubyDepth > 0) return;
          const start = p.length;
          p.add(ruby.base); // a base without reading is plain text
          for (const d of ruby.described) p.markGaiji(start + d.at, d.description);
          ruby = undefined;
          return;
        }
        if (BLOCKS.has(name)) flush();
        if (HEADINGS.test(name)) heading = Math.max(0, heading - 1);
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(withoutInternalSubset(html));
  parser.end();
  if (ruby) {
    p.add(ruby.base);
    ruby = undefined;
  }
  flush();
  return { paragraphs, anchors, levels, title: title.replace(/[ \t\n\r\f]+/g, ' ').trim(), ...(firstHeading !== undefined ? { firstHeading } : {}) };
}
