/**
 * The one place word identity is derived: the offline
 * analyzer's key of each counted word, normalised to the dictionary's headword when a
 * dictionary is installed. Every token that reaches the renderer is keyed here, and so is a
 * word given as written (a card starred from 泣いていた is 泣く/なく).
 */
import type { Token } from '../../../shared/domain';
import type { WordKey } from '../../../shared/words';
import type { Analyzer } from '../analyzer';
import { tokensIn, wordInfoFromTokens } from '../analyzer/wordInfo';
import { toHiraganaReading } from '../analyzer/reading';
import { alignKeys } from './alignKeys';

export interface WordIdentityDeps {
  analyzer: Pick<Analyzer, 'tokenize'>;
  dictionary: { headword(key: WordKey): WordKey | null };
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

  /** The analyzer's tokens with their keys normalised (a token is copied only when its key changes). */
  keyed(tokens: readonly Token[]): Token[] {
    return tokens.map((t) => {
      if (!t.key) return t;
      const key = this.normalise(t.key);
      return key === t.key ? t : { ...t, key };
    });
  }

  /** The offline analysis of a text, keyed. */
  async tokens(text: string, signal?: AbortSignal): Promise<Token[]> {
    return this.keyed(await this.deps.analyzer.tokenize(text, signal));
  }

  /** An analyzer whose tokens are keyed, for code that takes one. */
  readonly analyzer: Pick<Analyzer, 'tokenize'> = { tokenize: (text, signal) => this.tokens(text, signal) };

  /** Tokens from elsewhere (a model, a cache, history) keyed by the offline tokens of the same text. */
  async align(text: string, tokens: readonly Token[], signal?: AbortSignal): Promise<Token[]> {
    return alignKeys(tokens, await this.tokens(text, signal));
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
    const inside = tokensIn(await this.tokens(context, signal), at, at + word.length);
    const keyed = inside.filter((t) => t.key);
    const head = keyed[0];
    if (keyed.length === 1 && head?.key && inside.every((t) => t === head || INFLECTION.has(t.pos))) return head.key;
    const info = wordInfoFromTokens(word, inside);
    const form = info.dictionaryForm.trim();
    if (form === '' || !inside.some((t) => t.furigana !== '')) return null;
    const reading = form === word ? info.surfaceFurigana : (await this.deps.analyzer.tokenize(form, signal)).map((t) => t.furigana).join('');
    if (reading === '') return null;
    return this.normalise({ term: KANA_ONLY.test(form) ? toHiraganaReading(form) : form, reading: toHiraganaReading(reading) });
  }
}
