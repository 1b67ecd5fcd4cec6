/** Is `url` the page we loaded ourselves (same file, or same dev-server origin)? */
export function isOwnUrl(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const own = new URL(appUrl);
    if (own.protocol === 'file:') return u.protocol === 'file:' && u.pathname === own.pathname;
    return u.origin === own.origin;
  } catch {
    return false;
  }
}
