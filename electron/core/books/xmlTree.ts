import { Parser } from 'htmlparser2';
import { bookError } from './bookError';
import { BOOK_LIMITS } from './limits';

/** A parsed XML element: just what the importers read (names are lower-case, without namespace prefixes). */
export interface XmlElement {
  name: string;
  /** Attributes by local name (an `epub:type` is `type`), plus `prefixed:name` as written. */
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const local = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

/**
 * Parses a small XML document (container, OPF, NCX, nav) into a tree. Nesting
 * deeper than the limit is refused while parsing, so no later walk can run out
 * of stack.
 */
export function parseXml(text: string, maxDepth: number = BOOK_LIMITS.nesting, opts: { html?: boolean } = {}): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stack.length > maxDepth) throw bookError('nesting', 'A document of the book is nested too deeply.');
        const attrs: Record<string, string> = {};
        for (const [k, v] of Object.entries(attribs)) {
          attrs[k.toLowerCase()] = v;
          attrs[local(k)] ??= v;
        }
        const el: XmlElement = { name: local(name), attrs, children: [] };
        stack.at(-1)!.children.push(el);
        stack.push(el);
      },
      ontext(data) {
        stack.at(-1)!.children.push(data);
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { xmlMode: !opts.html, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  return root;
}

/** Every element named `name` below `el`, in document order. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (typeof c === 'string') continue;
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

export const findFirst = (el: XmlElement, name: string): XmlElement | undefined => findAll(el, name)[0];

/** The element's text, whitespace collapsed. */
export function textOf(el: XmlElement): string {
  let s = '';
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (typeof c === 'string') s += c;
      else walk(c);
    }
  };
  walk(el);
  return s.replace(/[ \t\n\r\f]+/g, ' ').trim();
}

/** Direct children elements named `name`. */
export const childrenNamed = (el: XmlElement, name: string): XmlElement[] =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
