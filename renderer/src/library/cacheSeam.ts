import { bridge } from '../bridge';
import { setCacheControls } from '../components/settings/cacheControls';

/** Gives the Settings page's storage card its "clear" and "usage" (the caches are this feature's). */
export function registerCacheControls(): void {
  setCacheControls({
    async clear() {
      const r = await bridge.call('cache.clear', 'all');
      if (!r.ok) throw new Error(r.error.message);
    },
    async usage() {
      const r = await bridge.call('cache.stats');
      return r.ok ? r.value.totalBytes : 0;
    },
  });
}
