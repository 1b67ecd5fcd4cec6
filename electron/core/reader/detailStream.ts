import { AppError, toErrorData } from '../../../shared/result';
import type { WordDetail } from '../../../shared/domain';
import { offlineWordInfo, type Analyzer } from '../analyzer';
import { wordDetailPlan, type WordDetailInput } from '../models/modelTasks';
import { isCancel, type ModelRunner, type ReaderCall } from './modelRunner';
import { partialFields } from './partialFields';
import type { DetailRequest, ReaderMemory } from './readerMemory';

/** The first JSON object in a model's answer (a fence or a sentence around it is tolerated), else undefined. */
export function jsonObjectOf(text: string): Record<string, unknown> | undefined {
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

/** What the analyzer alone knows of a word in its sentence: the fields a model would fill stay empty. */
export async function offlineDetail(analyzer: Analyzer, word: string, sentence: string, offset: number | undefined, signal: AbortSignal): Promise<WordDetail> {
  const info = await offlineWordInfo(analyzer, word, sentence, { offset, signal });
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
}

export interface DetailJob<D extends WordDetail> {
  input: Omit<WordDetailInput, 'stream'>;
  fields: readonly (keyof D & string)[];
  offline: () => Promise<D>;
  request: DetailRequest;
  refresh: boolean;
}

/**
 * An explanation of a word or phrase: cached, else streamed from the model field
 * by field, else (no key, or the model failed before its first token) the offline one.
 */
export async function* streamDetail<D extends WordDetail>(runner: ModelRunner, memory: ReaderMemory, call: ReaderCall, job: DetailJob<D>) {
  const choice = runner.resolve('translation', call.meta);
  const { model, locale } = choice;
  const cached = job.refresh ? undefined : memory.detail<D>(job.request, model, locale);
  if (cached) return { detail: cached, source: 'cache' as const };
  const unavailable = await runner.unavailable(choice);
  if (unavailable) return { detail: await job.offline(), source: 'offline' as const, modelError: unavailable };
  let parsed: Record<string, unknown> | undefined;
  let shown = 0;
  // An answer that is not a JSON object (likelier from a model without structured outputs) is asked for once more.
  for (let attempt = 0; attempt < 2 && !parsed; attempt++) {
    let text = '';
    try {
      const gen = runner.stream(choice, wordDetailPlan, { ...job.input, stream: true }, call, { documentId: job.request.documentId });
      for await (const delta of gen) {
        text += delta;
        const partial = partialFields(text, job.fields);
        const count = Object.keys(partial).length;
        if (count > shown) {
          shown = count;
          yield partial as Partial<D>;
        }
      }
    } catch (e) {
      if (isCancel(e) || call.signal.aborted) throw e;
      if (text === '' && attempt === 0) return { detail: await job.offline(), source: 'offline' as const, modelError: toErrorData(e) };
      throw e;
    }
    parsed = jsonObjectOf(text);
  }
  if (!parsed) throw new AppError({ code: 'upstream_error', message: 'The model answered with something that is not JSON.' });
  const out = Object.fromEntries(job.fields.map((f) => [f, typeof parsed[f] === 'string' ? parsed[f] : ''])) as unknown as D;
  if (Object.values(out).some((v) => v !== '')) memory.rememberDetail(job.request, model, locale, out);
  return { detail: out, source: 'model' as const };
}
