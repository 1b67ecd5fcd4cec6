/** A text's audio as an Anki media file: the cache (any voice), else synthesized now with the settings' voice and cached. */
import { cachedSpeech, settingsVoice, speak, type SpeakDeps } from '../models/speak';
import type { NoteAudio } from './noteAudio';

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/ogg': 'ogg', 'audio/webm': 'webm' };

export async function speechFile(core: SpeakDeps, text: string, signal?: AbortSignal): Promise<NoteAudio> {
  const request = { ...settingsVoice(core), text };
  const file = () => {
    const hit = cachedSpeech(core, request, { anyVoice: true });
    // Named by the cache key: the same audio is the same media file in Anki.
    return hit && { data: hit.audio.toString('base64'), filename: `yomimono-${hit.key.slice(0, 20)}.${EXTENSIONS[hit.mimeType] ?? 'mp3'}` };
  };
  const cached = file();
  if (cached) return cached;
  const spoken = await speak(core, request, { signal: signal ?? new AbortController().signal, anyVoice: true });
  return file() ?? { data: spoken.audio, filename: `yomimono-${Buffer.from(text).toString('hex').slice(0, 20)}.${EXTENSIONS[spoken.mimeType] ?? 'mp3'}` };
}
