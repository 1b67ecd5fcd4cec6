/** interfaces.md: a loader that adds the analytics script once, or `void 0;` when not configured. */
export function analyticsScript(src: string | undefined, websiteId: string | undefined, enabled: boolean): string {
  if (!enabled || !src || !websiteId) return 'void 0;';
  const s = JSON.stringify(src);
  const id = JSON.stringify(websiteId);
  return `(function(){var d=document;if(d.querySelector('script[data-website-id='+JSON.stringify(${id})+']'))return;var s=d.createElement('script');s.defer=true;s.src=${s};s.setAttribute('data-website-id',${id});(d.head||d.documentElement).appendChild(s);})();`;
}
