/**
 * Gemini native text-to-speech: one `generateContent` call asking for the AUDIO modality.
 * The API answers raw PCM, which is wrapped as WAV so every player can take it.
 */
import { z } from 'zod';
import { AppError, type ErrorCode } from '../../../shared/result';
import { readResponseTextBounded } from '../net/boundedRead';
import { UPSTREAM_AUDIO_LIMIT_BYTES } from '../net/upstreamLimits';
import { startDeadline } from './deadline';
import { TTS_MESSAGES } from './messages';
import { transportFailure } from '../net/transportError';
import { DEFAULT_TTS_TIMEOUT_MS, type TtsAudio } from './types';
import { isWavMime, parsePcmMime, pcmToWav } from './wav';

export interface GeminiTtsOptions {
  /** GEMINI_NATIVE_API_URL, e.g. https://generativelanguage.googleapis.com/v1beta */
  baseUrl: string;
  apiKey: string;
  /** The TTS model (a setting). */
  model: string;
  voice: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const InlineData = z.object({ mimeType: z.string(), data: z.string() });
const GenerateContentResponse = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ parts: z.array(z.object({ inlineData: InlineData.optional() })).optional() }).optional(),
        finishReason: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
});

const GoogleErrorBody = z.object({
  error: z.object({
    message: z.string(),
    status: z.string().optional(),
    details: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
  }),
});

export function geminiTtsBody(text: string, voice: string): unknown {
  return {
    contents: [{ parts: [{ text }] }],
    generationConfig: {
      responseModalities: ['AUDIO'],
      speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: voice } } },
    },
  };
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Keeps the upstream status and Google's own message: upstream errors are forwarded unchanged, never translated. */
function upstreamHttpError(status: number, bodyText: string, headers: Headers): AppError {
  let message = bodyText.trim();
  let upstreamStatus: string | undefined;
  let keyInvalid = false;
  try {
    const parsed = GoogleErrorBody.safeParse(JSON.parse(bodyText));
    if (parsed.success) {
      message = parsed.data.error.message;
      upstreamStatus = parsed.data.error.status;
      // Google answers a bad key with 400, recognisable only by this reason.
      keyInvalid = parsed.data.error.details?.some((d) => d.reason === 'API_KEY_INVALID') ?? false;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  if (message === '') message = TTS_MESSAGES.upstreamHttp(status);
  const code: ErrorCode =
    status === 401 || status === 403 || keyInvalid ? 'invalid_key' : status === 429 ? 'rate_limited' : 'upstream_error';
  const retry = status === 429 ? retryAfterMs(headers.get('retry-after')) : undefined;
  return new AppError({
    code,
    message,
    status,
    ...(retry !== undefined ? { retryAfterMs: retry } : {}),
    details: { reason: 'refused', ...(upstreamStatus !== undefined ? { upstreamStatus } : {}) },
  });
}

function invalidResponse(details?: Record<string, unknown>): AppError {
  return new AppError({ code: 'upstream_error', message: TTS_MESSAGES.upstreamInvalid, status: 502, details: { reason: 'invalid_answer', ...details } });
}

/** Audio parts of the first candidate, joined; PCM becomes WAV, other audio passes through. */
export function audioFromResponse(json: unknown): TtsAudio {
  const parsed = GenerateContentResponse.safeParse(json);
  if (!parsed.success) throw invalidResponse({ issues: parsed.error.issues.map((i) => i.message) });
  const candidate = parsed.data.candidates?.[0];
  const inline = (candidate?.content?.parts ?? [])
    .map((p) => p.inlineData)
    .filter((d): d is z.infer<typeof InlineData> => d !== undefined && d.data !== '');
  const first = inline[0];
  if (first === undefined) {
    const reason = candidate?.finishReason ?? parsed.data.promptFeedback?.blockReason;
    throw new AppError({
      code: 'upstream_error',
      message: TTS_MESSAGES.noAudio,
      status: 502,
      details: { reason: 'no_audio', ...(reason !== undefined ? { finishReason: reason } : {}) },
    });
  }
  // Several parts are consecutive pieces of one stream; only those of the first part's type join.
  const bytes = Buffer.concat(inline.filter((d) => d.mimeType === first.mimeType).map((d) => Buffer.from(d.data, 'base64')));
  if (bytes.length === 0) throw new AppError({ code: 'upstream_error', message: TTS_MESSAGES.noAudio, status: 502, details: { reason: 'no_audio' } });
  const pcm = parsePcmMime(first.mimeType);
  if (pcm !== null) return { audio: pcmToWav(bytes, pcm), mimeType: 'audio/wav' };
  if (isWavMime(first.mimeType)) return { audio: bytes, mimeType: first.mimeType };
  if (first.mimeType.toLowerCase().startsWith('audio/')) return { audio: bytes, mimeType: first.mimeType };
  throw invalidResponse({ mimeType: first.mimeType });
}

export function geminiTtsUrl(baseUrl: string, model: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(model)}:generateContent`;
}

export async function synthesizeGemini(text: string, options: GeminiTtsOptions): Promise<TtsAudio> {
  const { baseUrl, apiKey, model, voice, signal, timeoutMs = DEFAULT_TTS_TIMEOUT_MS } = options;
  const doFetch = options.fetch ?? fetch;
  const deadline = startDeadline(signal, timeoutMs);
  try {
    const abortError = deadline.error();
    if (abortError) throw abortError;
    const res = await doFetch(geminiTtsUrl(baseUrl, model), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
      body: JSON.stringify(geminiTtsBody(text, voice)),
      signal: deadline.signal,
    });
    // The JSON carries the audio as base64: capped like audio, counted while it arrives.
    const bodyText = await readResponseTextBounded(res, UPSTREAM_AUDIO_LIMIT_BYTES);
    if (!res.ok) throw upstreamHttpError(res.status, bodyText, res.headers);
    let json: unknown;
    try {
      json = JSON.parse(bodyText);
    } catch {
      throw invalidResponse();
    }
    return audioFromResponse(json);
  } catch (e) {
    if (e instanceof AppError) throw e;
    // fetch rejects with the abort reason or a TypeError: tell timeout, cancel and network apart.
    throw (
      deadline.error() ??
      new AppError({
        code: 'upstream_unavailable',
        message: TTS_MESSAGES.upstreamUnreachable,
        status: 502,
        // Never the error's own text: fetch quotes an invalid header value (the key) in it.
        details: { reason: 'unreachable', cause: transportFailure(e).text },
      })
    );
  } finally {
    deadline.dispose();
  }
}
