/**
 * Choosing a file outside the app's folders: only the desktop shell can ask the
 * user (Electron's save/open dialogs), so `electron/main` injects this into the
 * core. Browser mode has none: a visitor must not name files on the server.
 */
export interface FileDialogs {
  /** Where to save a backup (`defaultName` proposed); undefined when cancelled. */
  saveBackup(defaultName: string): Promise<string | undefined>;
  /** A backup file to restore from; undefined when cancelled. */
  openBackup(): Promise<string | undefined>;
  /** A dictionary file to import (a Yomitan zip, JMdict / KANJIDIC, gzipped or not); undefined when cancelled. */
  openDictionary(): Promise<string | undefined>;
}
