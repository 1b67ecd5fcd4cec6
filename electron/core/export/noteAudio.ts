/** An audio file for an Anki note. */
export interface NoteAudio {
  /** Base64 audio bytes. */
  data: string;
  filename: string;
}
