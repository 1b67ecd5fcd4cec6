/**
 * Blob URLs of dictionary images, by dictionary and path, shared by every popup that shows the
 * same image. Past `max` entries the oldest that no image on screen uses are dropped and their
 * URLs revoked (a blob URL keeps its bytes alive until revoked); one in use stays.
 */
export interface ImageUrlCache {
  /** The URL of an image (made once, null when there is none) and a release to call when it is no longer shown. */
  acquire(key: string): { url: Promise<string | null>; release(): void };
  /** Entries kept (tests). */
  readonly size: number;
}

export function createImageUrlCache(opts: { max: number; make: (key: string) => Promise<string | null>; revoke: (url: string) => void }): ImageUrlCache {
  // Insertion order is age: a use moves an entry to the end.
  const entries = new Map<string, { url: Promise<string | null>; users: number }>();
  const evict = () => {
    for (const [key, e] of entries) {
      if (entries.size <= opts.max) return;
      if (e.users > 0) continue;
      entries.delete(key);
      void e.url.then((u) => u && opts.revoke(u));
    }
  };
  return {
    acquire(key) {
      let e = entries.get(key);
      if (e) entries.delete(key);
      else e = { url: opts.make(key).catch(() => null), users: 0 };
      entries.set(key, e);
      e.users++;
      const entry = e;
      let released = false;
      evict();
      return {
        url: entry.url,
        release() {
          if (released) return;
          released = true;
          entry.users--;
          evict();
        },
      };
    },
    get size() {
      return entries.size;
    },
  };
}
