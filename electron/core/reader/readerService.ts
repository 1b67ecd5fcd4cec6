import type { DailySentence, PhraseDetail, WordDetail } from '../../../shared/domain';
import { WORD_DETAIL_FIELDS } from '../../../shared/domain';
import { backupSentenceFor } from '../../../shared/backupSentences';
import { AppError, isMissingKey, toErrorData } from '../../../shared/result';
import type { Analyzer } from '../analyzer';
import type { AnswerCache } from '../cache/answerCache';
import type { DailyService } from '../daily/dailyService';
import type { Library } from '../library/library';
import { dailyGenerator } from '../models/dailyGenerator';
import { settingsVoice, speak, type SpeakDeps } from '../models/speak';
import type { TtsRequest } from '../tts';
import type { ChatMessage } from '../prompts/jsonSchema';
import { PHRASE_FIELDS } from '../prompts/wordDetail';
import { analyzeText, type AnalyzeRequest } from './analysis';
import { offlineDetail, streamDetail } from './detailStream';
import { createModelRunner, type ModelRunnerDeps, type ReaderCall } from './modelRunner';
import { ReaderMemory } from './readerMemory';
import { chatAnswer, imageText, translateText } from './textAnswers';
import type { WordIdentity } from '../words/wordIdentity';

export type ReaderDeps = ModelRunnerDeps &
  SpeakDeps & {
    answers: AnswerCache;
    library: Library;
    analyzer: Analyzer;
    daily: Pick<DailyService, 'get' | 'today'>;
    words: WordIdentity;
  };

interface WordDetailRequest {
  word: string;
  sentence: string;
  pos: string;
  furigana?: string | undefined;
  offset?: number | undefined;
  refresh: boolean;
  documentId?: number | undefined;
}

/**
 * The reading features, for the contract handlers: the model tasks run with the
 * chosen models, their answers cached (`refresh` bypasses and replaces), and
 * every analysed text kept as a history document.
 */
export function createReaderService(deps: ReaderDeps) {
  const memory = new ReaderMemory(deps.answers, deps.library);
  const runner = createModelRunner(deps);
  const { analyzer } = deps;

  return {
    analyze: (call: ReaderCall, request: AnalyzeRequest) => analyzeText({ runner, memory, words: deps.words }, call, request),

    analysisCached: (text: string) => memory.analysis(text, runner.resolve('analysis', {}).model) !== undefined,

    translate: (call: ReaderCall, request: { text: string; refresh: boolean; documentId?: number | undefined }) => translateText({ runner, memory }, call, request),

    wordDetail: (call: ReaderCall, { word, sentence, pos, furigana, offset, refresh, documentId }: WordDetailRequest) =>
      streamDetail<WordDetail>(runner, memory, call, {
        input: { word, sentence, pos, ...(furigana !== undefined ? { furigana } : {}) },
        fields: WORD_DETAIL_FIELDS,
        offline: () => offlineDetail(analyzer, word, sentence, offset, call.signal),
        request: { kind: 'word', word, sentence, pos, furigana, offset, documentId },
        refresh,
      }),

    phraseDetail: (call: ReaderCall, { phrase, sentence, refresh, documentId }: { phrase: string; sentence: string; refresh: boolean; documentId?: number | undefined }) =>
      streamDetail<PhraseDetail>(runner, memory, call, {
        input: { word: phrase, sentence, kind: 'phrase' },
        fields: PHRASE_FIELDS,
        offline: async () => ({ ...(await offlineDetail(analyzer, phrase, sentence, undefined, call.signal)), category: '', breakdown: '' }),
        request: { kind: 'phrase', word: phrase, sentence, pos: '', documentId },
        refresh,
      }),

    ocr: (call: ReaderCall, request: { imageData: string; prompt?: string | undefined; refresh: boolean }) => imageText({ runner, memory }, call, request),

    chat: (call: ReaderCall, request: { messages: ChatMessage[]; context?: string | undefined }) => chatAnswer({ runner }, call, request),

    /** Speech in the settings' voice unless the request names another. */
    speak: (call: ReaderCall, { refresh, ...request }: Omit<TtsRequest, 'model'> & { refresh: boolean }) =>
      speak(deps, { ...settingsVoice(deps), ...request }, { signal: call.signal, refresh }),

    /** Today's sentence, kept as a `daily` document; any failure is "the sentence is unavailable". */
    async daily(call: ReaderCall, { refresh }: { refresh: boolean }): Promise<DailySentence> {
      try {
        const sentence = await deps.daily.get(dailyGenerator(deps, undefined), { refresh }).catch(async (e: unknown) => {
          // No key (and no sentence of today stored): a quiet start, a built-in sentence marked as such, no failed request.
          if (!isMissingKey(toErrorData(e))) throw e;
          const today = deps.daily.today();
          const [y, m, d] = today.split('-').map(Number) as [number, number, number];
          return { ...backupSentenceFor(new Date(y, m - 1, d, 12)), date: today };
        });
        if (sentence.builtIn) return { ...sentence, tokens: await deps.words.align(sentence.text, sentence.tokens, call.signal).catch(() => sentence.tokens) };
        memory.daily(sentence, runner.translationLocale(runner.locale(call)));
        // The sentence's words keyed like any text's; unkeyed when the analyzer cannot run.
        return { ...sentence, tokens: await deps.words.align(sentence.text, sentence.tokens, call.signal).catch(() => sentence.tokens) };
      } catch (e) {
        throw new AppError({ ...toErrorData(e), code: 'upstream_unavailable', status: 503 });
      }
    },
  };
}

export type ReaderService = ReturnType<typeof createReaderService>;
