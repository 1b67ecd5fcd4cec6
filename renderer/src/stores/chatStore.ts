import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import { chatArchive, type ChatTurn, type SavedConversation } from '../chat/chatArchive';
import { reportModelOutcome } from './modelOutcome';
import { onDocChanged, useReader } from './readerStore';
import { streamRunner, textDeltas } from './runStream';
import { useSettings } from './settingsStore';

/** The contract caps the context; the start of a long text is what questions are about. */
const CONTEXT_MAX = 20_000;

interface ChatState {
  open: boolean;
  /** The history document the conversation is about (saved in SQLite); null: a general chat, kept for the session. */
  documentId: number | null;
  /** The saved conversation being continued; null until its first save (or for a new one). */
  chatId: number | null;
  turns: ChatTurn[];
  /** The reply being written, shown below the turns while it streams. */
  pending: string | null;
  status: 'idle' | 'streaming' | 'error';
  error: AppErrorData | null;
  useContext: boolean;
  /** The document's saved conversations, most recent first. */
  conversations: SavedConversation[];
  setOpen(open: boolean): void;
  setUseContext(on: boolean): void;
  send(text: string): void;
  /** Asks again for the reply that failed (the last question is kept). */
  retry(): void;
  stop(): void;
  /** Starts a new conversation; the current one stays saved and listed. */
  newConversation(): void;
  refreshList(): Promise<void>;
  /** Reopens a saved conversation of the current document. */
  reopen(chatId: number): void;
}

const runs = streamRunner();
/** Which conversation (by a session-local key) was saved under which id, so saves never fork one conversation. */
let convKey = 0;
const savedIds = new Map<number, number>();
let saving: Promise<unknown> = Promise.resolve();

function currentText(): string | null {
  const doc = useReader.getState().doc;
  return doc ? doc.text : null;
}

export const useChat = create<ChatState>((set, get) => {
  /** Asks for a reply to `turns` (ending with the learner's question). */
  const request = (turns: ChatTurn[]) => {
    const run = runs.begin();
    set({ turns, pending: '', status: 'streaming', error: null });
    const docText = currentText();
    const context = get().useContext && docText ? docText.slice(0, CONTEXT_MAX) : undefined;
    const s = bridge.stream('chat.send', { messages: turns, ...(context ? { context } : {}) });
    const streaming = useSettings.getState().settings.streaming;
    const retry = () => get().retry();
    /** A stop or a failure: what arrived before it stays, so the learner keeps the part they read. */
    const cutShort = (partial: string, error: AppErrorData | null) => {
      const kept: ChatTurn[] = partial.trim() ? [...get().turns, { role: 'assistant', content: partial }] : get().turns;
      set({ turns: kept, pending: null, status: error ? 'error' : 'idle', error });
      persist();
    };
    void run.follow(
      s,
      textDeltas({
        progress: streaming ? (pending) => set({ pending }) : null,
        done(value) {
          reportModelOutcome(undefined, retry);
          set({ turns: [...get().turns, { role: 'assistant', content: value.text }], pending: null, status: 'idle' });
          persist();
        },
        stopped: (partial) => cutShort(partial, null),
        failed(error, partial) {
          reportModelOutcome(error, retry);
          cutShort(partial, error);
        },
      }),
    );
  };

  const reset = (patch: Partial<ChatState>) => {
    runs.abort();
    convKey++;
    set({ chatId: null, turns: [], pending: null, status: 'idle', error: null, ...patch });
  };

  return {
    open: false,
    documentId: null,
    chatId: null,
    turns: [],
    pending: null,
    status: 'idle',
    error: null,
    useContext: true,
    conversations: [],
    setOpen(open) {
      set({ open });
      if (open) void get().refreshList();
    },
    setUseContext: (useContext) => set({ useContext }),
    send(text) {
      const content = text.trim();
      if (!content || get().status === 'streaming') return;
      request([...get().turns, { role: 'user', content }]);
    },
    retry() {
      if (get().status === 'streaming') return;
      const turns = get().turns;
      const lastUser = turns.map((t) => t.role).lastIndexOf('user');
      if (lastUser < 0) return;
      // A partial reply kept from the failed attempt is replaced by the new one.
      request(turns.slice(0, lastUser + 1));
    },
    stop() {
      runs.stop();
    },
    newConversation() {
      reset({});
    },
    async refreshList() {
      const documentId = get().documentId;
      if (documentId === null) return set({ conversations: [] });
      try {
        const conversations = await chatArchive().list(documentId);
        if (get().documentId === documentId) set({ conversations });
      } catch {
        // The list stays as it was; the conversation itself is unaffected.
      }
    },
    reopen(chatId) {
      const found = get().conversations.find((c) => c.id === chatId);
      if (!found) return;
      reset({ chatId, turns: found.turns });
      savedIds.set(convKey, chatId);
    },
  };
});

/** Saves the current conversation under its document (a general chat is not kept). */
function persist(): void {
  const { documentId, turns } = useChat.getState();
  if (documentId === null || !turns.some((t) => t.role === 'user')) return;
  const key = convKey;
  // One save at a time, so a conversation's first save has named it before the next.
  saving = saving
    .then(async () => {
      const saved = await chatArchive().save(documentId, turns, savedIds.get(key) ?? null);
      savedIds.set(key, saved.id);
      if (key === convKey) useChat.setState({ chatId: saved.id });
      if (useChat.getState().documentId === documentId) await useChat.getState().refreshList();
    })
    .catch(() => undefined); // not kept this time; the next turn saves it again
}

// Each document has its own conversations: a new text starts a new one.
onDocChanged(() => {
  useChat.getState().newConversation();
  useChat.setState({ documentId: null, conversations: [] });
});

// The history document is named once its analysis starts; a question asked before that is saved under it.
useReader.subscribe((s, prev) => {
  if (s.documentId === prev.documentId) return;
  useChat.setState({ documentId: s.documentId, conversations: [] });
  if (s.documentId === null) return;
  const chat = useChat.getState();
  void chat.refreshList();
  // A reply still streaming is saved when it ends.
  if (chat.chatId === null && chat.status !== 'streaming') persist();
});
