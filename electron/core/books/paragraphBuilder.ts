import type { BookRuby } from '../../../shared/contract/books';
import type { ParsedParagraph } from './bookTypes';

const SPACE = /[ \t\n\r\f]+/g;

/**
 * Collects the text and ruby of one paragraph. Markup whitespace (ASCII) is
 * collapsed as a browser would; the ideographic space U+3000 is text (Japanese
 * indentation) and kept.
 */
export class ParagraphBuilder {
  private text = '';
  private ruby: BookRuby[] = [];

  constructor(private readonly collapse = true) {}

  get empty(): boolean {
    return this.text.trim() === '' && this.ruby.length === 0;
  }

  get length(): number {
    return this.text.length;
  }

  add(s: string): void {
    if (!this.collapse) {
      this.text += s;
      return;
    }
    let t = s.replace(SPACE, ' ');
    // No space at the start of a paragraph, nor two in a row.
    if (t.startsWith(' ') && (this.text === '' || this.text.endsWith(' '))) t = t.slice(1);
    this.text += t;
  }

  addRuby(base: string, reading: string): void {
    const before = this.text.length;
    this.add(base);
    const added = this.text.slice(before);
    const r = reading.replace(SPACE, '').trim();
    if (added.trim() === '') return;
    if (r === '') return;
    this.ruby.push({ base: added, reading: r, start: before });
  }

  /** The paragraph, or undefined when it has no text; the builder starts over. */
  take(extra: Partial<ParsedParagraph> = {}): ParsedParagraph | undefined {
    const text = this.text.trimEnd();
    const ruby = this.ruby
      .filter((r) => r.start < text.length)
      .map((r) => ({ ...r, base: r.base.slice(0, text.length - r.start).trimEnd() }))
      .filter((r) => r.base !== '');
    this.text = '';
    this.ruby = [];
    if (text === '') return undefined;
    return { text, ...(ruby.length ? { ruby } : {}), ...extra };
  }
}
