import { create } from 'zustand';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../../shared/settings';
import type { AppErrorData } from '../../../shared/result';
import { bridge, setCallMeta } from '../bridge';
import { setUiLocale, systemLocale } from '../i18n';
import { withSystemLocale } from '../../../shared/systemLocale';

/** The stored settings as the interface uses them: languages not chosen follow the system. */
const effective = (s: Settings): Settings => withSystemLocale(s, systemLocale());

interface SettingsState {
  settings: Settings;
  loaded: boolean;
  error: AppErrorData | null;
  load(): Promise<void>;
  update(patch: SettingsPatch): Promise<boolean>;
  dismissError(): void;
}

/** Bumped by every update, so a slow initial load never overwrites a newer choice. */
let generation = 0;
/**
 * Updates still on their way. While one is, the core's answers to earlier ones (and their
 * settings.changed pushes) predate the learner's latest choice and would undo it on screen
 * (a checkbox ticked twice in a row flipped back), so only the newest answer is applied.
 */
let pending = 0;

export const useSettings = create<SettingsState>((set, get) => ({
  settings: effective(DEFAULT_SETTINGS),
  loaded: false,
  error: null,
  async load() {
    const started = generation;
    const r = await bridge.call('settings.get');
    if (started !== generation) return set({ loaded: true });
    if (r.ok) {
      const settings = effective(r.value);
      set({ settings, loaded: true, error: null });
      setUiLocale(settings.uiLocale);
    } else set({ loaded: true, error: r.error });
  },
  async update(patch) {
    const mine = ++generation;
    const before = get().settings;
    // Optimistic: the UI follows at once, and reverts if the core refuses.
    const taskModels = {
      openrouter: { ...before.taskModels.openrouter, ...patch.taskModels?.openrouter },
      gemini: { ...before.taskModels.gemini, ...patch.taskModels?.gemini },
    };
    set({ settings: { ...before, ...patch, models: { ...before.models, ...patch.models }, tts: { ...before.tts, ...patch.tts }, taskModels } as Settings });
    pending++;
    const r = await bridge.call('settings.set', patch).finally(() => pending--);
    const newest = mine === generation;
    if (r.ok) {
      if (newest) {
        const settings = effective(r.value);
        set({ settings, error: null });
        setUiLocale(settings.uiLocale);
      }
      return true;
    }
    // Refused: back to what the core holds (a newer choice stays if it was saved).
    if (newest) set({ settings: before, error: r.error });
    else {
      set({ error: r.error });
      void get().load();
    }
    return false;
  },
  dismissError: () => set({ error: null }),
}));

setCallMeta(() => ({ locale: useSettings.getState().settings.explanationLocale }));
bridge.on('settings.changed', (s) => {
  if (pending === 0) useSettings.setState({ settings: effective(s) });
});
