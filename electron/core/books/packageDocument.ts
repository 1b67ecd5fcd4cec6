import { resolveHref } from './archivePath';
import { bookError } from './bookError';
import { childrenNamed, findAll, findFirst, parseXml, textOf } from './xmlTree';

export interface ManifestItem {
  id: string;
  /** Entry name in the archive. */
  path: string;
  mediaType: string;
  properties: string[];
}

/** What the importer needs from an OPF: metadata, manifest, spine, and where the TOC and cover are. */
export interface PackageDocument {
  title: string;
  author: string;
  manifest: Map<string, ManifestItem>;
  /** Content documents in reading order. */
  spine: ManifestItem[];
  /** EPUB 3 navigation document. */
  nav?: ManifestItem;
  /** EPUB 2 NCX. */
  ncx?: ManifestItem;
  cover?: ManifestItem;
}

export function parsePackage(opfPath: string, xml: string): PackageDocument {
  const doc = parseXml(xml);
  const pkg = findFirst(doc, 'package');
  if (!pkg) throw bookError('corrupt', 'The EPUB package document is not valid.');
  const metadata = findFirst(pkg, 'metadata');
  const title = metadata ? findAll(metadata, 'title').map(textOf).find(Boolean) ?? '' : '';
  const author = metadata ? findAll(metadata, 'creator').map(textOf).filter(Boolean).join(', ') : '';

  const manifest = new Map<string, ManifestItem>();
  for (const item of findAll(findFirst(pkg, 'manifest') ?? pkg, 'item')) {
    const id = item.attrs.id;
    const p = item.attrs.href ? resolveHref(opfPath, item.attrs.href) : undefined;
    if (!id || !p) continue;
    manifest.set(id, { id, path: p, mediaType: (item.attrs['media-type'] ?? '').toLowerCase(), properties: (item.attrs.properties ?? '').split(/\s+/).filter(Boolean) });
  }

  const spineEl = findFirst(pkg, 'spine');
  const spine = spineEl
    ? childrenNamed(spineEl, 'itemref')
        .map((r) => manifest.get(r.attrs.idref ?? ''))
        .filter((m): m is ManifestItem => !!m && /html/.test(m.mediaType))
    : [];
  if (spine.length === 0) throw bookError('not_a_book', 'The EPUB has no readable content documents in its spine.');

  const items = [...manifest.values()];
  const nav = items.find((m) => m.properties.includes('nav'));
  const ncx = manifest.get(spineEl?.attrs.toc ?? '') ?? items.find((m) => m.mediaType === 'application/x-dtbncx+xml');
  // EPUB 3 marks the cover image; EPUB 2 names it in <meta name="cover" content="id">.
  const coverId = metadata ? findAll(metadata, 'meta').find((m) => m.attrs.name === 'cover')?.attrs.content : undefined;
  const cover = items.find((m) => m.properties.includes('cover-image')) ?? (coverId ? manifest.get(coverId) : undefined);

  return {
    title,
    author,
    manifest,
    spine,
    ...(nav ? { nav } : {}),
    ...(ncx ? { ncx } : {}),
    ...(cover && cover.mediaType.startsWith('image/') ? { cover } : {}),
  };
}
