import { create } from 'zustand';
import type { CatalogModel, ModelList, Provider } from '../../../shared/catalog';
import type { AppErrorData } from '../../../shared/result';
import { estimateAnalysisCost } from '../../../shared/usage';
import { bridge } from '../bridge';
import { useReader } from './readerStore';
import { useSettings } from './settingsStore';

/** An analysis waiting for the learner's yes: its estimate is above their limit. */
export interface CostPrompt {
  estimate: number;
  limit: number;
  chars: number;
  model: string;
  refresh: boolean;
}

interface ModelsState {
  lists: Partial<Record<Provider, ModelList>>;
  refreshing: Partial<Record<Provider, boolean>>;
  error: AppErrorData | null;
  prompt: CostPrompt | null;
  load(provider: Provider): Promise<ModelList | undefined>;
  refresh(provider: Provider): Promise<void>;
  /** Analyses the input, after asking when the estimate is above the limit. */
  requestAnalysis(opts?: { refresh?: boolean }): Promise<void>;
  confirm(): void;
  cancel(): void;
}

/**
 * The model an analysis runs with (the catalog's replacement of a missing one): its
 * id, and its catalog entry with prices when there is one (Gemini answers carry no price).
 */
export async function analysisModel(): Promise<{ id: string; model?: CatalogModel }> {
  const settings = useSettings.getState().settings;
  const provider = settings.provider;
  const wanted = settings.taskModels[provider].analysis ?? settings.models[provider];
  const store = useModels.getState();
  const list = provider === 'openrouter' ? (store.lists[provider] ?? (await store.load(provider))) : undefined;
  const id = list?.replaced?.find((r) => r.model === wanted)?.replacement ?? wanted;
  const model = list?.models.find((m) => m.id === id);
  return { id, ...(model ? { model } : {}) };
}

/** Whether the analysis of `text` would come from the answer cache; a failed check counts as not cached (the question is asked). */
async function isCached(text: string): Promise<boolean> {
  const r = await bridge.call('reader.analysisCached', { text });
  return r.ok && r.value;
}

/** The catalogs (for the pickers and the estimate) and the pre-analysis cost question. */
export const useModels = create<ModelsState>((set, get) => ({
  lists: {},
  refreshing: {},
  error: null,
  prompt: null,

  async load(provider) {
    const r = await bridge.call('gateway.listModels', provider);
    if (!r.ok) {
      set({ error: r.error });
      return undefined;
    }
    set((s) => ({ lists: { ...s.lists, [provider]: r.value }, error: null }));
    return r.value;
  },

  async refresh(provider) {
    set((s) => ({ refreshing: { ...s.refreshing, [provider]: true } }));
    const r = await bridge.call('gateway.refreshModels', provider);
    set((s) => ({
      refreshing: { ...s.refreshing, [provider]: false },
      ...(r.ok ? { lists: { ...s.lists, [provider]: r.value }, error: null } : { error: r.error }),
    }));
  },

  async requestAnalysis(opts = {}) {
    const text = useReader.getState().input;
    if (text.trim() === '') return;
    const settings = useSettings.getState().settings;
    const { model } = await analysisModel();
    if (model) {
      const estimate = estimateAnalysisCost(text.length, model);
      // A cached analysis costs nothing: no question (unless `refresh` asks the model again).
      if (estimate > settings.costLimitUsd && (opts.refresh || !(await isCached(text)))) {
        set({ prompt: { estimate, limit: settings.costLimitUsd, chars: text.length, model: model.id, refresh: opts.refresh ?? false } });
        return;
      }
    }
    useReader.getState().analyze(opts);
  },

  confirm() {
    const p = get().prompt;
    set({ prompt: null });
    if (p) useReader.getState().analyze(p.refresh ? { refresh: true } : undefined);
  },

  cancel: () => set({ prompt: null }),
}));
