import { create } from 'zustand';
import type { AppInfo, PushEvents } from '../../../shared/contract';
import { bridge } from '../bridge';

export type Page = 'reader' | 'settings' | 'history' | 'review' | 'books' | 'stats';
type Notice = PushEvents['app.notice'] & { id: number };

interface AppState {
  page: Page;
  info: AppInfo | null;
  notices: Notice[];
  go(page: Page): void;
  loadInfo(): Promise<void>;
  dismiss(id: number): void;
  /** A notice of the renderer's own (already in the UI language). */
  notify(message: string): void;
}

let nextId = 1;

export const useApp = create<AppState>((set) => ({
  page: 'reader',
  info: null,
  notices: [],
  go: (page) => set({ page }),
  async loadInfo() {
    const r = await bridge.call('app.info');
    if (r.ok) set({ info: r.value });
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
  notify: (message) => set((s) => ({ notices: [...s.notices, { kind: 'info', message, id: nextId++ }] })),
}));

bridge.on('app.notice', (n) => useApp.setState((s) => ({ notices: [...s.notices, { ...n, id: nextId++ }] })));
