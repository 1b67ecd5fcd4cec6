/**
 * The fields of a rich Anki note, built from text alone (pure): the sentence with the word in
 * <b>, Anki's furigana syntax (` 食[た]べる`), and a pitch-accent graph from a mora position.
 * Everything is HTML-escaped: a card's text is never markup.
 */
import type { Token } from '../../../shared/domain';
import { toHiraganaReading } from '../analyzer/reading';

const KANJI = /[\p{Script=Han}\u3005\u3006\u3007\u30F6]/u;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The sentence with the word in <b>: at `offset` when it is there, else its first occurrence (the written form, then the headword). */
export function markedSentence(sentence: string, forms: readonly string[], offset?: number): string {
  for (const form of forms.filter((f) => f !== '')) {
    const at = offset !== undefined && sentence.startsWith(form, offset) ? offset : sentence.indexOf(form);
    if (at >= 0) return `${escapeHtml(sentence.slice(0, at))}<b>${escapeHtml(form)}</b>${escapeHtml(sentence.slice(at + form.length))}`;
  }
  return escapeHtml(sentence);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A word with its reading in Anki's furigana syntax: the reading over the kanji only, each
 * kanji run after a space (` 食[た]べる`, `お 茶[ちゃ]`); the whole word over the whole reading
 * when the kana cannot be matched; the word alone when it needs no reading.
 */
export function furigana(word: string, reading: string): string {
  const hira = toHiraganaReading(reading.trim());
  if (!KANJI.test(word) || hira === '' || hira === toHiraganaReading(word)) return escapeHtml(word);
  const runs: Array<{ text: string; kanji: boolean }> = [];
  for (const ch of word) {
    const kanji = KANJI.test(ch);
    const last = runs.at(-1);
    if (last && last.kanji === kanji) last.text += ch;
    else runs.push({ text: ch, kanji });
  }
  const m = new RegExp(`^${runs.map((r) => (r.kanji ? '(.+?)' : `(${escapeRe(toHiraganaReading(r.text))})`)).join('')}$`, 'u').exec(hira);
  if (!m) return ` ${escapeHtml(word)}[${escapeHtml(hira)}]`;
  return runs.map((r, i) => (r.kanji ? ` ${escapeHtml(r.text)}[${escapeHtml(m[i + 1]!)}]` : escapeHtml(r.text))).join('').trimStart();
}

/** A sentence's tokens in Anki's furigana syntax, the word (its written form) in <b>. */
export function sentenceFurigana(tokens: readonly Pick<Token, 'word' | 'furigana'>[], marked?: { start: number; end: number }): string {
  let at = 0;
  let out = '';
  for (const t of tokens) {
    const start = at;
    at += t.word.length;
    const piece = furigana(t.word, t.furigana);
    // A space before a token's furigana ends the previous one's base in Anki: keep it when the previous piece was text.
    const spaced = piece.includes('[') && out !== '' && !out.endsWith(' ') ? ` ${piece}` : piece;
    const inside = marked && start >= marked.start && at <= marked.end;
    out += inside ? `<b>${spaced.trimStart()}</b>` : spaced;
  }
  return out.replace(/<\/b><b>/g, '');
}

/** Morae of a kana reading: small kana (ゃゅょぁぃぅぇぉゎ) join the one before. */
export function morae(reading: string): string[] {
  const out: string[] = [];
  for (const ch of toHiraganaReading(reading)) {
    if (/[ゃゅょぁぃぅぇぉゎ]/u.test(ch) && out.length) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}

/**
 * A pitch graph as HTML (no script, no SVG: any template shows it): each mora marked high or
 * low, with a drop after the accented mora. Position 0 is heiban (low, then high to the end and
 * the particle after); n is the mora after which the pitch falls (1: atamadaka).
 */
export function pitchGraph(reading: string, position: number): string {
  const ms = morae(reading);
  if (ms.length === 0 || position < 0 || position > ms.length) return '';
  const high = (i: number) => (position === 1 ? i === 0 : i > 0 && (position === 0 || i < position));
  const spans = ms.map((m, i) => {
    const drop = position > 0 && i === position - 1;
    return `<span class="pitch-${high(i) ? 'h' : 'l'}${drop ? ' pitch-drop' : ''}">${escapeHtml(m)}</span>`;
  });
  return `<span class="pitch" data-pitch="${position}">${spans.join('')}</span>`;
}
