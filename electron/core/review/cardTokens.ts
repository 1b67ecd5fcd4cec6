/**
 * The sentence of a card with furigana, for the answer side of a review: the
 * model's analysis when one is cached (the sentence alone, or the document it
 * was starred in), else the offline analyzer. Never the network.
 */
import type { Token } from '../../../shared/domain';
import type { AnswerCache } from '../cache/answerCache';
import { TokensSchema } from '../cache/answerSchemas';
import { analysisKey, type ModelChoice } from '../cache/cacheKey';
import type { Library } from '../library/library';
import { reconcileTokens } from '../reader/reconcileTokens';
import type { WordIdentity } from '../words/wordIdentity';

/** The tokens that cover exactly `sentence` inside `text`'s tokens; undefined when a token straddles its edges. */
export function tokensWithin(text: string, tokens: readonly Token[], sentence: string): Token[] | undefined {
  const at = text.indexOf(sentence);
  if (at < 0 || sentence === '') return undefined;
  const end = at + sentence.length;
  const out: Token[] = [];
  let pos = 0;
  for (const t of tokens) {
    const next = pos + t.word.length;
    if (pos >= at && next <= end) out.push(t);
    else if (pos < end && next > at) return undefined;
    pos = next;
  }
  return out.map((t) => t.word).join('') === sentence ? out : undefined;
}

export interface CardTokenSources {
  answers: AnswerCache;
  library: Library;
  words: Pick<WordIdentity, 'tokens' | 'align'>;
  choice: ModelChoice;
}

export async function cardTokens(sentence: string, documentId: number | undefined, s: CardTokenSources, signal?: AbortSignal): Promise<Token[] | undefined> {
  const cached = s.answers.get(analysisKey(sentence, s.choice), 'analysis', TokensSchema);
  const doc = documentId !== undefined ? s.library.storedTokens(documentId) : undefined;
  const found = (cached && reconcileTokens(sentence, cached)) || (doc && tokensWithin(doc.text, doc.tokens, sentence));
  try {
    return found ? await s.words.align(sentence, found, signal) : await s.words.tokens(sentence, signal);
  } catch {
    return found || undefined; // the answer still shows the translation
  }
}
