import { describe, expect, it } from 'vitest';
import type { ChatThread } from '../../../../shared/contract/library';
import type { Result } from '../../../../shared/result';
import { bridgeChatArchive, conversationTitle, type ChatArchiveBridge } from '../../../../renderer/src/chat/chatArchive';

describe('chat archive seam', () => {
  it('the SQLite archive goes through library.saveChat and library.chats', async () => {
    const calls: unknown[][] = [];
    const thread = (id: number, messages: ChatThread['messages']): ChatThread => ({ id, documentId: 7, messages, createdAt: 1, updatedAt: 2 });
    const stub = {
      async call(method: string, ...args: unknown[]): Promise<Result<unknown>> {
        calls.push([method, ...args]);
        if (method === 'library.chats') return { ok: true, value: [thread(3, [{ role: 'user', content: 'saved' }])] };
        if (method === 'library.saveChat') return { ok: true, value: thread((args[2] as number | undefined) ?? 9, args[1] as ChatThread['messages']) };
        return { ok: false, error: { code: 'not_found', message: 'nope' } };
      },
    } as unknown as ChatArchiveBridge;
    const a = bridgeChatArchive(stub);
    expect(await a.list(7)).toEqual([{ id: 3, documentId: 7, turns: [{ role: 'user', content: 'saved' }], updatedAt: 2 }]);
    // A reply stopped before any text is not sent (the contract refuses empty messages).
    const saved = await a.save(7, [{ role: 'user', content: 'q' }, { role: 'assistant', content: ' ' }], null);
    expect(saved.id).toBe(9);
    await a.save(7, [{ role: 'user', content: 'q' }], 9);
    expect(calls).toEqual([
      ['library.chats', 7],
      ['library.saveChat', 7, [{ role: 'user', content: 'q' }]],
      ['library.saveChat', 7, [{ role: 'user', content: 'q' }], 9],
    ]);
  });

  it('reports a failed call as an error', async () => {
    const stub = { call: async () => ({ ok: false, error: { code: 'not_found', message: 'no document 7' } }) } as unknown as ChatArchiveBridge;
    await expect(bridgeChatArchive(stub).list(7)).rejects.toThrow('no document 7');
  });

  it('titles a conversation by its first question', () => {
    expect(conversationTitle([{ role: 'user', content: '一行目\n二行目' }])).toBe('一行目');
    expect(conversationTitle([{ role: 'assistant', content: 'x' }, { role: 'user', content: '  質問です ' }])).toBe('質問です');
    expect(conversationTitle([{ role: 'user', content: 'あ'.repeat(50) }])).toBe(`${'あ'.repeat(40)}…`);
    expect(conversationTitle([])).toBe('');
  });
});
