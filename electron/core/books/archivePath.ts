import path from 'node:path';

/**
 * Resolves `href` (as written in an OPF, nav or XHTML file at `from`) to an entry
 * name of the archive. Remote and absolute references resolve to nothing: a book
 * may only use its own files.
 */
export function resolveHref(from: string, href: string): string | undefined {
  const bare = href.split('#')[0]!.trim();
  if (bare === '' || /^[a-z][a-z0-9+.-]*:/i.test(bare) || bare.startsWith('/') || bare.startsWith('\\')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    decoded = bare;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), decoded));
  if (joined.startsWith('../') || joined === '..') return undefined;
  return joined;
}

/** The fragment of an href (`#id`), without the `#`. */
export const fragmentOf = (href: string): string | undefined => {
  const i = href.indexOf('#');
  return i >= 0 && i < href.length - 1 ? href.slice(i + 1) : undefined;
};
