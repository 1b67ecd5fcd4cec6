import type { ParsedChapter } from './bookTypes';
import { readGaijiNote, type Gaiji } from './gaiji/gaijiNote';
import { jisX0213 } from './gaiji/jisX0213';
import { chaptersAtHeadings } from './htmlBook';
import { htmlParagraphs, withoutInternalSubset, type HtmlAnnotations } from './htmlParagraphs';
import { findAll, parseXml, textOf, type XmlElement } from './xmlTree';

/**
 * Aozora Bunko's XHTML edition: a `div.metadata` (h1.title, h2.author) and
 * `DC.*` meta tags name the book, `div.main_text` holds it, and the colophon
 * (`div.bibliographical_information`), the notation notes and the card link
 * follow it.
 */
export function looksLikeAozoraXhtml(html: string): boolean {
  return /<div\s[^>]*class="main_text"/i.test(html) && (/class="metadata"/i.test(html) || /name="DC\.Creator"/i.test(html));
}

const classes = (attrs: Record<string, string>) => (attrs.class ?? '').split(/\s+/);

/** `../../../gaiji/1-84/1-84-77.png`: the JIS X 0213 code the image stands for. */
const GAIJI_FILE = /(?:^|\/)([12])-(\d{1,2})-(\d{1,2})\.png$/i;

/** A gaiji image: its character from the file name's code, else from a code in `alt="※(…)"`; else its description. */
function gaijiImage(attrs: Record<string, string>): Gaiji {
  const inAlt = /^※?[（(](.*)[)）]$/s.exec((attrs.alt ?? '').trim());
  const note = readGaijiNote(inAlt ? inAlt[1]! : (attrs.alt ?? '').replace(/^※/, ''));
  const file = GAIJI_FILE.exec(attrs.src ?? '');
  const char = file ? jisX0213(Number(file[1]), Number(file[2]), Number(file[3])) : undefined;
  return char !== undefined ? { char, description: note.description } : note;
}

const ANNOTATIONS: HtmlAnnotations = {
  section: (name, attrs) => name === 'div' && classes(attrs).includes('main_text'),
  gaiji: (name, attrs) => (name === 'img' && classes(attrs).includes('gaiji') ? gaijiImage(attrs) : undefined),
  isNote: (name, attrs) => name === 'span' && classes(attrs).includes('notes'),
  readNote: (text) => {
    const body = /^\s*［＃(.*)］\s*$/s.exec(text);
    return body ? readGaijiNote(body[1]!) : undefined;
  },
};

function named(root: XmlElement, tag: string, cls: string): string {
  const el = findAll(root, tag).find((e) => classes(e.attrs).includes(cls));
  return el ? textOf(el) : '';
}

/** Title and author from the meta tags, else the title page (title and subtitle, then the author). */
function bookInfo(html: string, fallbackTitle: string): { title: string; author: string } {
  const at = html.search(/<div\s[^>]*class="main_text"/i);
  const head = parseXml(withoutInternalSubset(at > 0 ? html.slice(0, at) : html), undefined, { html: true });
  const meta = (name: string) => findAll(head, 'meta').find((m) => m.attrs.name === name)?.attrs.content?.trim() ?? '';
  const heading = named(head, 'h1', 'title');
  const subtitle = named(head, 'h2', 'subtitle');
  const title = meta('DC.Title') || [heading, subtitle].filter(Boolean).join(' ') || fallbackTitle;
  return { title, author: meta('DC.Creator') || named(head, 'h2', 'author') };
}

/**
 * Reads an Aozora XHTML page: the main text only, gaiji images and noted ※ as
 * their characters, chapters at its largest headings (the title page is outside
 * the main text, so the book's title and author never come back as paragraphs).
 */
export function parseAozoraXhtml(html: string, fallbackTitle: string): { title: string; author: string; chapters: ParsedChapter[] } {
  const { title, author } = bookInfo(html, fallbackTitle);
  const doc = htmlParagraphs(html, { annotations: ANNOTATIONS });
  return { title, author, chapters: chaptersAtHeadings(doc, title, 'highest') };
}
