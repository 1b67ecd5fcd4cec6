import { marked } from 'marked';
import { sanitizeHtml } from '../markup/sanitizeHtml';

/**
 * The tutor's Markdown as safe HTML: marked renders it, sanitizeHtml keeps only what
 * shared/markupRules.ts allows (no scripts, handlers, styles, classes or ids; links
 * only http(s), shown with their destination).
 */
export function renderMarkdown(md: string): string {
  return sanitizeHtml(marked.parse(md, { async: false, gfm: true, breaks: true }));
}
