/**
 * The word an Anki note field holds: its HTML reduced to text, and Anki's furigana markup
 * (`食[た]べる`, ` 食[た]べる` with a space before the base, `<ruby>食<rt>た</rt></ruby>べる`)
 * reduced to the word and, when the markup gives it, the word's reading.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/giu, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Anki's `[sound:…]` and the like, which are no part of the word. */
const SOUND = /\[sound:[^\]]*\]/giu;
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;

/** The field as plain text: ruby readings as furigana markup, tags and sounds gone, entities decoded. */
export function ankiFieldText(html: string): string {
  return decodeEntities(
    html
      .replace(/<rt[^>]*>(.*?)<\/rt>/gisu, '[$1]')
      .replace(/<rp[^>]*>.*?<\/rp>/gisu, '')
      .replace(/<br\s*\/?>|<\/(?:div|p|li)>/giu, '\n')
      .replace(/<[^>]*>/gu, '')
      .replace(SOUND, ''),
  );
}

export interface FieldWord {
  /** The word as written, without markup. */
  term: string;
  /** Its reading in kana, when the markup gave one for every kanji. */
  reading?: string;
}

/**
 * The word of a field: the first line with text (a field often adds a note below the word),
 * without its markup. Null when nothing is left. 食[た]べる → 食べる, たべる.
 */
export function wordOfAnkiField(html: string): FieldWord | null {
  const line = ankiFieldText(html)
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return null;
  const hasMarkup = /\[[^\]]*\]/u.test(line);
  // Anki: a reading in brackets belongs to the text since the last space (or the line's start).
  const term = line.replace(/\[[^\]]*\]/gu, '').replace(/\s+/gu, '').trim();
  if (term === '') return null;
  if (!hasMarkup) return { term };
  // The base is the kanji just before the brackets (お茶[ちゃ]), else, as Anki reads it, all since the last space (食べ物[たべもの]).
  const tight = line.replace(/([^\s[\]\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+)\[([^\]]*)\]/gu, '$2').replace(/\s+/gu, '');
  const anki = line.replace(/[^\s[\]]+\[([^\]]*)\]/gu, '$1').replace(/\s+/gu, '');
  const reading = KANA.test(tight) ? tight : anki;
  return KANA.test(reading) ? { term, reading } : { term };
}
