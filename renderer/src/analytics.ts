/**
 * Usage statistics, only when the user turns them on in Settings (off by
 * default). Browser mode only: the server's `/api/analytics/script` adds the
 * configured script (or is `void 0;`). The desktop app has no such server.
 */
const ID = 'yomimono-analytics';

export function applyAnalytics(on: boolean, mode: 'ipc' | 'http'): void {
  if (!on || mode !== 'http' || document.getElementById(ID)) return;
  const s = document.createElement('script');
  s.id = ID;
  s.defer = true;
  s.src = '/api/analytics/script';
  document.head.appendChild(s);
}
