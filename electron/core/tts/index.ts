/**
 * Speech synthesis for `/api/tts` and `tts.speak`: request normalization, the cache-key
 * fields, and dispatch to the Edge or Gemini client. Transport-free.
 */
import {
  DEFAULT_GEMINI_TTS_MODEL,
  DEFAULT_GEMINI_VOICE,
  EDGE_VOICES,
  GEMINI_VOICES,
  TTS_MAX_TEXT_CHARS,
  type EdgeGender,
  type GeminiVoice,
  type TtsProvider,
} from '../../../shared/catalog';
import type { AudioResult } from '../../../shared/domain';
import { AppError } from '../../../shared/result';
import { synthesizeEdge } from './edgeTts';
import { synthesizeGemini } from './geminiTts';
import { TTS_MESSAGES } from './messages';
import { clampRate } from './ssml';
import type { TtsAudio } from './types';

export type { TtsAudio } from './types';
export { DEFAULT_TTS_TIMEOUT_MS } from './types';
export { synthesizeEdge, type EdgeTtsOptions } from './edgeTts';
export { synthesizeGemini, type GeminiTtsOptions } from './geminiTts';

/** As it arrives from a request body: every field is checked before use. */
export interface TtsRequest {
  /** `edge` (default) or `gemini`; anything else is refused. */
  provider?: unknown;
  /** At most TTS_MAX_TEXT_CHARS characters. */
  text: unknown;
  /** Edge: `female` (default) or `male`. */
  gender?: unknown;
  /** Edge: percent, clamped to -100..100, default 0. */
  rate?: unknown;
  /** Gemini: one of GEMINI_VOICES (anything else is refused), default Kore. */
  voice?: unknown;
  /** Gemini: the TTS model from the settings, default DEFAULT_GEMINI_TTS_MODEL. */
  model?: unknown;
}

export type NormalizedTtsRequest =
  | { provider: 'edge'; text: string; gender: EdgeGender; voice: string; rate: number }
  | { provider: 'gemini'; text: string; voice: GeminiVoice; model: string };

/** Model names go into a URL path: anything odd falls back to the default. */
const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function normalizeTtsRequest(request: TtsRequest): NormalizedTtsRequest {
  const provider = request.provider ?? 'edge';
  if (provider !== 'edge' && provider !== 'gemini') {
    throw new AppError({ code: 'bad_request', message: TTS_MESSAGES.unsupportedProvider, status: 400 });
  }
  // Trimmed and NFC so that the same visible text is the same cache entry.
  const text = typeof request.text === 'string' ? request.text.normalize('NFC').trim() : '';
  if (text === '') throw new AppError({ code: 'bad_request', message: TTS_MESSAGES.missingText, status: 400 });
  if (text.length > TTS_MAX_TEXT_CHARS) throw new AppError({ code: 'bad_request', message: TTS_MESSAGES.textTooLong(TTS_MAX_TEXT_CHARS), status: 400 });

  if (provider === 'edge') {
    const gender: EdgeGender = request.gender === 'male' ? 'male' : 'female';
    return { provider, text, gender, voice: EDGE_VOICES[gender], rate: clampRate(request.rate) };
  }
  const voice = request.voice === undefined || request.voice === null ? DEFAULT_GEMINI_VOICE : GEMINI_VOICES.find((v) => v === request.voice);
  if (voice === undefined) throw new AppError({ code: 'bad_request', message: TTS_MESSAGES.unsupportedVoice(GEMINI_VOICES), status: 400 });
  const model = typeof request.model === 'string' && MODEL_NAME.test(request.model) ? request.model : DEFAULT_GEMINI_TTS_MODEL;
  return { provider, text, voice, model };
}

/** The fields that change the audio; what is not relevant to a provider is null. */
export interface TtsCacheKeyParts {
  provider: TtsProvider;
  /** The voice actually used (Edge: derived from `gender`). */
  voice: string;
  rate: number | null;
  model: string | null;
  text: string;
}

export function ttsCacheKeyParts(request: TtsRequest | NormalizedTtsRequest): TtsCacheKeyParts {
  const n = normalizeTtsRequest(request);
  return n.provider === 'edge'
    ? { provider: 'edge', voice: n.voice, rate: n.rate, model: null, text: n.text }
    : { provider: 'gemini', voice: n.voice, rate: null, model: n.model, text: n.text };
}

export interface TtsDeps {
  edgeTtsUrl: string;
  geminiNativeApiUrl: string;
  /** The caller's key, else the configured one. */
  geminiApiKey?: string;
  signal?: AbortSignal;
  /** Bound of the whole call (UPSTREAM_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Clock for the Edge token; tests inject one. */
  now?: () => number;
  /** Edge request size limit; tests lower it to exercise chunking. */
  edgeMaxChunkBytes?: number;
}

/** Throws AppError (bad_request, missing_key, timeout, cancelled, upstream_*, invalid_key, rate_limited). */
export async function synthesize(request: TtsRequest | NormalizedTtsRequest, deps: TtsDeps): Promise<TtsAudio> {
  const n = normalizeTtsRequest(request);
  if (n.provider === 'edge') {
    return synthesizeEdge(n.text, {
      url: deps.edgeTtsUrl,
      voice: n.voice,
      rate: n.rate,
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.edgeMaxChunkBytes !== undefined ? { maxChunkBytes: deps.edgeMaxChunkBytes } : {}),
    });
  }
  const apiKey = deps.geminiApiKey?.trim();
  if (!apiKey) throw new AppError({ code: 'missing_key', message: TTS_MESSAGES.missingKey, status: 401 });
  return synthesizeGemini(n.text, {
    baseUrl: deps.geminiNativeApiUrl,
    apiKey,
    model: n.model,
    voice: n.voice,
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
  });
}

/** The /api/tts audio result: base64 audio and its mime type. */
export function toAudioResult({ audio, mimeType }: TtsAudio): AudioResult {
  return { audio: audio.toString('base64'), mimeType };
}
