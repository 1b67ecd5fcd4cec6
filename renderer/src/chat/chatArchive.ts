/**
 * Where conversations are kept: per history document (`readerStore.documentId`),
 * several per document. At startup (main.tsx, before the first render) the app
 * registers the SQLite-backed archive (`bridgeChatArchive`, contract
 * `library.saveChat` / `library.chats`); tests register theirs the same way.
 */
import type { ChatThread } from '../../../shared/contract/library';
import type { Bridge } from '../bridge/bridge';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface SavedConversation {
  id: number;
  documentId: number;
  turns: ChatTurn[];
  updatedAt: number;
}

export interface ChatArchive {
  /** The document's conversations, most recent first. */
  list(documentId: number): Promise<SavedConversation[]>;
  /** Saves a new conversation (`id` null) or replaces the turns of conversation `id`. */
  save(documentId: number, turns: ChatTurn[], id: number | null): Promise<SavedConversation>;
}

/** The part of the bridge the archive needs (a plain object in tests). */
export type ChatArchiveBridge = Pick<Bridge, 'call'>;

const fromThread = (t: ChatThread): SavedConversation => ({ id: t.id, documentId: t.documentId, turns: t.messages, updatedAt: t.updatedAt });

/** Conversations in the app's SQLite database, through the contract. */
export function bridgeChatArchive(bridge: ChatArchiveBridge): ChatArchive {
  return {
    async list(documentId) {
      const r = await bridge.call('library.chats', documentId);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.map(fromThread);
    },
    async save(documentId, turns, id) {
      // The contract refuses empty messages; a turn stopped before any text is not kept.
      const messages = turns.filter((t) => t.content.trim() !== '');
      const r = id === null ? await bridge.call('library.saveChat', documentId, messages) : await bridge.call('library.saveChat', documentId, messages, id);
      if (!r.ok) throw new Error(r.error.message);
      return fromThread(r.value);
    },
  };
}

let archive: ChatArchive | undefined;

export function setChatArchive(a: ChatArchive): void {
  archive = a;
}

/** The registered archive; callers treat a failure as "not kept this time". */
export function chatArchive(): ChatArchive {
  if (!archive) throw new Error('no chat archive registered');
  return archive;
}

/** A short title for a conversation in a list: its first question. */
export function conversationTitle(turns: readonly ChatTurn[]): string {
  const first = turns.find((t) => t.role === 'user')?.content.trim() ?? '';
  const line = first.split('\n')[0] ?? '';
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
