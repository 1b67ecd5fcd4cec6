import { describe, expect, it, vi } from 'vitest';
import type { ChatThread } from '../../../../shared/contract/library';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { bridgeChatArchive, setChatArchive } = await import('../../../../renderer/src/chat/chatArchive');
const { useReader } = await import('../../../../renderer/src/stores/readerStore');
const { useChat } = await import('../../../../renderer/src/stores/chatStore');

// A tiny SQLite stand-in behind the contract: threads by id.
const threads = new Map<number, ChatThread>();
let nextId = 1;
b.answers.set('library.saveChat', (documentId, messages, chatId) => {
  const id = (chatId as number | undefined) ?? nextId++;
  const t: ChatThread = { id, documentId: documentId as number, messages: messages as ChatThread['messages'], createdAt: 1, updatedAt: id };
  threads.set(id, t);
  return { ok: true, value: t };
});
b.answers.set('library.chats', (documentId) => ({ ok: true, value: [...threads.values()].filter((t) => t.documentId === documentId).reverse() }));
setChatArchive(bridgeChatArchive(b.bridge as never));

async function reply(text: string, ok = true) {
  const s = b.last('chat.send')!;
  if (ok) s.finish({ ok: true, value: { text } });
  else s.finish({ ok: false, error: { code: 'upstream_error', message: text, status: 500 } });
  await settle(20);
}

describe('chatStore: conversations saved per document', () => {
  it('saves under the reader’s history document, continues the same conversation, lists and reopens', async () => {
    useReader.getState().setInput('猫が好き。');
    useReader.getState().analyze();
    b.last('reader.analyze')!.push({ source: 'offline', range: { start: 0, end: 5 }, tokens: [{ word: '猫が好き。', pos: 'noun', furigana: '' }], final: true, progress: { done: 5, total: 5 }, documentId: 9 });
    await settle(20);
    expect(useChat.getState().documentId).toBe(9);

    useChat.getState().send('質問1');
    expect(b.last('chat.send')!.args[0]).toMatchObject({ messages: [{ role: 'user', content: '質問1' }], context: '猫が好き。' });
    await reply('答え1');
    expect(useChat.getState().chatId).toBe(1);
    useChat.getState().send('質問2');
    await reply('答え2');
    expect(threads.get(1)!.messages.map((m) => m.content)).toEqual(['質問1', '答え1', '質問2', '答え2']);
    expect(threads.size).toBe(1);

    useChat.getState().newConversation();
    useChat.getState().send('別');
    await reply('別の答え');
    expect(threads.size).toBe(2);
    expect(useChat.getState().conversations.map((c) => c.id)).toEqual([2, 1]);

    useChat.getState().reopen(1);
    expect(useChat.getState().turns.map((t) => t.content)).toEqual(['質問1', '答え1', '質問2', '答え2']);
    useChat.getState().send('質問3');
    await reply('答え3');
    expect(threads.get(1)!.messages).toHaveLength(6);
    expect(threads.size).toBe(2);
  });

  it('a failed reply is kept as an error and retried with the same question', async () => {
    useChat.getState().newConversation();
    useChat.getState().send('もう一度？');
    await reply('down', false);
    expect(useChat.getState()).toMatchObject({ status: 'error', error: { message: 'down' } });
    useChat.getState().retry();
    expect(b.last('chat.send')!.args[0]).toMatchObject({ messages: [{ role: 'user', content: 'もう一度？' }] });
    await reply('はい');
    expect(useChat.getState().turns.map((t) => t.content)).toEqual(['もう一度？', 'はい']);
    expect(useChat.getState().status).toBe('idle');
  });

  it('a reply cut short by a stalled stream keeps the part that arrived on screen, with the error and a retry', async () => {
    useChat.getState().newConversation();
    useChat.getState().send('猫とは？');
    const s = b.last('chat.send')!;
    s.push('猫は動物です。');
    s.push('そして');
    await settle(20);
    s.finish({
      ok: false,
      error: { code: 'mid_stream_error', message: 'The model stopped sending for 90 s; the answer is cut short.', details: { idle: true, partialText: '猫は動物です。そして' } },
    });
    await settle(20);
    const state = useChat.getState();
    expect(state.status).toBe('error');
    expect(state.error?.details).toMatchObject({ idle: true });
    expect(state.turns.map((t) => t.content)).toEqual(['猫とは？', '猫は動物です。そして']);
    // Retry asks the same question again; the partial reply is replaced by the new one.
    useChat.getState().retry();
    expect(b.last('chat.send')!.args[0]).toMatchObject({ messages: [{ role: 'user', content: '猫とは？' }] });
    await reply('猫は動物です。かわいいです。');
    expect(useChat.getState().turns.map((t) => t.content)).toEqual(['猫とは？', '猫は動物です。かわいいです。']);
  });

  it('a new text starts a new conversation; without a document nothing is saved', async () => {
    const saves = b.calls.filter((c) => c.method === 'library.saveChat').length;
    useReader.getState().clear();
    expect(useChat.getState()).toMatchObject({ documentId: null, turns: [], chatId: null });
    useChat.getState().send('一般的な質問');
    await reply('答え');
    expect(b.calls.filter((c) => c.method === 'library.saveChat').length).toBe(saves);
  });
});
