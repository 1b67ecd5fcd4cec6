/**
 * Japanese as an explanation language: word panels and the tutor chat are asked for
 * Japanese, a text's translation goes to the UI language instead, and the setting takes 'ja'.
 * Real core, real SQLite, the fake gateway records what each prompt asked.
 */
import { describe, expect, it } from 'vitest';
import type { DetailResult, TextResult } from '../../../shared/contract/reader';
import type { WordDetail } from '../../../shared/domain';
import { callOk, streamResult } from '../../support/dispatch';
import { useReaderStack } from '../../support/readerStack';

const stack = useReaderStack('sk-or-japanese-explanations');
const ja = { locale: 'ja' };

/** The system prompt of the last chat-completion request the fake gateway saw. */
function lastSystemPrompt(): string {
  const req = stack.gw.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
  const messages = (req.body as { messages: Array<{ role: string; content: unknown }> }).messages;
  return messages.filter((m) => m.role === 'system').map((m) => String(m.content)).join('\n');
}

describe('explanations in Japanese', () => {
  it('the setting accepts ja (and the UI language stays one of the four)', async () => {
    const settings = await callOk<{ explanationLocale: string; uiLocale: string }>(stack.core, 'settings.set', { explanationLocale: 'ja', uiLocale: 'ko' });
    expect(settings.explanationLocale).toBe('ja');
    await expect(callOk(stack.core, 'settings.set', { uiLocale: 'ja' })).rejects.toThrow();
  });

  it('a word panel asks for Japanese explanations', async () => {
    await streamResult<Partial<WordDetail>, DetailResult<WordDetail>>(stack.core, 'reader.wordDetail', [{ word: '猫', sentence: '猫が好きです。', pos: 'noun' }], ja);
    const prompt = lastSystemPrompt();
    expect(prompt).toContain('Japanese (ja)');
    expect(prompt).toContain('日本語');
  });

  it('the tutor chat answers in Japanese', async () => {
    await streamResult(stack.core, 'chat.send', [{ messages: [{ role: 'user', content: 'は と が の違いは？' }] }], ja);
    expect(lastSystemPrompt()).toContain('Japanese (ja)');
  });

  it('a translation goes to the UI language, never into Japanese', async () => {
    await streamResult<string, TextResult>(stack.core, 'reader.translate', [{ text: '雨が降っています。' }], ja);
    const prompt = lastSystemPrompt();
    expect(prompt).toContain('Korean (ko)');
    expect(prompt).not.toContain('Japanese (ja)');
  });
});
