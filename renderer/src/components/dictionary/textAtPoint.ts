/**
 * The text under the mouse pointer and what follows it (for a longest-match lookup),
 * read from the DOM: works on any text the app shows (the analysed text, the daily
 * sentence, a panel). Furigana (<rt>) is skipped so 漢字 with ruby reads as 漢字.
 */
const SKIP = 'rt, rp, input, textarea, select, .dict-popup, .kanji-card';
/** What a pointer may not look up: a popup's own text may (a nested lookup), its pitch graph may not. */
const POINT_SKIP = 'rt, rp, input, textarea, select, .kanji-card, .pitch-graph, .dict-downstep';
const MAX = 24;
/** A hover's text runs on to the end of its paragraph (or list item, block, heading), no further. */
const CONTAINER = 'p, li, div, section, h1, h2, h3';

export interface PointedText {
  text: string;
  /** The rectangle of the character pointed at (the popup goes below it). */
  rect: DOMRect;
  /** The text node and offset of the character pointed at. */
  node: Text;
  offset: number;
}

/** The texts under `root` in document order, furigana, form fields and the dictionary's own popups skipped. */
export const textWalker = (root: Node, skip = SKIP) =>
  document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });

/** Inside a dictionary popup: a hover there opens a nested popup. */
const inPopup = (node: Node) => !!node.parentElement?.closest('.dict-popup');

/** The first text of an element, furigana skipped. */
export function firstText(el: Element): Text | null {
  return textWalker(el).nextNode() as Text | null;
}

/** The texts of an element in order, furigana skipped (a word of the reader: one to a few). */
export function wordTexts(el: Element): Text[] {
  const walker = textWalker(el);
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as Document & { caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null };
  if (doc.caretPositionFromPoint) {
    const p = doc.caretPositionFromPoint(x, y);
    return p ? { node: p.offsetNode, offset: p.offset } : null;
  }
  const r = document.caretRangeFromPoint?.(x, y);
  return r ? { node: r.startContainer, offset: r.startOffset } : null;
}

/**
 * One range for every measurement: a document keeps each Range made on it live (updated on DOM
 * changes until it is collected), and one per pointer move made later DOM removals slower.
 */
let measuring: { doc: Document; range: Range } | null = null;

/** The rectangle of one character of a text; null past its ends. */
function charRect(node: Text, offset: number): DOMRect | null {
  if (offset < 0 || offset >= node.data.length) return null;
  return measure(node, offset, offset + 1);
}

/** The rectangle around a whole text (all its lines). */
export const textRect = (node: Text): DOMRect => measure(node, 0, node.data.length);

function measure(node: Text, start: number, end: number): DOMRect {
  const doc = node.ownerDocument;
  if (measuring?.doc !== doc) measuring = { doc, range: doc.createRange() };
  const { range } = measuring;
  range.setStart(node, start);
  range.setEnd(node, end);
  const rect = range.getBoundingClientRect();
  // Parked on the document itself, not on text that may be removed.
  range.setStart(doc, 0);
  range.collapse(true);
  return rect;
}

const inside = (r: DOMRect, x: number, y: number) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;

export function textAtPoint(x: number, y: number): PointedText | null {
  const caret = caretAt(x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE) return null;
  const node = caret.node as Text;
  if (node.parentElement?.closest(inPopup(node) ? POINT_SKIP : SKIP)) return null;
  // The caret lands between characters: the one pointed at is on either side of it.
  let offset = caret.offset;
  let rect = charRect(node, offset);
  if (!rect || !inside(rect, x, y)) {
    const before = charRect(node, offset - 1);
    if (!before || !inside(before, x, y)) return null;
    offset -= 1;
    rect = before;
  }
  const text = textFrom(node, offset);
  return text ? { text, rect, node, offset } : null;
}

/**
 * The text from a character on, as a hover there looks it up (up to 24 characters of its
 * paragraph, furigana skipped); null when it starts with a space or punctuation.
 */
export function textFrom(node: Text, offset: number): string | null {
  let text = node.data.slice(offset);
  const walker = textWalker(containerOf(node), inPopup(node) ? POINT_SKIP : SKIP);
  walker.currentNode = node;
  for (let n = walker.nextNode(); n && text.length < MAX; n = walker.nextNode()) text += (n as Text).data;
  return lookupText(text);
}

const containerOf = (node: Text): Element => node.parentElement?.closest(CONTAINER) ?? document.body;

function lookupText(run: string): string | null {
  const text = run.slice(0, MAX);
  return /^[\s\p{P}]/u.test(text) || !text ? null : text;
}

/**
 * `textFrom` for many characters at once (the text on screen, looked up ahead): each paragraph's
 * texts are read once, not walked again from every character.
 */
export function paragraphTexts(): (node: Text, offset: number) => string | null {
  const read = new Map<Element, { text: string; starts: Map<Text, number> }>();
  return (node, offset) => {
    const container = containerOf(node);
    let paragraph = read.get(container);
    if (!paragraph) {
      paragraph = { text: '', starts: new Map() };
      const walker = textWalker(container);
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        paragraph.starts.set(n, paragraph.text.length);
        paragraph.text += n.data;
      }
      read.set(container, paragraph);
    }
    const start = paragraph.starts.get(node);
    return start === undefined ? textFrom(node, offset) : lookupText(paragraph.text.slice(start + offset, start + offset + MAX));
  };
}
