/** Providers, their model allow-lists and defaults, and TTS voices: one module the core and the UI share. */
/** `local`: an OpenAI-compatible server on the learner's machine (Ollama, LM Studio, llama.cpp); no key, no price. */
export const PROVIDERS = ['openrouter', 'gemini', 'local'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const DEFAULT_PROVIDER = 'openrouter' satisfies Provider;

export const MODELS: Record<Provider, readonly string[]> = {
  openrouter: [
    'google/gemini-2.5-flash',
    'google/gemini-2.5-flash-lite',
    'google/gemini-2.5-pro',
    'openai/gpt-4o-mini',
    'openai/gpt-4.1-mini',
    'anthropic/claude-sonnet-4',
    'deepseek/deepseek-chat-v3-0324:free',
    'meta-llama/llama-3.3-70b-instruct:free',
  ],
  gemini: ['gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-2.5-pro'],
  // A local server's models are whatever the learner pulled: only its own list names them.
  local: [],
};

export const DEFAULT_MODEL: Record<Provider, string> = {
  openrouter: 'google/gemini-2.5-flash',
  gemini: 'gemini-2.5-flash',
  // Ollama's usual first pull; when the server lacks it, the catalog's best replacement is used.
  local: 'llama3.2',
};

/** Ollama's OpenAI-compatible address: the default of `LOCAL_API_URL`. */
export const DEFAULT_LOCAL_API_URL = 'http://127.0.0.1:11434/v1';
/** What the local server's base URL may look like (Settings): http(s) only. */
export const LOCAL_API_URL_PATTERN = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/;

/** An unknown provider is the default provider (the `/api` routes know only the two remote ones). */
export function resolveProvider(value: unknown): Exclude<Provider, 'local'> {
  return value === 'gemini' ? 'gemini' : DEFAULT_PROVIDER;
}

/** The app's own calls (Settings' provider) may also name `local`; anything unknown is the default provider. */
export function resolveAppProvider(value: unknown): Provider {
  return (PROVIDERS as readonly unknown[]).includes(value) ? (value as Provider) : DEFAULT_PROVIDER;
}

/** A model outside the allow-list is replaced by the provider's default. */
export function resolveModel(provider: Provider, value: unknown): string {
  return typeof value === 'string' && MODELS[provider].includes(value) ? value : DEFAULT_MODEL[provider];
}

export function isFreeModel(model: string): boolean {
  return model.endsWith(':free');
}

export const TTS_PROVIDERS = ['edge', 'gemini'] as const;
export type TtsProvider = (typeof TTS_PROVIDERS)[number];

export const EDGE_GENDERS = ['female', 'male'] as const;
export type EdgeGender = (typeof EDGE_GENDERS)[number];
export const EDGE_VOICES: Record<EdgeGender, string> = {
  female: 'ja-JP-NanamiNeural',
  male: 'ja-JP-KeitaNeural',
};

export const GEMINI_VOICES = ['Kore', 'Puck', 'Zephyr', 'Aoede', 'Leda', 'Charon'] as const;
export type GeminiVoice = (typeof GEMINI_VOICES)[number];
export const DEFAULT_GEMINI_VOICE: GeminiVoice = 'Kore';
/** The longest text one speech request may carry, in characters (UTF-16 units): `tts.speak` and `/api/tts` alike. */
export const TTS_MAX_TEXT_CHARS = 5_000;
export const DEFAULT_GEMINI_TTS_MODEL = 'gemini-2.5-flash-preview-tts';

/** The tasks a learner chooses a model for (Settings → Models). */
export const MODEL_TASKS = ['analysis', 'translation', 'imageText', 'chat'] as const;
export type ModelTask = (typeof MODEL_TASKS)[number];

/** What a model id may look like (OpenRouter `vendor/name[:variant]`, Gemini `gemini-…`); membership is the core's business. */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/:@+]{0,199}$/;

/** One catalog entry, as `gateway.listModels` returns it; prices in USD per million tokens. */
export interface CatalogModel {
  id: string;
  name: string;
  contextLength: number;
  promptPrice: number;
  completionPrice: number;
  free: boolean;
  inputModalities: string[];
  structuredOutputs: boolean;
}

export type CatalogSource = 'live' | 'stored' | 'builtin';

/** A default the catalog no longer lists, and the model used instead (shown as a notice in Settings). */
export interface ModelReplacement {
  model: string;
  replacement: string;
}

export interface ModelList {
  provider: Provider;
  source: CatalogSource;
  fetchedAt: string | null;
  models: CatalogModel[];
  /** Chosen or default models missing from this list, and what is used instead. */
  replaced?: ModelReplacement[];
  /**
   * The model each task runs with under the current settings, as the core decides it (a choice the list lacks
   * replaced, "same as analysis" for image text falling back to a model that reads images); null: no model of
   * this list can do the task. Set by `gateway.listModels` for the provider in use.
   */
  inUse?: Record<ModelTask, string | null>;
}

/** Prices of the built-in fallback: last known list prices, USD per million tokens. */
const BUILTIN_INFO: Record<string, [name: string, context: number, prompt: number, completion: number, image: boolean, structured: boolean]> = {
  'google/gemini-2.5-flash': ['Google: Gemini 2.5 Flash', 1_048_576, 0.3, 2.5, true, true],
  'google/gemini-2.5-flash-lite': ['Google: Gemini 2.5 Flash Lite', 1_048_576, 0.1, 0.4, true, true],
  'google/gemini-2.5-pro': ['Google: Gemini 2.5 Pro', 1_048_576, 1.25, 10, true, true],
  'openai/gpt-4o-mini': ['OpenAI: GPT-4o-mini', 128_000, 0.15, 0.6, true, true],
  'openai/gpt-4.1-mini': ['OpenAI: GPT-4.1 Mini', 1_047_576, 0.4, 1.6, true, true],
  'anthropic/claude-sonnet-4': ['Anthropic: Claude Sonnet 4', 200_000, 3, 15, true, false],
  'deepseek/deepseek-chat-v3-0324:free': ['DeepSeek: DeepSeek V3 0324 (free)', 163_840, 0, 0, false, true],
  'meta-llama/llama-3.3-70b-instruct:free': ['Meta: Llama 3.3 70B Instruct (free)', 131_072, 0, 0, false, false],
  'gemini-2.5-flash': ['Gemini 2.5 Flash', 1_048_576, 0, 0, true, true],
  'gemini-2.5-flash-lite': ['Gemini 2.5 Flash-Lite', 1_048_576, 0, 0, true, true],
  'gemini-2.5-pro': ['Gemini 2.5 Pro', 1_048_576, 0, 0, true, true],
};

/** The built-in list as catalog entries: the fallback when no catalog was ever fetched. */
export function builtinModels(provider: Provider): CatalogModel[] {
  return MODELS[provider].map((id) => {
    const [name, contextLength, promptPrice, completionPrice, image, structuredOutputs] = BUILTIN_INFO[id] ?? [id, 0, 0, 0, false, false];
    return { id, name, contextLength, promptPrice, completionPrice, free: isFreeModel(id), inputModalities: image ? ['text', 'image'] : ['text'], structuredOutputs };
  });
}

/** Which models a task may use: image text needs image input. */
export function modelsForTask(models: readonly CatalogModel[], task: ModelTask): CatalogModel[] {
  return task === 'imageText' ? models.filter((m) => m.inputModalities.includes('image')) : [...models];
}

/** Tasks with JSON answers (analysis; word and phrase detail): they prefer models with structured outputs. */
export function isStructuredTask(task: ModelTask): boolean {
  return task === 'analysis' || task === 'translation';
}
