import { DEFAULT_SETTINGS, SettingsPatchSchema, SettingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings';
import { AppError } from '../../../shared/result';
import { markLocaleChoice } from '../../../shared/systemLocale';
import type { SettingsRepo } from '../store/settingsRepo';

type Listener = (s: Settings) => void;

/**
 * User settings over the settings table. Each top-level field is its own row, and
 * a stored value that no longer validates falls back to its default on its own,
 * so one bad row never resets the others.
 */
export class SettingsService {
  private cached: Settings | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly repo: SettingsRepo) {}

  get(): Settings {
    if (this.cached) return this.cached;
    const stored = this.repo.all();
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(SettingsSchema.shape) as (keyof Settings)[]) {
      const field = SettingsSchema.shape[key];
      const parsed = field.safeParse(stored.get(key));
      merged[key] = parsed.success ? parsed.data : DEFAULT_SETTINGS[key];
    }
    // Settings stored before the "chosen" flags existed: a stored language was a choice.
    for (const [locale, chosen] of [['uiLocale', 'uiLocaleChosen'], ['explanationLocale', 'explanationLocaleChosen']] as const) {
      if (!stored.has(chosen) && stored.has(locale)) merged[chosen] = true;
    }
    this.cached = SettingsSchema.parse(merged);
    return this.cached;
  }

  set(patch: SettingsPatch): Settings {
    const p = SettingsPatchSchema.safeParse(markLocaleChoice(patch));
    if (!p.success) throw new AppError({ code: 'bad_request', message: p.error.issues[0]?.message ?? 'invalid settings', status: 400 });
    const current = this.get();
    const next = SettingsSchema.parse({
      ...current,
      ...p.data,
      models: { ...current.models, ...p.data.models },
      tts: { ...current.tts, ...p.data.tts },
      taskModels: {
        openrouter: { ...current.taskModels.openrouter, ...p.data.taskModels?.openrouter },
        gemini: { ...current.taskModels.gemini, ...p.data.taskModels?.gemini },
        local: { ...current.taskModels.local, ...p.data.taskModels?.local },
      },
    });
    const changed: Record<string, unknown> = {};
    for (const key of Object.keys(p.data) as (keyof Settings)[]) changed[key] = next[key];
    this.repo.setMany(changed);
    this.cached = next;
    for (const l of this.listeners) l(next);
    return next;
  }

  /** Reads the table again (after a restore replaced it) and tells the listeners. */
  reload(): Settings {
    this.cached = undefined;
    const next = this.get();
    for (const l of this.listeners) l(next);
    return next;
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
