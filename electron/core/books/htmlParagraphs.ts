import { Parser } from 'htmlparser2';
import { bookError } from './bookError';
import type { ParsedParagraph } from './bookTypes';
import { BOOK_LIMITS } from './limits';
import { ParagraphBuilder } from './paragraphBuilder';

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

export interface HtmlOptions {
  /** Maps an `<img src>` / `<image href>` to the stored name of an image of the book; undefined drops it. */
  image?: (src: string) => string | undefined;
  maxDepth?: number;
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
  // Ruby being read: text before an <rt> is its base, inside it the reading.
  let ruby: { base: string; reading: string; inRt: boolean } | undefined;
  let rubyDepth = 0;

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
          if (rubyDepth++ === 0) ruby = { base: '', reading: '', inRt: false };
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
        if (skip > 0) return;
        if (ruby) {
          if (ruby.inRt) ruby.reading += text;
          else ruby.base += text;
          return;
        }
        p.add(text);
      },
      onclosetag(name) {
        stack.pop();
        if (name === 'title') inTitle = false;
        if (name === 'img' || name === 'image') return;
        if (SKIPPED.has(name)) {
          skip = Math.max(0, skip - 1);
          return;
        }
        if (skip > 0) return;
        if (name === 'rt' && ruby) {
          // Each <rt> closes one base/reading pair (<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>).
          p.addRuby(ruby.base, ruby.reading);
          ruby.base = '';
          ruby.reading = '';
          ruby.inRt = false;
          return;
        }
        if (name === 'ruby' && ruby) {
          if (--rubyDepth > 0) return;
          p.add(ruby.base); // a base without reading is plain text
          ruby = undefined;
          return;
        }
        if (BLOCKS.has(name)) flush();
        if (HEADINGS.test(name)) heading = Math.max(0, heading - 1);
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (ruby) {
    p.add(ruby.base);
    ruby = undefined;
  }
  flush();
  return { paragraphs, anchors, levels, title: title.replace(/[ \t\n\r\f]+/g, ' ').trim(), ...(firstHeading !== undefined ? { firstHeading } : {}) };
}
