import { resolveHref, fragmentOf } from './archivePath';
import { childrenNamed, findAll, parseXml, textOf, type XmlElement } from './xmlTree';

/** One TOC entry: a title and where it points (entry name and optional fragment). */
export interface TocEntry {
  title: string;
  path: string;
  fragment?: string;
}

function entry(from: string, title: string, href: string | undefined): TocEntry | undefined {
  const p = href ? resolveHref(from, href) : undefined;
  if (!p || !title) return undefined;
  const fragment = fragmentOf(href!);
  return { title, path: p, ...(fragment ? { fragment } : {}) };
}

/** EPUB 3: the `<nav epub:type="toc">` of the navigation document, flattened in order. */
export function navToc(navPath: string, xhtml: string): TocEntry[] {
  const doc = parseXml(xhtml, undefined, { html: true });
  const navs = findAll(doc, 'nav');
  const toc = navs.find((n) => (n.attrs['epub:type'] ?? n.attrs.type ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  if (!toc) return [];
  return findAll(toc, 'a')
    .map((a) => entry(navPath, textOf(a), a.attrs.href))
    .filter((e): e is TocEntry => !!e);
}

/** EPUB 2: the NCX's navPoints in document order (nested ones after their parent). */
export function ncxToc(ncxPath: string, xml: string): TocEntry[] {
  const doc = parseXml(xml);
  const out: TocEntry[] = [];
  const walk = (el: XmlElement) => {
    for (const np of childrenNamed(el, 'navpoint')) {
      const label = findAll(np, 'navlabel')[0];
      const content = childrenNamed(np, 'content')[0];
      const e = entry(ncxPath, label ? textOf(label) : '', content?.attrs.src);
      if (e) out.push(e);
      walk(np);
    }
  };
  for (const map of findAll(doc, 'navmap')) walk(map);
  return out;
}
