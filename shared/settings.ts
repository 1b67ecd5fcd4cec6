import { z } from 'zod';
import { DEFAULT_GEMINI_TTS_MODEL, DEFAULT_MODEL, EDGE_GENDERS, GEMINI_VOICES, LOCAL_API_URL_PATTERN, MODEL_ID_PATTERN, PROVIDERS, TTS_PROVIDERS } from './catalog';
import { EXPLANATION_LOCALES, LOCALES } from './locales';
import { LOOKUP_KEYS, ShortcutOverridesSchema } from './shortcuts';
import { DEFAULT_COST_LIMIT_USD } from './usage';

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** `unknown`: readings over new and learning words only (word knowledge), none over known ones. */
export const FURIGANA_MODES = ['always', 'unknown', 'hover', 'off'] as const;
export type FuriganaMode = (typeof FURIGANA_MODES)[number];

// Only the shape here: whether the catalog offers the model is the core's business (a model released today is valid today).
const modelFor = (p: (typeof PROVIDERS)[number]) => z.string().regex(MODEL_ID_PATTERN, { message: `not a ${p} model id` });
/** Per task; a task without a choice (or null: "same as analysis") uses `models[provider]`, the one model of earlier versions. */
const taskModelsFor = (p: (typeof PROVIDERS)[number]) =>
  z.object({ analysis: modelFor(p).nullish(), translation: modelFor(p).nullish(), imageText: modelFor(p).nullish(), chat: modelFor(p).nullish() });

/** User settings. Every field has a default so a first launch needs no setup. */
export const SettingsSchema = z.object({
  uiLocale: z.enum(LOCALES).default('zh-CN'),
  explanationLocale: z.enum(EXPLANATION_LOCALES).default('zh-CN'),
  /** Until the learner picks a language in Settings, the interface follows the system (shared/systemLocale.ts). */
  uiLocaleChosen: z.boolean().default(false),
  explanationLocaleChosen: z.boolean().default(false),
  /** The first-run welcome, once closed, stays closed. */
  welcomeDismissed: z.boolean().default(false),
  /** The learner closed the invitation to add a key: none is shown again (Settings' key section still offers one). */
  keyInviteDismissed: z.boolean().default(false),
  theme: z.enum(THEMES).default('system'),
  provider: z.enum(PROVIDERS).default('openrouter'),
  models: z
    .object({
      openrouter: modelFor('openrouter').default(DEFAULT_MODEL.openrouter),
      gemini: modelFor('gemini').default(DEFAULT_MODEL.gemini),
      local: modelFor('local').default(DEFAULT_MODEL.local),
    })
    .default({ openrouter: DEFAULT_MODEL.openrouter, gemini: DEFAULT_MODEL.gemini, local: DEFAULT_MODEL.local }),
  taskModels: z
    .object({ openrouter: taskModelsFor('openrouter').default({}), gemini: taskModelsFor('gemini').default({}), local: taskModelsFor('local').default({}) })
    .default({ openrouter: {}, gemini: {}, local: {} }),
  /** The local model server's base URL; null: `LOCAL_API_URL` (default Ollama's `http://127.0.0.1:11434/v1`). */
  localApiUrl: z.string().max(500).regex(LOCAL_API_URL_PATTERN, { message: 'not an http(s) URL' }).nullable().default(null),
  /** Ask before analysing a text whose estimated cost is above this (USD). */
  costLimitUsd: z.number().min(0).max(100).default(DEFAULT_COST_LIMIT_USD),
  streaming: z.boolean().default(true),
  furiganaMode: z.enum(FURIGANA_MODES).default('always'),
  showRomaji: z.boolean().default(false),
  tts: z
    .object({
      provider: z.enum(TTS_PROVIDERS).default('edge'),
      gender: z.enum(EDGE_GENDERS).default('female'),
      rate: z.number().int().min(-100).max(100).default(0),
      geminiVoice: z.enum(GEMINI_VOICES).default('Kore'),
      geminiModel: z.string().min(1).max(200).default(DEFAULT_GEMINI_TTS_MODEL),
    })
    .default({ provider: 'edge', gender: 'female', rate: 0, geminiVoice: 'Kore', geminiModel: DEFAULT_GEMINI_TTS_MODEL }),
  /** Audio cache cap in megabytes (least recently used audio is evicted beyond it). */
  audioCacheMb: z.number().int().min(10).max(100_000).default(500),
  /** Browser-mode sharing beyond loopback; needs an access code. */
  sharing: z.boolean().default(false),
  analytics: z.boolean().default(false),
  /** Linux only: accept Electron's `basic_text` key storage (no real encryption). */
  allowInsecureKeyStorage: z.boolean().default(false),
  /** Held while pointing at a word (or pressed once over it), shows its offline dictionary entries; 'hover': hovering alone does, after a short rest; 'off': never. */
  dictionaryHoverKey: z.enum(LOOKUP_KEYS).default('shift'),
  /** A review card whose FSRS stability reaches this many days makes its word known (else learning). */
  reviewKnownAfterDays: z.number().int().min(1).max(3650).default(21),
  /** Each counted word shows its status (new, learning) by a subtle mark in texts, books and the daily sentence. */
  wordStatusMarks: z.boolean().default(true),
  /** The learner's changes to the keyboard shortcuts (shared/shortcuts.ts); the defaults are not stored. */
  shortcuts: ShortcutOverridesSchema.default({}),
  /** Characters to read a day (reading statistics: the daily goal and the streak). */
  readingGoalChars: z.number().int().min(100).max(1_000_000).default(3000),
});
export type Settings = z.infer<typeof SettingsSchema>;

type NoDefaults<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? T : S[K] };
/** Zod 4 applies `.default()` even under `.partial()`, so a patch would reset every field it does not name. */
function withoutDefaults<S extends z.ZodRawShape>(shape: S): NoDefaults<S> {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v instanceof z.ZodDefault ? v.unwrap() : v])) as NoDefaults<S>;
}

/** A partial update: top-level fields, nested objects partially; it carries only the fields it names. */
export const SettingsPatchSchema = z
  .object({
    ...withoutDefaults(SettingsSchema.shape),
    models: z.object(withoutDefaults(SettingsSchema.shape.models.unwrap().shape)).partial(),
    tts: z.object(withoutDefaults(SettingsSchema.shape.tts.unwrap().shape)).partial(),
    taskModels: z.object({ openrouter: taskModelsFor('openrouter').partial(), gemini: taskModelsFor('gemini').partial(), local: taskModelsFor('local').partial() }).partial(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.input<typeof SettingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});
