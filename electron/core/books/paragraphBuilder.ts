import type { BookGaiji, BookRuby } from '../../../shared/contract/books';
import type { ParsedParagraph } from './bookTypes';

const SPACE = /[ \t\n\r\f]+/g;
/** What stands in the text for a character the source could only describe. */
export const GAIJI_MARK = '※';

/**
 * Collects the text and ruby of one paragraph. Markup whitespace (ASCII) is
 * collapsed as a browser would; the ideographic space U+3000 is text (Japanese
 * indentation) and kept.
 */
export class ParagraphBuilder {
  private text = '';
  private ruby: BookRuby[] = [];
  private gaiji: BookGaiji[] = [];

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

  /** Adds ruby over `base`; returns where the base starts in the text (undefined when nothing was added). */
  addRuby(base: string, reading: string): number | undefined {
    const before = this.text.length;
    this.add(base);
    const added = this.text.slice(before);
    const r = reading.replace(SPACE, '').trim();
    if (added.trim() === '') return undefined;
    if (r === '') return before;
    this.ruby.push({ base: added, reading: r, start: before });
    return before;
  }

  /** A character known only by its description: ※ in the text, the description beside it. */
  addGaiji(description: string): void {
    this.add(GAIJI_MARK);
    this.markGaiji(this.text.length - 1, description);
  }

  /** The ※ at `start` (already in the text) stands for a described character. */
  markGaiji(start: number, description: string): void {
    if (this.text[start] === GAIJI_MARK && !this.gaiji.some((g) => g.start === start)) this.gaiji.push({ start, description });
  }

  /**
   * A note after a ※ (an XHTML edition's `※<span class="notes">［＃…］</span>`)
   * says which character it is: the last ※ not yet explained, at the end of
   * the text or in the ruby that ends it, becomes `char`, or keeps the
   * description. False when no ※ waits for a note (it was an editorial note).
   */
  explainLastMark(char: string | undefined, description: string): boolean {
    const at = this.text.lastIndexOf(GAIJI_MARK);
    if (at < 0 || this.gaiji.some((g) => g.start === at)) return false;
    const last = this.ruby.at(-1);
    const inRuby = last !== undefined && last.start <= at && last.start + last.base.length === this.text.length;
    if (at !== this.text.length - 1 && !inRuby) return false;
    if (char === undefined) {
      this.markGaiji(at, description);
      return true;
    }
    this.text = this.text.slice(0, at) + char + this.text.slice(at + 1);
    if (inRuby) last.base = last.base.slice(0, at - last.start) + char + last.base.slice(at - last.start + 1);
    return true;
  }

  /** The paragraph, or undefined when it has no text; the builder starts over. */
  take(extra: Partial<ParsedParagraph> = {}): ParsedParagraph | undefined {
    const text = this.text.trimEnd();
    const ruby = this.ruby
      .filter((r) => r.start < text.length)
      .map((r) => ({ ...r, base: r.base.slice(0, text.length - r.start).trimEnd() }))
      .filter((r) => r.base !== '');
    const gaiji = this.gaiji.filter((g) => g.start < text.length).sort((a, b) => a.start - b.start);
    this.text = '';
    this.ruby = [];
    this.gaiji = [];
    if (text === '') return undefined;
    return { text, ...(ruby.length ? { ruby } : {}), ...(gaiji.length ? { gaiji } : {}), ...extra };
  }
}
