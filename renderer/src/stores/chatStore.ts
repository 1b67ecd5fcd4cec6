import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/result';
import { bridge, type BridgeStream } from '../bridge';
import { chatArchive, conversationTitle, type ChatTurn, type ConversationSummary } from '../chat/chatArchive';
import { reportModelError } from '../errors/limitReporting';
import { noteOutcome } from './connectivityStore';
import { onDocChanged, useReader } from './readerStore';
import { useSettings } from './settingsStore';

/** The contract caps the context; the start of a long text is what questions are about. */
const CONTEXT_MAX = 20_000;
/** A chat without a document still has a key. */
export const NO_DOC = 'no-doc';

interface ChatState {
  open: boolean;
  docId: string;
  turns: ChatTurn[];
  /** The reply being written, shown below the turns while it streams. */
  pending: string | null;
  status: 'idle' | 'streaming' | 'error';
  error: AppErrorData | null;
  useContext: boolean;
  conversations: ConversationSummary[];
  setOpen(open: boolean): void;
  setUseContext(on: boolean): void;
  send(text: string): void;
  stop(): void;
  clear(): void;
  refreshList(): Promise<void>;
  switchTo(docId: string): Promise<void>;
}

let running: BridgeStream<string, { text: string }> | null = null;
let runId = 0;

function currentText(): string | null {
  const doc = useReader.getState().doc;
  return doc ? doc.text : null;
}

export const useChat = create<ChatState>((set, get) => {
  const persist = async () => {
    const { docId, turns } = get();
    const first = turns.find((t) => t.role === 'user')?.content ?? '';
    await chatArchive().save(docId, conversationTitle(docId === NO_DOC ? null : currentText(), first), turns);
    await get().refreshList();
  };

  return {
    open: false,
    docId: NO_DOC,
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
      const turns: ChatTurn[] = [...get().turns, { role: 'user', content }];
      const id = ++runId;
      set({ turns, pending: '', status: 'streaming', error: null });
      const docText = currentText();
      const context = get().useContext && docText ? docText.slice(0, CONTEXT_MAX) : undefined;
      const s = bridge.stream('chat.send', { messages: turns, ...(context ? { context } : {}) });
      running = s;
      const streaming = useSettings.getState().settings.streaming;
      void (async () => {
        let acc = '';
        for await (const delta of s) {
          if (id !== runId) return;
          acc += delta;
          if (streaming) set({ pending: acc });
        }
        const r = await s.result;
        if (id !== runId) return;
        running = null;
        if (r.ok) {
          noteOutcome(undefined);
          set({ turns: [...get().turns, { role: 'assistant', content: r.value.text }], pending: null, status: 'idle' });
        } else {
          const cancelled = r.error.code === 'cancelled';
          if (!cancelled) {
            noteOutcome(r.error);
            reportModelError(r.error);
          }
          // What arrived before a stop stays, so the learner keeps the part they read.
          const kept: ChatTurn[] = acc.trim() ? [...get().turns, { role: 'assistant', content: acc }] : get().turns;
          set({ turns: kept, pending: null, status: cancelled ? 'idle' : 'error', error: cancelled ? null : r.error });
        }
        await persist();
      })();
    },
    stop() {
      running?.cancel();
    },
    clear() {
      running?.cancel();
      runId++;
      set({ turns: [], pending: null, status: 'idle', error: null });
      void persist();
    },
    async refreshList() {
      set({ conversations: await chatArchive().list() });
    },
    async switchTo(docId) {
      running?.cancel();
      const id = ++runId;
      const turns = await chatArchive().load(docId);
      if (id !== runId) return;
      set({ docId, turns, pending: null, status: 'idle', error: null });
    },
  };
});

// Each document has its own conversation.
onDocChanged((doc) => void useChat.getState().switchTo(doc ? doc.id : NO_DOC));
