/**
 * `/api/analytics/script`: a loader that adds the analytics script once, or `void 0;` when not
 * configured. Browser mode serves it whenever both variables are set (the operator's
 * choice); the opt-in setting is the desktop app's rule, and the desktop app has no server.
 */
export function analyticsScript(src: string | undefined, websiteId: string | undefined): string {
  if (!src || !websiteId) return 'void 0;';
  const s = JSON.stringify(src);
  const id = JSON.stringify(websiteId);
  return `(function(){var d=document;if(d.querySelector('script[data-website-id='+JSON.stringify(${id})+']'))return;var s=d.createElement('script');s.defer=true;s.src=${s};s.setAttribute('data-website-id',${id});(d.head||d.documentElement).appendChild(s);})();`;
}

/**
 * The origin the page's CSP must allow for the loader's script (and its reports), when
 * the loader is served and the script lives elsewhere: none for a same-origin path.
 */
export function analyticsOrigins(src: string | undefined, websiteId: string | undefined): string[] {
  if (!src || !websiteId) return [];
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return []; // a relative path: our own origin, already allowed
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
}
