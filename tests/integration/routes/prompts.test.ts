/** What reaches the model: locale in the prompts, the tutor prompt, structured output, line breaks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLocale } from '../../../shared/locales';
import { LOCALE_STYLE } from '../../../electron/core/prompts/localeStyle';
import { APP_MESSAGES } from '../../../shared/messages';
import { chatRequests, errorBody, lastChatBody, post, startRoutesEnv, type RoutesEnv, type UpstreamChatBody } from '../../support/routesHarness';

let env: RoutesEnv;
beforeAll(async () => {
  env = await startRoutesEnv();
});
afterAll(async () => {
  await env.close();
});

const systemPrompt = (b: UpstreamChatBody): string => {
  const first = b.messages[0];
  expect(first?.role).toBe('system');
  return String(first?.content);
};

const LANGUAGE: Array<[header: string | undefined, name: string]> = [
  [undefined, 'Simplified Chinese'],
  ['zh-CN', 'Simplified Chinese'],
  ['zh-TW', 'Traditional Chinese'],
  ['en', 'English'],
  ['ko', 'Korean'],
  ['fr', 'Simplified Chinese'],
  ['EN', 'Simplified Chinese'],
];
const OTHER_NAMES = ['Simplified Chinese', 'Traditional Chinese', 'English', 'Korean'];

const LOCALE_ROUTES: Array<[string, Record<string, unknown>]> = [
  ['/api/translate', { text: '猫が好きです。' }],
  ['/api/word-detail', { word: '猫', sentence: '猫が好きです。', pos: 'noun' }],
  ['/api/word-detail', { word: '猫が好き', sentence: '猫が好きです。', kind: 'phrase' }],
  ['/api/chat', { messages: [{ role: 'user', content: '「が」とは？' }], useStream: false }],
];

describe.each(LOCALE_ROUTES)('X-App-Locale reaches the prompt of %s %j', (route, body) => {
  it.each(LANGUAGE)('locale %s → %s', async (header, name) => {
    const res = await post(env.url, route, body, header ? { 'X-App-Locale': header } : {});
    expect(res.status).toBe(200);
    const prompt = systemPrompt(lastChatBody(env.gw));
    expect(prompt).toContain(name);
    for (const other of OTHER_NAMES.filter((n) => n !== name)) expect(prompt).not.toContain(other);
    // Built per locale: the locale's own wording comes with its name.
    expect(prompt).toContain(LOCALE_STYLE[parseLocale(header)].instruction);
  });
});

describe('chat', () => {
  it('puts the tutor system prompt in front of the conversation, which passes unchanged', async () => {
    const messages = [
      { role: 'user', content: 'こんにちは' },
      { role: 'assistant', content: 'こんにちは！' },
      { role: 'user', content: [{ type: 'text', text: '「は」と「が」の違いは？' }] },
    ];
    await post(env.url, '/api/chat', { messages, useStream: false }, { 'X-App-Locale': 'en' });
    const sent = lastChatBody(env.gw);
    expect(sent.messages).toHaveLength(4);
    expect(systemPrompt(sent)).toMatch(/Japanese tutor/);
    expect(sent.messages.slice(1)).toEqual(messages);
    expect(sent.response_format).toBeUndefined();
  });
});

describe('structured routes send a strict json_schema', () => {
  const strict = (b: UpstreamChatBody) => {
    expect(b.response_format?.type).toBe('json_schema');
    expect(b.response_format?.json_schema.strict).toBe(true);
    expect(typeof b.response_format?.json_schema.name).toBe('string');
    return b.response_format!.json_schema.schema;
  };

  it('analyze: tokens of word, pos, furigana; the prompt goes in as the user message', async () => {
    await post(env.url, '/api/analyze', { prompt: '分析して：猫が好き。' });
    const sent = lastChatBody(env.gw);
    const schema = strict(sent) as { required: string[]; properties: { tokens: { items: { required: string[] } } } };
    expect(schema.required).toEqual(['tokens']);
    expect(schema.properties.tokens.items.required).toEqual(['word', 'pos', 'furigana']);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '分析して：猫が好き。' });
  });

  it('word-detail (word): the eight word fields, no category/breakdown; pos and furigana in the prompt', async () => {
    await post(env.url, '/api/word-detail', { word: '好き', sentence: '猫が好きです。', pos: 'adjective', furigana: 'すき' });
    const sent = lastChatBody(env.gw);
    const schema = strict(sent);
    expect([...(schema.required ?? [])].sort()).toEqual(
      ['chineseTranslation', 'dictionaryForm', 'explanation', 'conjugation', 'example', 'exampleTranslation', 'pos', 'furigana'].sort(),
    );
    const user = String(sent.messages.at(-1)?.content);
    for (const part of ['好き', '猫が好きです。', 'adjective', 'すき']) expect(user).toContain(part);
  });

  it('word-detail (phrase): adds category and breakdown, and pos is not required', async () => {
    const res = await post(env.url, '/api/word-detail', { word: '猫が好き', sentence: '猫が好きです。', kind: 'phrase' });
    expect(res.status).toBe(200);
    const schema = strict(lastChatBody(env.gw));
    expect(schema.required).toEqual(expect.arrayContaining(['category', 'breakdown', 'chineseTranslation', 'pos']));
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['category', 'breakdown']));
  });

  it('word-detail: pos is required for a word (any kind but phrase)', async () => {
    const before = chatRequests(env.gw).length;
    for (const kind of [undefined, 'word', 'sentence']) {
      const res = await post(env.url, '/api/word-detail', { word: '猫', sentence: '猫が好き。', ...(kind ? { kind } : {}) });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(errorBody(APP_MESSAGES.missingParam('pos')));
    }
    expect(chatRequests(env.gw)).toHaveLength(before);
  });
});

describe('translate', () => {
  it('sends the text with its paragraphs and line breaks exactly, unstructured', async () => {
    const text = '一行目です。\n二行目です。\n\n新しい段落。\r\n  字下げ。';
    await post(env.url, '/api/translate', { text });
    const sent = lastChatBody(env.gw);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: text });
    expect(systemPrompt(sent)).toMatch(/line breaks/);
    expect(sent.response_format).toBeUndefined();
  });
});

describe('image-to-text', () => {
  it('sends the image as an image_url part with the caller’s prompt', async () => {
    const imageData = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    await post(env.url, '/api/image-to-text', { imageData, prompt: '縦書きを読んで' });
    const content = lastChatBody(env.gw).messages.at(-1)?.content as Array<Record<string, unknown>>;
    expect(content).toEqual(
      expect.arrayContaining([
        { type: 'text', text: '縦書きを読んで' },
        { type: 'image_url', image_url: { url: imageData } },
      ]),
    );
  });
});
