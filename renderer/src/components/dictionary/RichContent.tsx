import { createElement, Fragment, type ReactNode } from 'react';
import { DictionaryImage } from './DictionaryImage';
import { CONTENT_TAGS, type ContentElement, type ContentStyle, type StructuredContent } from '../../../../shared/structuredContent';

const TAGS = new Set<string>(CONTENT_TAGS);
const STYLE_CLASS: Record<ContentStyle, string> = { emphasis: 'sc-emphasis', small: 'sc-small', strike: 'sc-strike', underline: 'sc-underline' };
const MAX_DEPTH = 40;

function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

function element(el: ContentElement, key: number, depth: number): ReactNode {
  // The core sanitized the tree at import; the renderer checks again, an allow-list of its own.
  if (!TAGS.has(el.tag)) return el.content === undefined ? null : node(el.content, key, depth + 1);
  const className = el.styles?.map((s) => STYLE_CLASS[s]).filter(Boolean).join(' ') || undefined;
  const props: Record<string, unknown> = { key, ...(className ? { className } : {}), ...(el.title ? { title: el.title } : {}), ...(el.lang ? { lang: el.lang } : {}) };
  if (el.tag === 'br') return <br key={key} />;
  // Imported with the dictionary, asked of the core by path; the title stands in meanwhile.
  if (el.tag === 'img') return <DictionaryImage key={key} el={el} />;
  if (el.tag === 'a') {
    const href = safeHref(el.href);
    return href ? (
      <a {...props} href={href} target="_blank" rel="noreferrer noopener">
        {el.content === undefined ? href : node(el.content, 0, depth + 1)}
      </a>
    ) : (
      <span {...props} className={`sc-link ${className ?? ''}`.trim()}>
        {el.content === undefined ? null : node(el.content, 0, depth + 1)}
      </span>
    );
  }
  if (el.tag === 'td' || el.tag === 'th') {
    if (el.colSpan) props.colSpan = el.colSpan;
    if (el.rowSpan) props.rowSpan = el.rowSpan;
  }
  return createElement(el.tag, props, el.content === undefined ? undefined : node(el.content, 0, depth + 1));
}

function node(n: StructuredContent, key: number, depth: number): ReactNode {
  if (depth > MAX_DEPTH) return null;
  if (typeof n === 'string') return n;
  // A keyed fragment, not a component: a popup's entries render no component per list item.
  if (Array.isArray(n)) return n.map((c, i) => <Fragment key={i}>{node(c, i, depth + 1)}</Fragment>);
  return element(n, key, depth);
}

/** A dictionary's structured content as React elements (never as an HTML string). */
export function RichContent({ content }: { content: StructuredContent }) {
  return <div className="sc-content">{node(content, 0, 0)}</div>;
}
