import type { AudioResult } from '../../../shared/domain';
import type { Core } from '../app/createCore';
import { audioCacheKey } from '../cache/audioCache';
import { normalizeTtsRequest, synthesize, ttsCacheKeyParts, type TtsRequest } from '../tts';

export interface SpeakOptions {
  bearer?: string;
  signal: AbortSignal;
  /** Synthesize again and replace the cached audio. */
  refresh?: boolean;
  /** On a miss for this voice, audio of the same text under another voice is good enough (review, export). */
  anyVoice?: boolean;
}

/**
 * `/api/tts` and `tts.speak`: cache first (a hit needs no network), else
 * synthesize and keep the audio. The Gemini TTS model is a setting.
 */
export async function speak(core: Core, request: TtsRequest, opts: SpeakOptions): Promise<AudioResult & { cached: boolean }> {
  const settings = core.settings.get();
  const normalized = normalizeTtsRequest({ ...request, model: typeof request.model === 'string' ? request.model : settings.tts.geminiModel });
  const parts = ttsCacheKeyParts(normalized);
  const key = audioCacheKey(parts);
  const hit = opts.refresh ? undefined : opts.anyVoice ? core.audio.findByText(parts.text, key) : core.audio.get(key);
  if (hit) return { audio: hit.audio.toString('base64'), mimeType: hit.mimeType, cached: true };
  const geminiApiKey = normalized.provider === 'gemini' ? (opts.bearer ?? (await core.secrets.resolve('gemini'))) : undefined;
  const audio = await synthesize(normalized, {
    edgeTtsUrl: core.config.edgeTtsUrl,
    geminiNativeApiUrl: core.config.geminiNativeApiUrl,
    geminiApiKey,
    signal: opts.signal,
    timeoutMs: core.config.upstreamTimeoutMs,
  });
  core.audio.put(key, parts, audio);
  return { audio: audio.audio.toString('base64'), mimeType: audio.mimeType, cached: false };
}
