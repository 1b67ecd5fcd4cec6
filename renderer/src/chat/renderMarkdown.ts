import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

/**
 * The tutor's Markdown as safe HTML: marked renders it, DOMPurify removes
 * anything that could run (scripts, handlers, javascript: links). Links open
 * outside the app.
 */
export function renderMarkdown(md: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  const html = marked.parse(md, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'img'] });
}
