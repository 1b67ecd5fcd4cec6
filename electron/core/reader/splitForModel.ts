/**
 * Splits a long text into pieces of at most `max` characters (about 300: a model
 * answers a short piece quickly, and several run at once) at paragraph, line or
 * sentence ends, so a chapter is analysed piece by piece with progress. The
 * pieces concatenate back to the text.
 */
export function splitForModel(text: string, max = 300): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'));
    if (cut < max / 3) cut = Math.max(window.lastIndexOf('。'), window.lastIndexOf('！'), window.lastIndexOf('？'));
    if (cut < max / 3) {
      cut = max - 1;
      // Never split a surrogate pair (emoji, rare kanji).
      const code = rest.charCodeAt(cut);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
    }
    pieces.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  if (rest) pieces.push(rest);
  return pieces;
}
