/**
 * The one rule for markup that comes from outside the app — a model's reply in the tutor
 * chat, a dictionary's structured content (Yomitan) — before it is shown: an allow-list of
 * elements and attributes suited to reading text, and nothing that can place, size or
 * dress an element. Whatever is not listed is dropped (its text kept).
 *
 * - Elements: text structure (paragraphs, lists, headings, quotes, code, tables, ruby,
 *   details) and inline emphasis. No images, forms, media, frames, scripts or <style>.
 * - Attributes: `lang` anywhere; `href` on <a> (http or https only: any other link loses
 *   its href and stays text); `colspan`/`rowspan` on cells (small numbers); `start` on <ol>.
 *   Never `style`, `class` or `id`: content cannot reach the app's own CSS, and the page's
 *   CSP (`style-src 'self'`) refuses inline styles even if a rule slipped.
 * - Links are shown with their destination and open (outside the app) only on a click on
 *   the link itself.
 *
 * Users: renderer/src/markup/sanitizeHtml.ts (HTML strings, via DOMPurify: the chat's
 * Markdown) and React renderers of structured content, which check each element with
 * `allowedElement` / `allowedAttributes` and each link with `safeHref`. Pure data and
 * functions: no DOM, usable in the core and in tests.
 */

export const MARKUP_ALLOWED_ELEMENTS = [
  'p', 'br', 'hr', 'div', 'span',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'kbd', 'code', 'pre', 'blockquote',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'ruby', 'rt', 'rp', 'details', 'summary',
  'a',
] as const;
export type MarkupElement = (typeof MARKUP_ALLOWED_ELEMENTS)[number];

/** Attributes allowed on every element. */
export const MARKUP_GLOBAL_ATTRIBUTES = ['lang'] as const;

/** Attributes allowed on one element only, besides the global ones. */
export const MARKUP_ELEMENT_ATTRIBUTES: Readonly<Partial<Record<MarkupElement, readonly string[]>>> = {
  a: ['href'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Never kept, whatever a list above might later say: they style or name an element. */
export const MARKUP_FORBIDDEN_ATTRIBUTES = ['style', 'class', 'id'] as const;

const elements: ReadonlySet<string> = new Set(MARKUP_ALLOWED_ELEMENTS);
const forbidden: ReadonlySet<string> = new Set(MARKUP_FORBIDDEN_ATTRIBUTES);

export function allowedElement(tag: string): tag is MarkupElement {
  return elements.has(tag.toLowerCase());
}

/** The link as it may be followed (normalised), or null: only absolute http(s) URLs. */
export function safeHref(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

const NUMBER = /^\d{1,3}$/;

/** Whether `name="value"` may stay on `tag` (a link's href only when safeHref accepts it). */
export function allowedAttribute(tag: string, name: string, value: string): boolean {
  const t = tag.toLowerCase();
  const n = name.toLowerCase();
  if (forbidden.has(n) || !allowedElement(t)) return false;
  if ((MARKUP_GLOBAL_ATTRIBUTES as readonly string[]).includes(n)) return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(value);
  if (!(MARKUP_ELEMENT_ATTRIBUTES[t] ?? []).includes(n)) return false;
  if (n === 'href') return safeHref(value) !== null;
  return NUMBER.test(value.trim());
}

/** The attributes of `attrs` that may stay on `tag`, for a renderer that builds elements itself. */
export function allowedAttributes(tag: string, attrs: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (!allowedAttribute(tag, name, value)) continue;
    out[name.toLowerCase()] = name.toLowerCase() === 'href' ? (safeHref(value) ?? '') : value;
  }
  return out;
}

/** What a link shows beside its text: where it goes (the host, and the path when short). */
export function linkDestination(href: string): string {
  const url = new URL(href);
  const rest = url.pathname === '/' ? '' : url.pathname;
  const shown = url.host + rest;
  return shown.length > 48 ? `${shown.slice(0, 47)}…` : shown;
}
