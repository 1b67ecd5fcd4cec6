/** What every synthesis client returns: the audio bytes and their mime type. */
export interface TtsAudio {
  audio: Buffer;
  mimeType: string;
}

/** The default bound of one synthesis call (the default of UPSTREAM_TIMEOUT_MS). */
export const DEFAULT_TTS_TIMEOUT_MS = 60_000;
