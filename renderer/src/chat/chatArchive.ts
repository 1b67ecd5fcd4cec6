/**
 * Where conversations are kept, per document. The seam for persistence: the
 * default keeps them for the session in memory; the offline feature registers a
 * SQLite-backed archive with `setChatArchive` and the chat store uses it as is.
 */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ConversationSummary {
  docId: string;
  /** The start of the document (or of the first question, for a chat without text). */
  title: string;
  turns: number;
  updatedAt: number;
}

export interface ChatArchive {
  load(docId: string): Promise<ChatTurn[]>;
  save(docId: string, title: string, turns: ChatTurn[]): Promise<void>;
  list(): Promise<ConversationSummary[]>;
  remove(docId: string): Promise<void>;
}

export function memoryChatArchive(): ChatArchive {
  const store = new Map<string, { title: string; turns: ChatTurn[]; updatedAt: number }>();
  return {
    load: async (docId) => [...(store.get(docId)?.turns ?? [])],
    async save(docId, title, turns) {
      if (turns.length === 0) store.delete(docId);
      else store.set(docId, { title, turns: [...turns], updatedAt: Date.now() });
    },
    list: async () =>
      [...store.entries()]
        .map(([docId, c]) => ({ docId, title: c.title, turns: c.turns.length, updatedAt: c.updatedAt }))
        .sort((a, b) => b.updatedAt - a.updatedAt),
    remove: async (docId) => void store.delete(docId),
  };
}

let archive: ChatArchive = memoryChatArchive();

export function setChatArchive(a: ChatArchive): void {
  archive = a;
}

export function chatArchive(): ChatArchive {
  return archive;
}

/** A short title for a conversation list. */
export function conversationTitle(docText: string | null, firstQuestion: string): string {
  const source = (docText ?? '').trim() || firstQuestion.trim();
  const line = source.split('\n')[0] ?? '';
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
