import type { ZipReader } from '../archive';
import { resolveHref } from './archivePath';
import { bookError } from './bookError';
import type { BookImage, ParsedBook, ParsedChapter, ParsedParagraph } from './bookTypes';
import { openBookZip } from './bookZip';
import { assertNotEncrypted, packagePath } from './container';
import { htmlParagraphs } from './htmlParagraphs';
import { parsePackage, type PackageDocument } from './packageDocument';
import { navToc, ncxToc, type TocEntry } from './tableOfContents';

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const IMAGE_EXTENSIONS: Record<string, string> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/**
 * Images the book uses, each given a stored name (`img-<n>.<ext>`) as the text names
 * it, and read once afterwards (`load`). Only raster images of the archive.
 */
class ImageCollector {
  private readonly entries: string[] = [];
  private readonly names = new Map<string, string>();
  constructor(private readonly zip: ZipReader, private readonly pkg: PackageDocument) {}

  add(entry: string): string | undefined {
    const known = this.names.get(entry);
    if (known) return known;
    if (!this.zip.has(entry)) return undefined;
    const declared = [...this.pkg.manifest.values()].find((m) => m.path === entry)?.mediaType;
    const ext = (declared && IMAGE_TYPES[declared]) ?? IMAGE_EXTENSIONS[entry.split('.').pop()!.toLowerCase()];
    if (!ext) return undefined; // SVG and anything else: not shown (an SVG may carry script)
    const name = `img-${this.entries.length + 1}.${ext}`;
    this.entries.push(entry);
    this.names.set(entry, name);
    return name;
  }

  async load(): Promise<BookImage[]> {
    const images: BookImage[] = [];
    for (const entry of this.entries) images.push({ name: this.names.get(entry)!, data: (await this.zip.read(entry))! });
    return images;
  }
}

async function tocOf(zip: ZipReader, pkg: PackageDocument): Promise<TocEntry[]> {
  const nav = pkg.nav && (await zip.readText(pkg.nav.path));
  const fromNav = nav ? navToc(pkg.nav!.path, nav) : [];
  if (fromNav.length) return fromNav;
  const ncx = pkg.ncx && (await zip.readText(pkg.ncx.path));
  return ncx ? ncxToc(pkg.ncx!.path, ncx) : [];
}

/**
 * An EPUB 2 or 3: content documents in spine order, cut into chapters where the
 * table of contents (EPUB 3 nav, else EPUB 2 NCX) points; without a usable TOC,
 * one chapter per content document.
 */
export async function parseEpub(data: Uint8Array, fallbackTitle: string): Promise<ParsedBook> {
  const zip = await openBookZip(data);
  try {
    return await epubOf(zip, fallbackTitle);
  } finally {
    await zip.close();
  }
}

async function epubOf(zip: ZipReader, fallbackTitle: string): Promise<ParsedBook> {
  if (!zip.has('META-INF/container.xml')) throw bookError('not_a_book', 'The file is a zip archive but not an EPUB.');
  await assertNotEncrypted(zip);
  const opfPath = await packagePath(zip);
  const pkg = parsePackage(opfPath, (await zip.readText(opfPath))!);
  const images = new ImageCollector(zip, pkg);
  const toc = await tocOf(zip, pkg);

  const all: ParsedParagraph[] = [];
  /** Where each content document and anchor begins in `all`. */
  const docStart = new Map<string, number>();
  const anchorAt = new Map<string, number>();
  const docTitles: { at: number; title: string }[] = [];
  for (const item of pkg.spine) {
    const xhtml = await zip.readText(item.path);
    if (xhtml === undefined) throw bookError('corrupt', `The EPUB lists ${item.path} but does not contain it.`);
    const doc = htmlParagraphs(xhtml, { image: (src) => { const e = resolveHref(item.path, src); return e ? images.add(e) : undefined; } });
    docStart.set(item.path, all.length);
    for (const [id, i] of doc.anchors) anchorAt.set(`${item.path}#${id}`, all.length + i);
    docTitles.push({ at: all.length, title: doc.firstHeading || doc.title });
    all.push(...doc.paragraphs);
  }

  // Chapter starts: TOC entries in reading order (entries outside the spine are ignored).
  const starts = new Map<number, string>();
  for (const e of toc) {
    const at = (e.fragment !== undefined ? anchorAt.get(`${e.path}#${e.fragment}`) : undefined) ?? docStart.get(e.path);
    if (at !== undefined && !starts.has(at)) starts.set(at, e.title);
  }
  if (starts.size === 0) for (const d of docTitles) if (!starts.has(d.at)) starts.set(d.at, d.title);
  const title = pkg.title || fallbackTitle;
  // Before the first TOC entry (a cover, a title page): the book's title.
  if (!starts.has(0)) starts.set(0, title);

  const bounds = [...starts.keys()].sort((a, b) => a - b);
  const chapters: ParsedChapter[] = [];
  bounds.forEach((at, i) => {
    const paragraphs = all.slice(at, bounds[i + 1] ?? all.length);
    if (paragraphs.length) chapters.push({ title: starts.get(at) || `${title} (${chapters.length + 1})`, paragraphs });
  });

  const cover = pkg.cover ? images.add(pkg.cover.path) : undefined;
  return { format: 'epub', title, author: pkg.author, chapters, images: await images.load(), ...(cover ? { cover } : {}) };
}
