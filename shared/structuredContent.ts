/**
 * Yomitan's structured content (a glossary's rich form) as the app keeps it: a tree of
 * allowed elements with a few allowed attributes, reduced once at import and rendered by the
 * renderer as React elements (never as an HTML string). Anything else is dropped: `style`,
 * `class`, `id` and event attributes never pass; `style` survives only as a few fixed names
 * (`emphasis`, `small`, `strike`, `underline`) the renderer maps to its own classes; links keep
 * an http(s) address only; images keep their path inside the dictionary and their size.
 */

export const CONTENT_TAGS = [
  'span', 'div', 'ol', 'ul', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th',
  'ruby', 'rt', 'rp', 'br', 'details', 'summary', 'a', 'img',
] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];

/** The safe style names a node may carry (from Yomitan's `style` object). */
export type ContentStyle = 'emphasis' | 'small' | 'strike' | 'underline';

export interface ContentElement {
  tag: ContentTag;
  content?: StructuredContent;
  /** http(s) only (links); an internal `?query=` link keeps its text only. */
  href?: string;
  /** Image path inside the dictionary zip; the image is imported with the dictionary (`dictionary.image`). */
  path?: string;
  /** An image's preferred size (Yomitan's `width`/`height`), in `sizeUnits` (px by default). */
  width?: number;
  height?: number;
  sizeUnits?: 'px' | 'em';
  title?: string;
  lang?: string;
  colSpan?: number;
  rowSpan?: number;
  styles?: ContentStyle[];
}

export type StructuredContent = string | ContentElement | StructuredContent[];

/** A glossary item as kept: plain text, or a rich tree. */
export type GlossaryItem = { kind: 'text'; text: string } | { kind: 'rich'; content: StructuredContent };

const TAGS = new Set<string>(CONTENT_TAGS);
const BLOCK = new Set<string>(['div', 'li', 'tr', 'ol', 'ul', 'table', 'details', 'summary', 'br']);
const MAX_DEPTH = 40;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stylesOf(style: unknown): ContentStyle[] | undefined {
  if (!isRecord(style)) return undefined;
  const out: ContentStyle[] = [];
  if (style.fontWeight === 'bold' || style.fontStyle === 'italic') out.push('emphasis');
  if (typeof style.fontSize === 'string' && /small|^0?\.\d|^[1-9]\d%$/.test(style.fontSize)) out.push('small');
  const deco = style.textDecorationLine;
  const lines = Array.isArray(deco) ? deco : [deco];
  if (lines.includes('line-through')) out.push('strike');
  if (lines.includes('underline')) out.push('underline');
  return out.length ? out : undefined;
}

function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The allowed part of a node from a dictionary file; unknown elements give way to their content. */
export function sanitizeContent(node: unknown, depth = 0): StructuredContent {
  if (typeof node === 'string') return node;
  if (depth > MAX_DEPTH) return '';
  if (Array.isArray(node)) return node.map((n) => sanitizeContent(n, depth + 1));
  if (!isRecord(node)) return '';
  // Code and style sheets are no text to show.
  if (node.tag === 'script' || node.tag === 'style') return '';
  const inner = 'content' in node ? sanitizeContent(node.content, depth + 1) : undefined;
  if (typeof node.tag !== 'string' || !TAGS.has(node.tag)) return inner ?? '';
  const el: ContentElement = { tag: node.tag as ContentTag };
  if (inner !== undefined && node.tag !== 'br' && node.tag !== 'img') el.content = inner;
  if (node.tag === 'a') {
    const href = safeHref(node.href);
    if (href) el.href = href;
  }
  if (node.tag === 'img' && typeof node.path === 'string') {
    el.path = node.path.slice(0, 300);
    for (const k of ['width', 'height'] as const) {
      const v = node[k];
      // Bounded so a dictionary cannot lay a huge image over the popup.
      if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 2000) el[k] = v;
    }
    if (node.sizeUnits === 'em' || node.sizeUnits === 'px') el.sizeUnits = node.sizeUnits;
  }
  if (typeof node.title === 'string') el.title = node.title.slice(0, 300);
  if (typeof node.lang === 'string' && /^[A-Za-z-]{2,20}$/.test(node.lang)) el.lang = node.lang;
  for (const k of ['colSpan', 'rowSpan'] as const) {
    const v = node[k];
    if (typeof v === 'number' && Number.isInteger(v) && v > 1 && v <= 50) el[k] = v;
  }
  const styles = stylesOf(node.style);
  if (styles) el.styles = styles;
  return el;
}

/**
 * The plain text of a rich glossary: one string per list item or block (what
 * `senses[].glosses` holds beside the rich form), ruby readings left out.
 */
export function contentLines(node: StructuredContent): string[] {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (t) lines.push(t);
    line = '';
  };
  const walk = (n: StructuredContent) => {
    if (typeof n === 'string') line += n;
    else if (Array.isArray(n)) n.forEach(walk);
    else if (n.tag === 'rt' || n.tag === 'rp' || n.tag === 'img') return;
    else if (BLOCK.has(n.tag)) {
      flush();
      if (n.content !== undefined) walk(n.content);
      flush();
    } else if (n.content !== undefined) walk(n.content);
  };
  walk(node);
  flush();
  return lines;
}
