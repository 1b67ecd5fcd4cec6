import type { TextResult } from '../../../shared/contract/reader';
import { chatPlan, imageToTextPlan, translatePlan } from '../models/modelTasks';
import type { ChatMessage } from '../prompts/jsonSchema';
import type { ModelRunner, ReaderCall } from './modelRunner';
import type { ReaderMemory } from './readerMemory';

interface Deps {
  runner: ModelRunner;
  memory: ReaderMemory;
}

/** A text's translation into the call's language: cached, else streamed and kept (on its document too). */
export async function* translateText(
  { runner, memory }: Deps,
  call: ReaderCall,
  { text, refresh, documentId }: { text: string; refresh: boolean; documentId?: number | undefined },
): AsyncGenerator<string, TextResult, void> {
  const explained = runner.resolve('translation', call.meta);
  // A translation into Japanese of a Japanese text means nothing: with explanations in Japanese it goes to the UI language.
  const locale = runner.translationLocale(explained.locale);
  const choice = { ...explained, locale };
  const { model } = choice;
  const cached = refresh ? undefined : memory.translation(text, model, locale);
  if (cached !== undefined) {
    yield cached;
    // A hit rewrites nothing: it only puts the translation on the document when that one lacks it.
    memory.linkTranslation(text, locale, cached, documentId);
    return { text: cached, source: 'cache' };
  }
  // The runner yields the deltas and returns the whole answer.
  const out = yield* runner.stream(choice, translatePlan, { text, stream: true }, call, { ...(documentId !== undefined ? { documentId } : {}) });
  memory.rememberTranslation(text, model, locale, out, documentId);
  return { text: out, source: 'model' };
}

/** The text in an image: cached, else streamed and kept. */
export async function* imageText(
  { runner, memory }: Deps,
  call: ReaderCall,
  { imageData, prompt, refresh }: { imageData: string; prompt?: string | undefined; refresh: boolean },
): AsyncGenerator<string, TextResult, void> {
  const choice = runner.resolve('imageText', call.meta);
  const cached = refresh ? undefined : memory.ocr(imageData, prompt, choice.model);
  if (cached !== undefined) {
    yield cached;
    return { text: cached, source: 'cache' };
  }
  const out = yield* runner.stream(choice, imageToTextPlan, { imageData, ...(prompt !== undefined ? { prompt } : {}), stream: true }, call);
  memory.rememberOcr(imageData, prompt, choice.model, out);
  return { text: out, source: 'model' };
}

/** A tutor's answer to the conversation, with the text being read as its context. */
export async function* chatAnswer(
  { runner }: Pick<Deps, 'runner'>,
  call: ReaderCall,
  { messages, context }: { messages: ChatMessage[]; context?: string | undefined },
): AsyncGenerator<string, { text: string }, void> {
  const withContext: ChatMessage[] = context ? [{ role: 'system', content: `The learner is reading this text; questions may refer to it:\n\n${context}` }, ...messages] : messages;
  return { text: yield* runner.stream(runner.resolve('chat', call.meta), chatPlan, { messages: withContext, stream: true }, call) };
}
