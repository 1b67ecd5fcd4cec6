import { POS_GROUPS, type PosGroup, type Token } from '../../../shared/domain';
import { kanaReadingOrEmpty } from '../analyzer/reading';

const POS = new Set<string>(POS_GROUPS);

/**
 * Pulls complete `{ "word", "pos", "furigana" }` objects out of a JSON text that is
 * still arriving, so tokens can be shown while the model streams. Token objects are
 * flat, so a complete one is a `{…}` with no nested braces.
 */
export class TokenExtractor {
  private text = '';
  private scanFrom = 0;

  push(delta: string): Token[] {
    this.text += delta;
    const out: Token[] = [];
    if (this.scanFrom === 0) {
      const start = this.text.indexOf('[');
      if (start < 0) return out;
      this.scanFrom = start + 1;
    }
    for (;;) {
      const open = this.text.indexOf('{', this.scanFrom);
      if (open < 0) break;
      const close = findObjectEnd(this.text, open);
      if (close < 0) break;
      this.scanFrom = close + 1;
      const token = parseToken(this.text.slice(open, close + 1));
      if (token) out.push(token);
    }
    return out;
  }

  get full(): string {
    return this.text;
  }
}

/** Index of the `}` closing the object at `open`, honouring strings; -1 if not arrived yet. */
function findObjectEnd(s: string, open: number): number {
  let inString = false;
  for (let i = open + 1; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '}') return i;
  }
  return -1;
}

export function parseToken(json: string): Token | undefined {
  try {
    const o = JSON.parse(json) as { word?: unknown; pos?: unknown; furigana?: unknown };
    if (typeof o.word !== 'string' || o.word === '') return undefined;
    const pos: PosGroup = typeof o.pos === 'string' && POS.has(o.pos) ? (o.pos as PosGroup) : 'other';
    // Checked on every response: the part of speech from the closed set, the reading in hiragana.
    return { word: o.word, pos, furigana: typeof o.furigana === 'string' ? kanaReadingOrEmpty(o.furigana) : '' };
  } catch {
    return undefined;
  }
}
