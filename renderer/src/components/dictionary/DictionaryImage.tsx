/**
 * An image of a dictionary's structured content: its bytes asked of the core once
 * (`dictionary.image`) and shown through a blob: URL, which the page's CSP allows
 * (`img-src 'self' data: blob:`); the size the dictionary gives, bounded by CSS. Until it
 * arrives, or when the dictionary has none, its title stands in.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ContentElement } from '../../../../shared/structuredContent';
import { bridge } from '../../bridge';
import { createImageUrlCache } from './imageUrls';

/** The id of the dictionary whose entry is being drawn (set by the entry list). */
export const EntryDictionary = createContext<string | undefined>(undefined);

/** Blob URLs by dictionary and path, kept while shown and for the next 500 others: the same image shows in many popups. */
const urls = createImageUrlCache({
  max: 500,
  make: (key) => {
    const [dictionaryId = '', path = ''] = key.split('\u0000');
    return bridge.call('dictionary.image', dictionaryId, path).then((r) => {
      if (!r.ok || !r.value) return null;
      const bytes = Uint8Array.from(atob(r.value.dataBase64), (c) => c.charCodeAt(0));
      return URL.createObjectURL(new Blob([bytes], { type: r.value.type }));
    });
  },
  revoke: (url) => URL.revokeObjectURL(url),
});

export function DictionaryImage({ el }: { el: ContentElement }) {
  const dictionaryId = useContext(EntryDictionary);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!dictionaryId || !el.path) return;
    let live = true;
    const image = urls.acquire(`${dictionaryId}\u0000${el.path}`);
    void image.url.then((u) => live && setSrc(u));
    return () => {
      live = false;
      image.release();
    };
  }, [dictionaryId, el.path]);
  if (!src) return el.title ? <span className="sc-image muted">[{el.title}]</span> : null;
  const em = el.sizeUnits === 'em';
  // em sizes go through the CSSOM (allowed by the CSP), px sizes as the attributes.
  const style = em ? { ...(el.width ? { width: `${el.width}em` } : {}), ...(el.height ? { height: `${el.height}em` } : {}) } : undefined;
  return (
    <img
      className="sc-img"
      data-testid="dict-image"
      src={src}
      alt={el.title ?? ''}
      {...(el.title ? { title: el.title } : {})}
      {...(!em && el.width ? { width: el.width } : {})}
      {...(!em && el.height ? { height: el.height } : {})}
      {...(style ? { style } : {})}
    />
  );
}
