import { describe, expect, it } from 'vitest';
import { chatArchive, conversationTitle, memoryChatArchive, setChatArchive, type ChatArchive } from '../../../renderer/src/chat/chatArchive';

describe('chat archive seam', () => {
  it('keeps conversations per document and lists the latest first', async () => {
    const a = memoryChatArchive();
    await a.save('doc-1', '猫', [{ role: 'user', content: 'q1' }]);
    await new Promise((r) => setTimeout(r, 2));
    await a.save('doc-2', '犬', [{ role: 'user', content: 'q2' }, { role: 'assistant', content: 'a2' }]);
    expect(await a.load('doc-1')).toEqual([{ role: 'user', content: 'q1' }]);
    expect((await a.list()).map((c) => [c.docId, c.turns])).toEqual([
      ['doc-2', 2],
      ['doc-1', 1],
    ]);
    await a.save('doc-1', '猫', []);
    expect((await a.list()).map((c) => c.docId)).toEqual(['doc-2']);
    await a.remove('doc-2');
    expect(await a.list()).toEqual([]);
  });

  it('a persistent archive can replace the default', () => {
    const custom: ChatArchive = { load: async () => [], save: async () => undefined, list: async () => [], remove: async () => undefined };
    setChatArchive(custom);
    expect(chatArchive()).toBe(custom);
  });

  it('titles a conversation by the start of its text', () => {
    expect(conversationTitle('一行目\n二行目', 'q')).toBe('一行目');
    expect(conversationTitle(null, '  質問です ')).toBe('質問です');
    expect(conversationTitle('あ'.repeat(50), '')).toBe(`${'あ'.repeat(40)}…`);
  });
});
