/**
 * Pasting from a web page or a Markdown note should bring the words, not the
 * markup. Pure string work (no DOM) so it runs the same in the renderer and in
 * unit tests.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ',
  hellip: '…', mdash: '—', ndash: '–', laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“',
  rdquo: '”', middot: '·', copy: '©', reg: '®', times: '×', yen: '¥', bull: '•', shy: '',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const CJK = '\\u3000-\\u30FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFF00-\\uFFEF';
/** A source line break between two Japanese characters is not a space in Japanese. */
const CJK_BREAK = new RegExp(`([${CJK}])[ \\t]*\\n[ \\t\\n]*([${CJK}])`, 'g');

const BLOCK = 'address|article|aside|blockquote|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|header|hr|li|main|nav|ol|pre|section|summary|table|tbody|thead|tfoot|tr|ul';
const PARAGRAPH = 'p|h[1-6]';

/** HTML (a clipboard fragment or a page) to the text a reader sees, furigana annotations dropped. */
export function htmlToText(html: string): string {
  let s = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head|template|noscript|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    // Ruby annotations from the source page: we add our own readings.
    .replace(/<(rt|rp)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(rt|rp)\b[^>]*>/gi, '');
  // HTML collapses source whitespace; between Japanese characters a line break is nothing.
  s = s.replace(CJK_BREAK, '$1$2').replace(/[ \t\r\n\f]+/g, ' ');
  // Block edges become one line break, paragraph edges a blank line, however many tags meet.
  s = s
    .replace(/<br\s*\/?>/gi, '\uE003')
    .replace(new RegExp(`</?(?:${PARAGRAPH})\\b[^>]*>`, 'gi'), '\uE002')
    .replace(new RegExp(`</?(?:${BLOCK})\\b[^>]*>`, 'gi'), '\uE001')
    .replace(/<\/(td|th)\s*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/[ \uE001\uE002]*[\uE001\uE002][ \uE001\uE002]*/g, (run) => (run.includes('\uE002') ? '\n\n' : '\n'))
    .replace(/\uE003/g, '\n');
  return tidy(decodeEntities(s));
}

/** Trailing spaces, runs of blank lines and outer blank lines go; indentation with U+3000 stays. */
function tidy(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Markdown to its text: headings, lists, quotes, emphasis, links, images, code and tables unwrapped. */
export function markdownToText(md: string): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let inFence = false;
  for (const raw of lines) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(raw);
      continue;
    }
    let line = raw;
    if (/^\s*\[[^\]]+\]:\s*\S+/.test(line)) continue; // reference definition
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line) || /^\s*=+\s*$/.test(line)) continue; // rule, setext underline
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue; // table separator
    line = line.replace(/^(\s*>\s?)+/, '');
    line = line.replace(/^\s{0,3}#{1,6}\s+/, '').replace(/\s+#+\s*$/, '');
    line = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '');
    if (/^\s*\|.*\|\s*$/.test(line)) line = line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()).join(' ');
    line = line
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1');
    out.push(line);
  }
  const joined = out.join('\n');
  // Inline HTML inside Markdown (ruby, spans) is unwrapped the same way as pasted HTML.
  return /<[a-z][^>]*>/i.test(joined) ? htmlToText(joined.replace(/\n/g, '<br>')) : tidy(joined);
}

const MARKDOWN_SIGNS = [
  /^\s{0,3}#{1,6}\s+\S/m,
  /^\s*[-*+]\s+\S/m,
  /^\s*\d+[.)]\s+\S/m,
  /^\s*>\s?\S/m,
  /^\s*```/m,
  /\*\*[^*\n]+\*\*/,
  /\[[^\]\n]+\]\([^)\n]+\)/,
  /^\s*\|.*\|\s*$/m,
];

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_SIGNS.some((re) => re.test(text));
}

/** An HTML clipboard flavour worth converting: real markup, not a bare text node. */
export function looksLikeHtml(html: string | undefined): html is string {
  return !!html && /<[a-z!][^>]*>/i.test(html);
}

/** What a paste should insert, from the clipboard's HTML and plain-text flavours. */
export function cleanPaste(clip: { html?: string; text?: string }): string {
  if (looksLikeHtml(clip.html)) {
    const fromHtml = htmlToText(clip.html);
    if (fromHtml.trim() !== '') return fromHtml;
  }
  const text = (clip.text ?? '').replace(/\r\n?/g, '\n');
  return looksLikeMarkdown(text) ? markdownToText(text) : text;
}

/** The textarea value after inserting `insert` over the selection, and where the caret goes. */
export function insertAtSelection(value: string, start: number, end: number, insert: string): { value: string; caret: number } {
  const a = Math.max(0, Math.min(start, value.length));
  const b = Math.max(a, Math.min(end, value.length));
  return { value: value.slice(0, a) + insert + value.slice(b), caret: a + insert.length };
}
