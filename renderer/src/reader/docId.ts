/** A stable id for a text (FNV-1a over its normalised form): the key of per-document state such as a chat. */
export function docIdFor(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  let h = 0x811c9dc5;
  for (let i = 0; i < normalized.length; i++) {
    h ^= normalized.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `doc-${h.toString(16).padStart(8, '0')}-${normalized.length.toString(36)}`;
}
