/**
 * The sentence of a card with furigana, for the answer side of a review: the
 * model's analysis when one is cached (the sentence alone, or the document it
 * was starred in), else the offline analyzer. Never the network.
 */
import type { Token } from '../../../shared/domain';
import type { Analyzer } from '../analyzer';
import type { AnswerCache } from '../cache/answerCache';
import { TokensSchema } from '../cache/answerSchemas';
import { analysisKey, type ModelChoice } from '../cache/cacheKey';
import type { Library } from '../library/library';
import { reconcileTokens } from '../reader/reconcileTokens';

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
  analyzer: Analyzer;
  choice: ModelChoice;
}

export async function cardTokens(sentence: string, documentId: number | undefined, s: CardTokenSources, signal?: AbortSignal): Promise<Token[] | undefined> {
  const cached = s.answers.get(analysisKey(sentence, s.choice), 'analysis', TokensSchema);
  const own = cached && reconcileTokens(sentence, cached);
  if (own) return own;
  const doc = documentId !== undefined ? s.library.storedTokens(documentId) : undefined;
  const fromDoc = doc && tokensWithin(doc.text, doc.tokens, sentence);
  if (fromDoc) return fromDoc;
  try {
    return await s.analyzer.tokenize(sentence, signal);
  } catch {
    return undefined; // the answer still shows the translation
  }
}
