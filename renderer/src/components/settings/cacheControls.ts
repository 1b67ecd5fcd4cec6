/**
 * The seam for cache clearing: the offline feature (which owns the caches)
 * registers its controls; until then the settings page shows the button as
 * unavailable.
 */
export interface CacheControls {
  /** Empties the caches (analyses, translations, details, audio, OCR). */
  clear(): Promise<void>;
  /** Bytes currently used, for display. */
  usage?(): Promise<number>;
}

let controls: CacheControls | null = null;
const listeners = new Set<() => void>();

export function setCacheControls(c: CacheControls | null): void {
  controls = c;
  for (const l of listeners) l();
}

export function cacheControls(): CacheControls | null {
  return controls;
}

export function onCacheControlsChanged(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
