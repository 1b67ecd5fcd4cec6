import type { AnalyzeChunk, AnalyzeResult } from '../../../shared/contract/reader';
import type { DocumentSource } from '../../../shared/contract/library';
import type { Token } from '../../../shared/domain';
import type { UsageRecord } from '../../../shared/usage';
import { AppError, toErrorData, type AppErrorData } from '../../../shared/result';
import { analyzePlan } from '../models/modelTasks';
import { analyzePromptFor } from '../prompts/analyze';
import { isCancel, type ModelRunner, type ReaderCall } from './modelRunner';
import { orderedPool } from './orderedPool';
import type { ReaderMemory } from './readerMemory';
import { reconcileTokens } from './reconcileTokens';
import { splitForModel } from './splitForModel';
import { TokenExtractor } from './tokenExtractor';
import type { WordIdentity } from '../words/wordIdentity';

/** Pieces of a long text with the model at once: enough to hide a call's latency, few enough for provider rate limits. */
const MODEL_PIECES_AT_ONCE = 3;

export interface AnalyzeRequest {
  text: string;
  offlineOnly: boolean;
  refresh: boolean;
  source: DocumentSource;
  /** false: no history document for the text (a book chapter analysed paragraph by paragraph). */
  history: boolean;
}

/** The summed usage of a model analysis (its pieces and their second tries). */
function usageSum() {
  let usage: UsageRecord | undefined;
  return {
    add(u: UsageRecord) {
      usage = {
        promptTokens: (usage?.promptTokens ?? 0) + u.promptTokens,
        completionTokens: (usage?.completionTokens ?? 0) + u.completionTokens,
        cost: u.cost === null ? (usage?.cost ?? null) : (usage?.cost ?? 0) + u.cost,
      };
    },
    get total() {
      return usage;
    },
  };
}

/**
 * A text's analysis: the cached model analysis, else the offline one at once and
 * then the model's, piece by piece in text order. A piece the model fails or
 * changes (twice) keeps the offline tokens; every analysed text is a history document
 * unless asked for without (`history: false`).
 */
export async function* analyzeText(
  deps: { runner: ModelRunner; memory: ReaderMemory; words: Pick<WordIdentity, 'storedAnalyzer' | 'align' | 'alignTo' | 'corrected'> },
  call: ReaderCall,
  { text, offlineOnly, refresh, source, history }: AnalyzeRequest,
): AsyncGenerator<AnalyzeChunk, AnalyzeResult, void> {
  const { runner, memory, words } = deps;
  // Offline tokens come keyed (word identity); a model's take their keys from them. What is stored
  // carries no reading the learner corrected: corrections are applied to what is shown.
  const analyzer = words.storedAnalyzer;
  const total = text.length;
  const choice = runner.resolve('analysis', call.meta);
  // `history: false` (a book chapter analysed paragraph by paragraph): the answers go to the cache only.
  const documentId = history ? memory.document(text, source) : undefined;
  // A stored model analysis needs neither the network nor the analyzer: one final chunk, as the model's would be.
  const stored = refresh ? undefined : memory.analysis(text, choice.model);
  const cached = stored && (await words.align(text, stored, call.signal, false).catch(() => stored));
  if (cached) {
    const shown = words.corrected(cached);
    yield { source: 'model', range: { start: 0, end: total }, tokens: shown, final: true, progress: { done: total, total }, documentId };
    memory.analysed(documentId, cached, 'model');
    return { tokens: shown, source: 'cache', documentId };
  }
  let offline: Token[] | undefined;
  try {
    offline = await analyzer.tokenize(text, call.signal);
    yield { source: 'offline', range: { start: 0, end: total }, tokens: words.corrected(offline), final: true, progress: { done: 0, total }, documentId };
  } catch (e) {
    if (isCancel(e) || call.signal.aborted) throw e;
  }
  const unavailable = offlineOnly ? undefined : await runner.unavailable(choice);
  if (offlineOnly || unavailable) {
    if (!offline) throw new AppError(unavailable ?? { code: 'internal', message: 'the offline analyzer failed' });
    memory.analysed(documentId, offline, 'offline');
    return { tokens: words.corrected(offline), source: 'offline', ...(unavailable ? { modelError: unavailable } : {}), documentId };
  }

  // Pieces go to the model up to MODEL_PIECES_AT_ONCE at a time; the reader gets them in text order.
  const pieces = splitForModel(text);
  let offset = 0;
  const starts = pieces.map((p) => (offset += p.length) - p.length);
  let modelError: AppErrorData | undefined;
  const usage = usageSum();
  const tokensOf: Token[][] = pieces.map(() => []);
  let offlinePieces = 0;
  type PieceChunk = Omit<AnalyzeChunk, 'progress'>;
  const analysePiece = async (piece: string, i: number, emit: (c: PieceChunk) => void, stop: AbortSignal) => {
    const range = { start: starts[i]!, end: starts[i]! + piece.length };
    const pieceCall = { ...call, signal: AbortSignal.any([call.signal, stop]) };
    // A model that changed the text gets one more try; only the first try streams (a second would add to the first's tokens).
    for (let attempt = 0; attempt < 2 && !modelError; attempt++) {
      const extractor = new TokenExtractor();
      const streamed: Token[] = [];
      try {
        const input = { prompt: analyzePromptFor(piece), stream: true };
        for await (const delta of runner.stream(choice, analyzePlan, input, pieceCall, { documentId, onUsage: usage.add })) {
          const fresh = extractor.push(delta);
          if (fresh.length === 0) continue;
          streamed.push(...fresh);
          if (attempt === 0) emit({ source: 'model', range, tokens: words.corrected(fresh), final: false });
        }
      } catch (e) {
        if (isCancel(e) || pieceCall.signal.aborted) throw e;
        modelError ??= toErrorData(e);
        break;
      }
      const reconciled = reconcileTokens(piece, streamed);
      const checked = reconciled && offline ? words.alignTo(reconciled, offline, range.start, false) : reconciled;
      if (checked) {
        tokensOf[i] = checked;
        emit({ source: 'model', range, tokens: words.corrected(checked), final: true });
        return;
      }
    }
    // The model failed or changed the text twice: this piece keeps the offline analysis, marked as such.
    const fallback = await analyzer.tokenize(piece, pieceCall.signal);
    tokensOf[i] = fallback;
    offlinePieces++;
    emit({ source: 'offline', range, tokens: words.corrected(fallback), final: true });
  };
  // Progress counts the pieces the reader has received whole, so it only grows.
  let done = 0;
  for await (const chunk of orderedPool(pieces, MODEL_PIECES_AT_ONCE, analysePiece)) {
    if (chunk.final) done += chunk.range.end - chunk.range.start;
    yield { ...chunk, progress: { done, total } };
  }

  const all = tokensOf.flat();
  // Only a complete model analysis is cached: a partly offline one asks the model again next time.
  if (offlinePieces === 0) memory.rememberAnalysis(text, choice.model, all);
  memory.analysed(documentId, all, offlinePieces > 0 ? 'offline' : 'model');
  const spent = usage.total;
  return {
    tokens: words.corrected(all),
    source: modelError ? 'offline' : 'model',
    ...(modelError ? { modelError } : {}),
    ...(offlinePieces > 0 ? { offlinePieces } : {}),
    ...(spent ? { usage: spent } : {}),
    documentId,
  };
}
