import { makeZip, type ZipEntries } from './zipWriter';

export interface FixtureChapter {
  /** Becomes the TOC label. */
  title: string;
  /** XHTML for <body>. */
  body: string;
  /** File name inside OEBPS/text/ (default ch<n>.xhtml). */
  file?: string;
}

export interface FixtureEpub {
  version: 2 | 3;
  title?: string;
  author?: string;
  chapters: FixtureChapter[];
  /** Spine order as indexes into `chapters` (default: in order). */
  spine?: number[];
  /** OEBPS/images/<name> → bytes. */
  images?: Record<string, Uint8Array>;
  cover?: string;
  /** META-INF/encryption.xml algorithms. */
  encryption?: string[];
  /** Extra or replaced entries. */
  extra?: ZipEntries;
  /** Entries left out of the archive. */
  omit?: string[];
}

/** A 1×1 PNG. */
export const PNG_1x1 = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

const xhtml = (title: string, body: string) => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja">
<head><title>${title}</title><link rel="stylesheet" href="../style.css"/></head>
<body>${body}</body>
</html>`;

/** A small EPUB 2 (NCX) or EPUB 3 (nav) written the way common tools package them. */
export function buildEpub(book: FixtureEpub): Uint8Array {
  return makeZip(epubEntries(book));
}

/** The entries of `buildEpub`'s zip, by name, for a test that zips them its own way. */
export function epubEntries(book: FixtureEpub): ZipEntries {
  const files = book.chapters.map((c, i) => c.file ?? `ch${i + 1}.xhtml`);
  const images = Object.keys(book.images ?? {});
  const mediaType = (n: string) => (n.endsWith('.png') ? 'image/png' : n.endsWith('.svg') ? 'image/svg+xml' : 'image/jpeg');
  const manifest = [
    ...files.map((f, i) => `<item id="c${i}" href="text/${f}" media-type="application/xhtml+xml"/>`),
    ...images.map((n, i) => `<item id="img${i}" href="images/${n}" media-type="${mediaType(n)}"${book.version === 3 && n === book.cover ? ' properties="cover-image"' : ''}/>`),
    book.version === 3 ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
  ].join('\n    ');
  const spine = (book.spine ?? files.map((_, i) => i)).map((i) => `<itemref idref="c${i}"/>`).join('');
  const coverMeta = book.version === 2 && book.cover ? `<meta name="cover" content="img${images.indexOf(book.cover)}"/>` : '';
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${book.version}.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:test</dc:identifier>
    <dc:title>${book.title ?? 'テストの本'}</dc:title>
    <dc:creator>${book.author ?? '作者'}</dc:creator>
    <dc:language>ja</dc:language>${coverMeta}
  </metadata>
  <manifest>
    ${manifest}
  </manifest>
  <spine${book.version === 2 ? ' toc="ncx"' : ''} page-progression-direction="rtl">${spine}</spine>
</package>`;
  const entries: ZipEntries = {
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`,
    'OEBPS/content.opf': opf,
    'OEBPS/style.css': 'body { writing-mode: vertical-rl; }',
  };
  book.chapters.forEach((c, i) => (entries[`OEBPS/text/${files[i]}`] = xhtml(c.title, c.body)));
  for (const n of images) entries[`OEBPS/images/${n}`] = book.images![n]!;
  if (book.version === 3) {
    entries['OEBPS/nav.xhtml'] = xhtml(
      '目次',
      `<nav epub:type="toc"><ol>${book.chapters.map((c, i) => `<li><a href="text/${files[i]}">${c.title}</a></li>`).join('')}</ol></nav>`,
    );
  } else {
    entries['OEBPS/toc.ncx'] = `<?xml version="1.0" encoding="utf-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>${book.title ?? ''}</text></docTitle>
<navMap>${book.chapters.map((c, i) => `<navPoint id="n${i}" playOrder="${i + 1}"><navLabel><text>${c.title}</text></navLabel><content src="text/${files[i]}"/></navPoint>`).join('')}</navMap></ncx>`;
  }
  if (book.encryption) {
    entries['META-INF/encryption.xml'] = `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
${book.encryption.map((a, i) => `<enc:EncryptedData><enc:EncryptionMethod Algorithm="${a}"/><enc:CipherData><enc:CipherReference URI="OEBPS/text/${files[i % files.length]}"/></enc:CipherData></enc:EncryptedData>`).join('\n')}
</encryption>`;
  }
  const all = { ...entries, ...book.extra };
  for (const name of book.omit ?? []) delete all[name];
  return all;
}
