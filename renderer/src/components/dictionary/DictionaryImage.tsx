/**
 * An image of a dictionary's structured content: its bytes asked of the core once
 * (`dictionary.image`) and shown through a blob: URL, which the page's CSP allows
 * (`img-src 'self' data: blob:`); the size the dictionary gives, bounded by CSS. Until it
 * arrives, or when the dictionary has none, its title stands in.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ContentElement } from '../../../../shared/structuredContent';
import { bridge } from '../../bridge';

/** The id of the dictionary whose entry is being drawn (set by the entry list). */
export const EntryDictionary = createContext<string | undefined>(undefined);

/** Blob URLs by dictionary and path, kept for the page's life: the same image shows in many popups. */
const urls = new Map<string, Promise<string | null>>();

function imageUrl(dictionaryId: string, path: string): Promise<string | null> {
  const key = `${dictionaryId}\u0000${path}`;
  let found = urls.get(key);
  if (!found) {
    found = bridge.call('dictionary.image', dictionaryId, path).then((r) => {
      if (!r.ok || !r.value) return null;
      const bytes = Uint8Array.from(atob(r.value.dataBase64), (c) => c.charCodeAt(0));
      return URL.createObjectURL(new Blob([bytes], { type: r.value.type }));
    });
    if (urls.size > 500) urls.clear();
    urls.set(key, found);
  }
  return found;
}

export function DictionaryImage({ el }: { el: ContentElement }) {
  const dictionaryId = useContext(EntryDictionary);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (dictionaryId && el.path) void imageUrl(dictionaryId, el.path).then((u) => live && setSrc(u));
    return () => {
      live = false;
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
