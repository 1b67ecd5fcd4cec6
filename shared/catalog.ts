/** Providers, their model allow-lists and defaults, and TTS voices: one module the core and the UI share. */
export const PROVIDERS = ['openrouter', 'gemini'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const DEFAULT_PROVIDER: Provider = 'openrouter';

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
};

export const DEFAULT_MODEL: Record<Provider, string> = {
  openrouter: 'google/gemini-2.5-flash',
  gemini: 'gemini-2.5-flash',
};

/** Seed rule: an unknown provider is the default provider. */
export function resolveProvider(value: unknown): Provider {
  return value === 'gemini' ? 'gemini' : DEFAULT_PROVIDER;
}

/** Seed rule: a model outside the allow-list is replaced by the provider's default. */
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
