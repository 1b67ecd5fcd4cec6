/**
 * The one place word identity is derived: the offline
 * analyzer's key of each counted word, normalised to the dictionary's headword when a
 * dictionary is installed. Every token that reaches the renderer is keyed here, and so is a
 * word given as written (a card starred from 泣いていた is 泣く/なく). The same pass gives each
 * token the reading it shows (electron/core/readings): a learner's correction, or the analyzer's
 * reading checked against the dictionary; a corrected reading re-keys the word (毛/もう → 毛/け).
 */
import type { Token } from '../../../shared/domain';
import type { WordKey } from '../../../shared/words';
import type { Analyzer, TokenizeOptions } from '../analyzer';
import { tokensIn, wordInfoFromTokens } from '../analyzer/wordInfo';
import { toHiraganaReading } from '../analyzer/reading';
import { baseReading } from '../analyzer/wordKey';
import type { TokenReadings } from '../readings/tokenReadings';
import { alignKeys } from './alignKeys';

export interface WordIdentityDeps {
  analyzer: Pick<Analyzer, 'tokenize'>;
  dictionary: { headword(key: WordKey): WordKey | null };
  /** The reading each token shows; without it, the analyzer's or the model's as given. */
  readings?: Pick<TokenReadings, 'checked' | 'corrected'>;
}

/** What may follow a counted word and still be that word (泣い|て|い|た, 食べ|させ|られ|た). */
const INFLECTION = new Set(['particle', 'auxiliary', 'verb', 'adjective', 'suffix', 'punctuation', 'symbol']);
const KANA_ONLY = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;

export class WordIdentity {
  constructor(private readonly deps: WordIdentityDeps) {}

  /** The key as the app knows the word: the dictionary's headword, else the analyzer's key. */
  normalise(key: WordKey): WordKey {
    return this.deps.dictionary.headword(key) ?? key;
  }

  /**
   * The analyzer's tokens with their readings checked and keys normalised, in one walk (a token
   * is copied only when one changes); with the learner's corrections unless `corrected` is false
   * (tokens about to be stored: corrections are applied when shown, so forgetting one restores
   * the reading everywhere).
   */
  keyed(tokens: readonly Token[], corrected = true): Token[] {
    const readings = this.deps.readings;
    return tokens.map((t, i) => {
      const checked = readings?.checked(tokens, i);
      const fixed = corrected ? readings?.corrected(t.word) : undefined;
      const given = checked?.furigana ?? t.furigana;
      const furigana = fixed ?? given;
      // A misread spelling is the word it spells (恐し → 恐ろしい), unless the learner said otherwise.
      const key = !t.key ? undefined : fixed === undefined && checked?.word ? checked.word : furigana !== t.furigana ? rekeyed(t, t.key, furigana) : t.key;
      return this.finish(t, furigana, key, furigana === given ? undefined : given);
    });
  }

  /** Keyed tokens with the learner's corrections: an analysis stored without them, about to be shown. */
  corrected(tokens: readonly Token[]): Token[] {
    const readings = this.deps.readings;
    if (!readings) return [...tokens];
    return tokens.map((t) => {
      const fixed = readings.corrected(t.word);
      if (fixed === undefined || fixed === t.furigana) return t;
      return this.finish(t, fixed, t.key && rekeyed(t, t.key, fixed), t.furigana);
    });
  }

  /** Tokens not from the analyzer with the keys of the offline tokens they cover (see alignKeys), and the learner's readings unless `corrected` is false. */
  alignTo(tokens: readonly Token[], offline: readonly Token[], start = 0, corrected = true): Token[] {
    const readings = this.deps.readings;
    if (!readings || !corrected) return alignKeys(tokens, offline, start);
    return alignKeys(tokens, offline, start, (t) => {
      const fixed = readings.corrected(t.word);
      return fixed === undefined || fixed === t.furigana ? t : { ...t, furigana: fixed, uncorrected: t.furigana };
    });
  }

  /** `uncorrected`: the analysis's reading, when `furigana` is the learner's. */
  private finish(t: Token, furigana: string, given: WordKey | undefined, uncorrected?: string): Token {
    const key = given && this.normalise(given);
    if (furigana === t.furigana && key === t.key) return t;
    return { ...t, furigana, ...(key ? { key } : {}), ...(uncorrected !== undefined ? { uncorrected } : {}) };
  }

  /** The offline analysis of a text, keyed; `corrected: false` for tokens to store; `opts.background` for work nobody waits on. */
  async tokens(text: string, signal?: AbortSignal, corrected = true, opts?: TokenizeOptions): Promise<Token[]> {
    return this.keyed(await this.deps.analyzer.tokenize(text, signal, opts), corrected);
  }

  /** An analyzer whose tokens are keyed, for code that takes one. */
  readonly analyzer: Pick<Analyzer, 'tokenize'> = { tokenize: (text, signal) => this.tokens(text, signal) };

  /** The same, without the learner's corrections: tokens to store (see `keyed`). */
  readonly storedAnalyzer: Pick<Analyzer, 'tokenize'> = { tokenize: (text, signal) => this.tokens(text, signal, false) };

  /** Tokens from elsewhere (a model, a cache, history) keyed by the offline tokens of the same text. */
  async align(text: string, tokens: readonly Token[], signal?: AbortSignal, corrected = true): Promise<Token[]> {
    return this.alignTo(tokens, await this.tokens(text, signal, corrected), 0, corrected);
  }

  /**
   * The word `word` counts as, as written in `sentence` (at `offset` when it occurs more than
   * once): the key of its one counted word when the rest is inflection (泣いていた → 泣く), else
   * its dictionary form as a whole (東京大学, 勉強しました → 勉強する). Null for text with no
   * Japanese word in it.
   */
  async wordKey(word: string, sentence = word, offset?: number, signal?: AbortSignal): Promise<WordKey | null> {
    let at = offset !== undefined && sentence.startsWith(word, offset) ? offset : sentence.indexOf(word);
    let context = sentence;
    if (at < 0) {
      context = word;
      at = 0;
    }
    return this.keyOfTokens(word, tokensIn(await this.tokens(context, signal), at, at + word.length), signal);
  }

  /**
   * The keys of many words as written (a word list), in the same order, from one analysis of
   * them all (one a line) rather than one each: thousands of lines take one pass.
   */
  async wordKeys(words: readonly string[], signal?: AbortSignal): Promise<Array<WordKey | null>> {
    return (await this.wordShapes(words, signal)).map((s) => s?.key ?? null);
  }

  /**
   * As `wordKeys`, with what the analyzer made of each word: one word of its own dictionary
   * (`single`, an inflected form or a noun with する) or a run of words joined (猫犬鳥, a line of
   * random kanji), which only a dictionary can say is a word.
   */
  async wordShapes(words: readonly string[], signal?: AbortSignal): Promise<Array<WordShape | null>> {
    const clean = words.map((w) => w.replace(/[\r\n]/g, ' '));
    const tokens = await this.tokens(clean.join('\n'), signal);
    const shapes: Array<WordShape | null> = [];
    let t = 0;
    let at = 0;
    let start = 0;
    for (const word of clean) {
      const end = start + word.length;
      const inside: Token[] = [];
      while (t < tokens.length && at < end) {
        const tok = tokens[t]!;
        const next = at + tok.word.length;
        if (next > start) inside.push(tok);
        if (next > end) break; // a token across the line's end: the line is looked at alone
        at = next;
        t++;
      }
      const whole = inside.map((x) => x.word).join('') === word;
      shapes.push(await this.shapeOfTokens(word, whole ? inside : await this.tokensOf(word, signal), signal));
      start = end + 1;
    }
    return shapes;
  }

  private async tokensOf(word: string, signal?: AbortSignal): Promise<Token[]> {
    return tokensIn(await this.tokens(word, signal), 0, word.length);
  }

  /** The key of a word made of `inside`, the tokens that cover it exactly (see `wordKey`). */
  private async keyOfTokens(word: string, inside: readonly Token[], signal?: AbortSignal): Promise<WordKey | null> {
    return (await this.shapeOfTokens(word, inside, signal))?.key ?? null;
  }

  private async shapeOfTokens(word: string, inside: readonly Token[], signal?: AbortSignal): Promise<WordShape | null> {
    const keyed = inside.filter((t) => t.key);
    const head = keyed[0];
    const inflection = (t: Token) => INFLECTION.has(t.pos);
    if (keyed.length === 1 && head?.key && inside.every((t) => t === head || inflection(t))) return { key: head.key, single: head.lemma !== undefined };
    const info = wordInfoFromTokens(word, inside);
    const form = info.dictionaryForm.trim();
    if (form === '' || !inside.some((t) => t.furigana !== '')) return null;
    const reading = form === word ? info.surfaceFurigana : (await this.deps.analyzer.tokenize(form, signal)).map((t) => t.furigana).join('');
    if (reading === '') return null;
    const key = this.normalise({ term: KANA_ONLY.test(form) ? toHiraganaReading(form) : form, reading: toHiraganaReading(reading) });
    // 勉強|し|まし|た: a noun the analyzer knows made a verb by する is one word too.
    const suru = keyed.length === 2 && head?.pos === 'noun' && head.lemma !== undefined && keyed[1]!.key!.term === 'する' && inside.every((t) => keyed.includes(t) || inflection(t));
    return { key, single: suru };
  }
}

/** What the analyzer made of a word as written: its key, and whether it is one word the analyzer knows. */
export interface WordShape {
  key: WordKey;
  /** One word in the analyzer's own dictionary (inflection and する aside); false for a run of words joined, or a word the analyzer only guessed. */
  single: boolean;
}

/**
 * The key of a token read another way: its dictionary form read with the token's new reading
 * (毛/もう → 毛/け; 恐がっ/おそがっ → 恐がる/おそがる). A model's token with no base form keeps its key
 * unless it is written as its key's term.
 */
function rekeyed(t: Token, key: WordKey, furigana: string): WordKey {
  const reading = t.lemma ? baseReading(t.word, toHiraganaReading(furigana), t.lemma) : t.word === key.term ? toHiraganaReading(furigana) : '';
  return reading ? { term: key.term, reading } : key;
}
