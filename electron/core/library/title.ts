const MAX_TITLE = 60;

/** A document's title: its first non-empty line, whitespace collapsed, cut at 60 characters. */
export function titleOf(text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/gu, ' ').trim())
    .find((l) => l !== '');
  if (!line) return '';
  const chars = [...line]; // code points: never cut an emoji or a rare kanji in half
  return chars.length > MAX_TITLE ? `${chars.slice(0, MAX_TITLE - 1).join('')}…` : line;
}
