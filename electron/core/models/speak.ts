import { tagService } from '../../../shared/result';
import type { AudioResult } from '../../../shared/domain';
import type { AudioCache } from '../cache/audioCache';
import { audioCacheKey, type CachedAudio } from '../cache/audioCache';
import type { Config } from '../config/config';
import type { SecretsService } from '../secrets/secretsService';
import type { SettingsService } from '../settings/settingsService';
import { normalizeTtsRequest, synthesize, ttsCacheKeyParts, type NormalizedTtsRequest, type TtsCacheKeyParts, type TtsRequest } from '../tts';

/** What speaking needs: the voice settings, the audio cache, the Gemini key and the TTS endpoints. */
export interface SpeakDeps {
  settings: Pick<SettingsService, 'get'>;
  audio: Pick<AudioCache, 'get' | 'put' | 'findByText'>;
  secrets: Pick<SecretsService, 'resolve'>;
  config: Pick<Config, 'edgeTtsUrl' | 'geminiNativeApiUrl' | 'upstreamTimeoutMs'>;
}

export interface SpeakOptions {
  bearer?: string;
  signal: AbortSignal;
  /** Synthesize again and replace the cached audio. */
  refresh?: boolean;
  /** On a miss for this voice, audio of the same text under another voice is good enough (review, export). */
  anyVoice?: boolean;
}

/** The voice the settings choose, as request fields. */
export function settingsVoice(core: Pick<SpeakDeps, 'settings'>): Omit<TtsRequest, 'text'> {
  const s = core.settings.get().tts;
  return { provider: s.provider, gender: s.gender, rate: s.rate, voice: s.geminiVoice, model: s.geminiModel };
}

interface SpeechKey {
  normalized: NormalizedTtsRequest;
  parts: TtsCacheKeyParts;
  key: string;
}

/** The request as it is spoken (the Gemini TTS model from the settings unless given) and its cache key. */
function speechKey(core: Pick<SpeakDeps, 'settings'>, request: TtsRequest): SpeechKey {
  const normalized = normalizeTtsRequest({ ...request, model: typeof request.model === 'string' ? request.model : core.settings.get().tts.geminiModel });
  const parts = ttsCacheKeyParts(normalized);
  return { normalized, parts, key: audioCacheKey(parts) };
}

function lookup(core: Pick<SpeakDeps, 'audio'>, { parts, key }: SpeechKey, anyVoice: boolean | undefined): (CachedAudio & { key: string }) | undefined {
  if (anyVoice) return core.audio.findByText(parts.text, key);
  const hit = core.audio.get(key);
  return hit && { ...hit, key };
}

/**
 * Cached audio of this request, without the network: under its own voice, or with
 * `anyVoice` the same text under any voice. An invalid request throws, as in `speak`.
 */
export function cachedSpeech(core: Pick<SpeakDeps, 'settings' | 'audio'>, request: TtsRequest, opts: { anyVoice?: boolean } = {}): (CachedAudio & { key: string }) | undefined {
  return lookup(core, speechKey(core, request), opts.anyVoice);
}

/**
 * `/api/tts` and `tts.speak`: cache first (a hit needs no network), else
 * synthesize and keep the audio. The Gemini TTS model is a setting.
 */
export async function speak(core: SpeakDeps, request: TtsRequest, opts: SpeakOptions): Promise<AudioResult & { cached: boolean }> {
  const speech = speechKey(core, request);
  const hit = opts.refresh ? undefined : lookup(core, speech, opts.anyVoice);
  if (hit) return { audio: hit.audio.toString('base64'), mimeType: hit.mimeType, cached: true };
  const { normalized } = speech;
  const geminiApiKey = normalized.provider === 'gemini' ? (opts.bearer ?? (await core.secrets.resolve('gemini'))) : undefined;
  const audio = await synthesize(normalized, {
    edgeTtsUrl: core.config.edgeTtsUrl,
    geminiNativeApiUrl: core.config.geminiNativeApiUrl,
    geminiApiKey,
    signal: opts.signal,
    timeoutMs: core.config.upstreamTimeoutMs,
  }).catch((e: unknown) => {
    // The UI names the voice's service: Edge's read-aloud, or Gemini's (whose key it needs).
    throw tagService(e, normalized.provider === 'gemini' ? 'gemini' : 'speech');
  });
  core.audio.put(speech.key, speech.parts, audio);
  return { audio: audio.audio.toString('base64'), mimeType: audio.mimeType, cached: false };
}
