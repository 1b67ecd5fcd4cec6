/**
 * HTML from outside the app (the tutor's Markdown, rendered) made safe to show, by the
 * one allow-list in shared/markupRules.ts: DOMPurify keeps only the elements and
 * attributes listed there, links keep an http(s) href only, and each link gets its
 * destination shown after it and opens in a new window (the system browser, in the
 * desktop app) on a click on the link itself.
 */
import DOMPurify from 'dompurify';
import { allowedAttribute, linkDestination, MARKUP_ALLOWED_ELEMENTS, MARKUP_ELEMENT_ATTRIBUTES, MARKUP_GLOBAL_ATTRIBUTES } from '../../../shared/markupRules';

/** The app's own class on the destination it adds (never taken from content). */
export const LINK_DESTINATION_CLASS = 'markup-link-destination';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** An instance of our own: its hooks apply to nothing else that uses DOMPurify. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  // Per element: an attribute listed for another element, or a link to anything but http(s), goes.
  p.addHook('uponSanitizeAttribute', (node, data) => {
    if (!allowedAttribute(node.nodeName, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  purifier = p;
  return p;
}

const ALLOWED_ATTR = [...new Set([...MARKUP_GLOBAL_ATTRIBUTES, ...Object.values(MARKUP_ELEMENT_ATTRIBUTES).flat()])];

export function sanitizeHtml(html: string): string {
  const fragment = getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...MARKUP_ALLOWED_ELEMENTS],
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of Array.from(fragment.querySelectorAll('a'))) {
    const href = a.getAttribute('href');
    // A link whose href was refused (javascript:, data:, relative…) is its text alone.
    if (!href) {
      a.replaceWith(...Array.from(a.childNodes));
      continue;
    }
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
    a.setAttribute('title', href);
    const destination = linkDestination(href);
    // A bare URL already shows where it goes.
    if (a.textContent?.trim() === href || a.textContent?.trim() === destination) continue;
    const shown = document.createElement('span');
    shown.className = LINK_DESTINATION_CLASS;
    shown.textContent = ` (${destination})`;
    a.after(shown);
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * A click handler for a container of sanitized HTML: a link opens only on a real (trusted)
 * primary click on it, with no modifier; anything else that would follow a link is stopped.
 */
export function onSanitizedClick(e: { target: EventTarget | null; isTrusted: boolean; button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean; preventDefault(): void }): void {
  const a = e.target instanceof Element ? e.target.closest('a') : null;
  if (!a) return;
  if (!e.isTrusted || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || !a.getAttribute('href')) e.preventDefault();
}
