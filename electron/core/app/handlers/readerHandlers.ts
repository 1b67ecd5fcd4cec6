import type { ModelTask } from '../../../../shared/catalog';
import type { AnalyzeChunk, readerMethods } from '../../../../shared/contract/reader';
import type { UsageRecord } from '../../../../shared/usage';
import { WORD_DETAIL_FIELDS, type PhraseDetail, type Token, type WordDetail } from '../../../../shared/domain';
import { AppError, toErrorData, type AppErrorData } from '../../../../shared/result';
import { offlineWordInfo } from '../../analyzer';
import { analyzePromptFor } from '../../prompts/analyze';
import { PHRASE_FIELDS } from '../../prompts/wordDetail';
import { partialFields } from '../../reader/partialFields';
import { orderedPool } from '../../reader/orderedPool';
import { reconcileTokens } from '../../reader/reconcileTokens';
import { splitForModel } from '../../reader/splitForModel';
import { streamPlanText } from '../../reader/streamPlanText';
import { TokenExtractor } from '../../reader/tokenExtractor';
import { analyzeRoute, chatRoute, imageToTextRoute, translateRoute, wordDetailRoute, type ModelRoute } from '../../routes/modelRoutes';
import { settingsVoice, speak } from '../../routes/speak';
import { dailyGenerator } from '../../routes/dailyGenerator';
import { ReaderMemory, type DetailRequest } from '../../library/readerMemory';
import { taskModelChoice } from '../../models/modelChoice';
import type { HandlerContext, HandlersFor } from '../../rpc/handlers';
import type { Core } from '../createCore';

/** The first JSON object in a model's answer (a fence or a sentence around it is tolerated), else undefined. */
function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const v = JSON.parse(text.slice(start, end + 1)) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Pieces of a long text with the model at once: enough to hide a call's latency, few enough for provider rate limits. */
const MODEL_PIECES_AT_ONCE = 3;

const isCancel = (e: unknown) => e instanceof AppError && e.data.code === 'cancelled';

/**
 * The reading features: the same route handlers as /api/*, parsed for the renderer.
 * Model answers are cached (`refresh` bypasses and replaces) and every analysed
 * text is a history document (`memory`).
 */
export function readerHandlers(core: Core): HandlersFor<typeof readerMethods> {
  const memory = new ReaderMemory(core.answers, core.library);
  const locale = (ctx: HandlerContext) => ctx.meta.locale ?? core.settings.get().explanationLocale;
  /** The model of a task: its own choice, else the provider's one model, as the live catalog allows (modelChoice). */
  const chosen = (task: ModelTask = 'analysis') => taskModelChoice(core.settings.get(), core.models, task);
  /** Streams a route's answer with the task's model; the upstream hook records its usage (per task and document). */
  const run = (route: ModelRoute, task: ModelTask, body: Record<string, unknown>, ctx: HandlerContext, documentId?: number, onUsage?: (u: UsageRecord) => void) =>
    streamPlanText(
      core.upstreams,
      route({ body: { ...chosen(task), ...body }, locale: locale(ctx), models: core.models }),
      { signal: ctx.signal, timeoutMs: core.config.upstreamTimeoutMs, ...(documentId !== undefined ? { documentId } : {}) },
      (usage, plan) => {
        if (usage) onUsage?.({ promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0, cost: plan.provider === 'openrouter' ? (usage.cost ?? null) : null });
      },
    );
  /** Resolves the model key up front, so "no key" is an answer rather than a failure. */
  const modelUnavailable = async (): Promise<AppErrorData | undefined> => {
    try {
      await core.upstreams.key(chosen().provider, undefined);
      return undefined;
    } catch (e) {
      return toErrorData(e);
    }
  };

  async function* detail<D extends WordDetail>(
    ctx: HandlerContext,
    body: Record<string, unknown>,
    fields: readonly (keyof D & string)[],
    offline: () => Promise<D>,
    remember: { request: DetailRequest; refresh: boolean },
  ) {
    const choice = chosen('translation');
    const cached = remember.refresh ? undefined : memory.detail<D>(remember.request, choice, locale(ctx));
    if (cached) return { detail: cached, source: 'cache' as const };
    const unavailable = await modelUnavailable();
    if (unavailable) return { detail: await offline(), source: 'offline' as const, modelError: unavailable };
    let parsed: Record<string, unknown> | undefined;
    let shown = 0;
    // An answer that is not a JSON object (likelier from a model without structured outputs) is asked for once more.
    for (let attempt = 0; attempt < 2 && !parsed; attempt++) {
      let text = '';
      try {
        const gen = run(wordDetailRoute, 'translation', { ...body, useStream: true }, ctx, remember.request.documentId);
        for await (const delta of gen) {
          text += delta;
          const partial = partialFields(text, fields);
          const count = Object.keys(partial).length;
          if (count > shown) {
            shown = count;
            yield partial as Partial<D>;
          }
        }
      } catch (e) {
        if (isCancel(e) || ctx.signal.aborted) throw e;
        if (text === '' && attempt === 0) return { detail: await offline(), source: 'offline' as const, modelError: toErrorData(e) };
        throw e;
      }
      parsed = jsonObjectOf(text);
    }
    if (!parsed) throw new AppError({ code: 'upstream_error', message: 'The model answered with something that is not JSON.' });
    const out = Object.fromEntries(fields.map((f) => [f, typeof parsed[f] === 'string' ? parsed[f] : ''])) as unknown as D;
    if (Object.values(out).some((v) => v !== '')) memory.rememberDetail(remember.request, choice, locale(ctx), out);
    return { detail: out, source: 'model' as const };
  }

  const offlineDetail = async (word: string, sentence: string, offset: number | undefined, signal: AbortSignal): Promise<WordDetail> => {
    const info = await offlineWordInfo(core.analyzer, word, sentence, { offset, signal });
    return {
      chineseTranslation: '',
      dictionaryForm: info.dictionaryForm,
      explanation: '',
      conjugation: '',
      example: '',
      exampleTranslation: '',
      pos: info.pos,
      furigana: info.furigana,
    };
  };

  return {
    'reader.analyze': async function* (ctx, { text, offlineOnly, refresh, source, history }) {
      const total = text.length;
      const choice = chosen('analysis');
      const documentId = history ? memory.document(text, source) : undefined;
      // A stored model analysis needs neither the network nor the analyzer: one final chunk, as the model's would be.
      const cached = refresh ? undefined : memory.analysis(text, choice);
      if (cached) {
        yield { source: 'model', range: { start: 0, end: total }, tokens: cached, final: true, progress: { done: total, total }, documentId };
        memory.analysed(documentId, cached, 'model');
        return { tokens: cached, source: 'cache', documentId };
      }
      let offline: Token[] | undefined;
      try {
        offline = await core.analyzer.tokenize(text, ctx.signal);
        yield { source: 'offline', range: { start: 0, end: total }, tokens: offline, final: true, progress: { done: 0, total }, documentId };
      } catch (e) {
        if (isCancel(e) || ctx.signal.aborted) throw e;
      }
      const unavailable = offlineOnly ? undefined : await modelUnavailable();
      if (offlineOnly || unavailable) {
        if (!offline) throw new AppError(unavailable ?? { code: 'internal', message: 'the offline analyzer failed' });
        memory.analysed(documentId, offline, 'offline');
        return { tokens: offline, source: 'offline', ...(unavailable ? { modelError: unavailable } : {}), documentId };
      }

      // Pieces go to the model up to MODEL_PIECES_AT_ONCE at a time; the reader gets them in text order.
      const pieces = splitForModel(text);
      let offset = 0;
      const starts = pieces.map((p) => (offset += p.length) - p.length);
      let modelError: AppErrorData | undefined;
      // What this analysis cost, summed over its pieces (and their second tries).
      let usage: UsageRecord | undefined;
      const addUsage = (u: UsageRecord) => {
        usage = {
          promptTokens: (usage?.promptTokens ?? 0) + u.promptTokens,
          completionTokens: (usage?.completionTokens ?? 0) + u.completionTokens,
          cost: u.cost === null ? (usage?.cost ?? null) : (usage?.cost ?? 0) + u.cost,
        };
      };
      const tokensOf: Token[][] = pieces.map(() => []);
      let offlinePieces = 0;
      type PieceChunk = Omit<AnalyzeChunk, 'progress'>;
      const analysePiece = async (piece: string, i: number, emit: (c: PieceChunk) => void, stop: AbortSignal) => {
        const range = { start: starts[i]!, end: starts[i]! + piece.length };
        const pieceCtx = { ...ctx, signal: AbortSignal.any([ctx.signal, stop]) };
        // A model that changed the text gets one more try; only the first try streams (a second would add to the first's tokens).
        for (let attempt = 0; attempt < 2 && !modelError; attempt++) {
          const extractor = new TokenExtractor();
          const streamed: Token[] = [];
          try {
            for await (const delta of run(analyzeRoute, 'analysis', { prompt: analyzePromptFor(piece), stream: true }, pieceCtx, documentId, addUsage)) {
              const fresh = extractor.push(delta);
              if (fresh.length === 0) continue;
              streamed.push(...fresh);
              if (attempt === 0) emit({ source: 'model', range, tokens: fresh, final: false });
            }
          } catch (e) {
            if (isCancel(e) || pieceCtx.signal.aborted) throw e;
            modelError ??= toErrorData(e);
            break;
          }
          const checked = reconcileTokens(piece, streamed);
          if (checked) {
            tokensOf[i] = checked;
            emit({ source: 'model', range, tokens: checked, final: true });
            return;
          }
        }
        // The model failed or changed the text twice: this piece keeps the offline analysis, marked as such.
        const fallback = await core.analyzer.tokenize(piece, pieceCtx.signal);
        tokensOf[i] = fallback;
        offlinePieces++;
        emit({ source: 'offline', range, tokens: fallback, final: true });
      };
      // Progress counts the pieces the reader has received whole, so it only grows.
      let done = 0;
      for await (const chunk of orderedPool(pieces, MODEL_PIECES_AT_ONCE, analysePiece)) {
        if (chunk.final) done += chunk.range.end - chunk.range.start;
        yield { ...chunk, progress: { done, total } };
      }

      const all = tokensOf.flat();
      // Only a complete model analysis is cached: a partly offline one asks the model again next time.
      if (offlinePieces === 0) memory.rememberAnalysis(text, choice, all);
      memory.analysed(documentId, all, offlinePieces > 0 ? 'offline' : 'model');
      return {
        tokens: all,
        source: modelError ? 'offline' : 'model',
        ...(modelError ? { modelError } : {}),
        ...(offlinePieces > 0 ? { offlinePieces } : {}),
        ...(usage ? { usage } : {}),
        documentId,
      };
    },

    'reader.analysisCached': async (_ctx, { text }) => memory.analysis(text, chosen('analysis')) !== undefined,

    'reader.translate': async function* (ctx, { text, refresh, documentId }) {
      const choice = chosen('translation');
      const cached = refresh ? undefined : memory.translation(text, choice, locale(ctx));
      if (cached !== undefined) {
        yield cached;
        // A hit rewrites nothing: it only puts the translation on the document when that one lacks it.
        memory.linkTranslation(text, locale(ctx), cached, documentId);
        return { text: cached, source: 'cache' };
      }
      let out = '';
      for await (const delta of run(translateRoute, 'translation', { text, stream: true }, ctx, documentId)) {
        out += delta;
        yield delta;
      }
      memory.rememberTranslation(text, choice, locale(ctx), out, documentId);
      return { text: out, source: 'model' };
    },

    'reader.wordDetail': (ctx, { word, sentence, pos, furigana, offset, refresh, documentId }) =>
      detail<WordDetail>(ctx, { word, sentence, pos, furigana }, WORD_DETAIL_FIELDS, () => offlineDetail(word, sentence, offset, ctx.signal), {
        request: { kind: 'word', word, sentence, pos, furigana, offset, documentId },
        refresh,
      }),

    'reader.phraseDetail': (ctx, { phrase, sentence, refresh, documentId }) =>
      detail<PhraseDetail>(
        ctx,
        { word: phrase, sentence, kind: 'phrase' },
        PHRASE_FIELDS,
        async () => ({
          ...(await offlineDetail(phrase, sentence, undefined, ctx.signal)),
          category: '',
          breakdown: '',
        }),
        { request: { kind: 'phrase', word: phrase, sentence, pos: '', documentId }, refresh },
      ),

    'ocr.extract': async function* (ctx, { imageData, prompt, refresh }) {
      const choice = chosen('imageText');
      const cached = refresh ? undefined : memory.ocr(imageData, prompt, choice);
      if (cached !== undefined) {
        yield cached;
        return { text: cached, source: 'cache' };
      }
      let out = '';
      for await (const delta of run(imageToTextRoute, 'imageText', { imageData, prompt, stream: true }, ctx)) {
        out += delta;
        yield delta;
      }
      memory.rememberOcr(imageData, prompt, choice, out);
      return { text: out, source: 'model' };
    },

    'chat.send': async function* (ctx, { messages, context }) {
      const withContext = context
        ? [{ role: 'system', content: `The learner is reading this text; questions may refer to it:\n\n${context}` }, ...messages]
        : messages;
      let out = '';
      for await (const delta of run(chatRoute, 'chat', { messages: withContext, useStream: true }, ctx)) {
        out += delta;
        yield delta;
      }
      return { text: out };
    },

    'tts.speak': (ctx, { refresh, ...request }) => speak(core, { ...settingsVoice(core), ...request }, { signal: ctx.signal, refresh }),

    'daily.get': async (ctx, { refresh }) => {
      try {
        const sentence = await core.daily.get(dailyGenerator(core, undefined), { refresh });
        memory.daily(sentence, locale(ctx));
        return sentence;
      } catch (e) {
        throw new AppError({ ...toErrorData(e), code: 'upstream_unavailable', status: 503 });
      }
    },
  };
}
