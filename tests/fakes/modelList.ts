/**
 * The providers' model lists for the fakes: OpenRouter's `GET /api/v1/models`
 * (`{ data: [...] }`, prices as decimal strings in USD per token) and Gemini's
 * `GET /v1beta/models` (`{ models: [...], nextPageToken }`, paged).
 *
 *   generateOpenRouterModels(n)   n realistic entries (vendors, `:free` variants, text-only and
 *                                 image-input models, some with structured outputs), the eight
 *                                 built-in ids among them
 *   MALFORMED_OPENROUTER_ENTRIES  entries a validating reader must skip
 *   openRouterModelsBody(list)    what the gateway sends
 *   generateGeminiModels()        Gemini's list (chat, TTS and embedding models)
 *   geminiModelsPage(list, pageSize, token)  one page and its nextPageToken
 */
import { MODELS } from '../../shared/catalog';

export interface FakeModelListControl {
  /** Entries served by `GET /models` (mutable: add a model "released today"). */
  entries: unknown[];
  /** 'ok' serves `entries`; 'error' answers 503; 'malformed' answers JSON that is not a model list. */
  mode: 'ok' | 'error' | 'malformed';
}

const VENDORS = ['openai', 'anthropic', 'google', 'meta-llama', 'mistralai', 'qwen', 'deepseek', 'x-ai', 'cohere', 'nousresearch', 'microsoft', 'amazon'];
const SIZES = ['mini', 'small', 'medium', 'large', 'pro', 'flash', 'lite', 'turbo', 'instruct', 'chat'];

interface OpenRouterEntry {
  id: string;
  name: string;
  context_length: number;
  pricing: { prompt: string; completion: string; image?: string; request: string };
  architecture: { modality: string; input_modalities: string[]; output_modalities: string[]; tokenizer: string };
  supported_parameters: string[];
  created: number;
  description: string;
}

/** USD per million → OpenRouter's decimal string per token. */
const perToken = (perMillion: number) => (perMillion / 1e6).toFixed(12).replace(/0+$/, '').replace(/\.$/, '') || '0';

export function openRouterEntry(id: string, o: { name?: string; prompt?: number; completion?: number; image?: boolean; structured?: boolean; context?: number } = {}): OpenRouterEntry {
  const free = id.endsWith(':free');
  const image = o.image ?? false;
  const params = ['max_tokens', 'temperature', 'top_p', 'stop', 'seed'];
  if (o.structured ?? false) params.push('response_format', 'structured_outputs');
  return {
    id,
    name: o.name ?? id,
    created: 1_750_000_000,
    description: `Fake model ${id}`,
    context_length: o.context ?? 128_000,
    pricing: {
      prompt: free ? '0' : perToken(o.prompt ?? 0.5),
      completion: free ? '0' : perToken(o.completion ?? 1.5),
      ...(image ? { image: free ? '0' : '0.001238' } : {}),
      request: '0',
    },
    architecture: {
      modality: image ? 'text+image->text' : 'text->text',
      input_modalities: image ? ['text', 'image'] : ['text'],
      output_modalities: ['text'],
      tokenizer: 'Other',
    },
    supported_parameters: params,
  };
}

/** `n` entries, deterministic: the built-in ids first, then generated ones. */
export function generateOpenRouterModels(n = 320): OpenRouterEntry[] {
  const out: OpenRouterEntry[] = MODELS.openrouter.map((id) =>
    openRouterEntry(id, {
      name: id,
      image: id.startsWith('google/') || id.startsWith('openai/') || id.startsWith('anthropic/'),
      structured: !id.startsWith('anthropic/') && !id.startsWith('meta-llama/'),
      prompt: id === 'google/gemini-2.5-flash' ? 0.3 : 0.4,
      completion: id === 'google/gemini-2.5-flash' ? 2.5 : 1.6,
      context: 1_048_576,
    }),
  );
  for (let i = 0; out.length < n; i++) {
    const vendor = VENDORS[i % VENDORS.length]!;
    const size = SIZES[Math.floor(i / VENDORS.length) % SIZES.length]!;
    const version = 1 + Math.floor(i / (VENDORS.length * SIZES.length));
    const free = i % 9 === 4;
    const id = `${vendor}/model-${version}-${size}${free ? ':free' : ''}`;
    out.push(
      openRouterEntry(id, {
        name: `${vendor[0]!.toUpperCase()}${vendor.slice(1)}: Model ${version} ${size[0]!.toUpperCase()}${size.slice(1)}${free ? ' (free)' : ''}`,
        prompt: 0.05 + (i % 37) * 0.11,
        completion: 0.2 + (i % 23) * 0.47,
        image: i % 3 === 0,
        structured: i % 2 === 0,
        context: [32_768, 65_536, 128_000, 200_000, 1_000_000][i % 5],
      }),
    );
  }
  return out;
}

export const MALFORMED_OPENROUTER_ENTRIES: unknown[] = [
  { id: 'broken/no-pricing', name: 'No pricing', context_length: 1000 },
  { id: 'broken/price-not-a-number', name: 'Bad price', context_length: 1000, pricing: { prompt: 'cheap', completion: '0.000001' } },
  { name: 'No id', pricing: { prompt: '0', completion: '0' } },
  'not an object',
  null,
];

export function openRouterModelsBody(entries: unknown[]): { data: unknown[] } {
  return { data: entries };
}

interface GeminiEntry {
  name: string;
  version: string;
  displayName: string;
  description: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
  supportedGenerationMethods: string[];
}

export function geminiEntry(id: string, displayName = id, methods = ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent']): GeminiEntry {
  return { name: `models/${id}`, version: '001', displayName, description: `Fake ${displayName}`, inputTokenLimit: 1_048_576, outputTokenLimit: 65_536, supportedGenerationMethods: methods };
}

export function generateGeminiModels(): unknown[] {
  return [
    ...MODELS.gemini.map((id) => geminiEntry(id, id.replace(/^gemini/, 'Gemini').replace(/-/g, ' '))),
    geminiEntry('gemini-2.0-flash', 'Gemini 2.0 Flash'),
    geminiEntry('gemini-2.0-flash-lite', 'Gemini 2.0 Flash-Lite'),
    geminiEntry('gemini-flash-latest', 'Gemini Flash Latest'),
    geminiEntry('gemma-3-27b-it', 'Gemma 3 27B'),
    geminiEntry('gemini-2.5-flash-preview-tts', 'Gemini 2.5 Flash Preview TTS', ['countTokens', 'generateContent']),
    geminiEntry('gemini-embedding-001', 'Gemini Embedding 001', ['embedContent', 'countTextTokens']),
    { name: 'not-a-model-name', displayName: 'Malformed', supportedGenerationMethods: ['generateContent'] },
  ];
}

/** One page of `list`: `pageToken` is the index of its first entry. */
export function geminiModelsPage(list: unknown[], pageSize: number, pageToken: string | null): { models: unknown[]; nextPageToken?: string } {
  const start = pageToken ? Number(pageToken) || 0 : 0;
  const next = start + pageSize;
  return { models: list.slice(start, next), ...(next < list.length ? { nextPageToken: String(next) } : {}) };
}

/** The gateway's answer to `GET /models` under `control`. */
export function openRouterModelsAnswer(control: FakeModelListControl): { status: number; body: unknown } {
  if (control.mode === 'error') return { status: 503, body: { error: { code: 503, message: 'Service Unavailable' } } };
  if (control.mode === 'malformed') return { status: 200, body: { models: 'nothing here' } };
  return { status: 200, body: openRouterModelsBody(control.entries) };
}

export function defaultModelListControl(): FakeModelListControl {
  return { entries: [...generateOpenRouterModels(320), ...MALFORMED_OPENROUTER_ENTRIES], mode: 'ok' };
}
