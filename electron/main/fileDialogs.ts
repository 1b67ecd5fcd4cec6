import { dialog, type BrowserWindow } from 'electron';
import type { FileDialogs } from '../core/library/fileDialogs';

const FILTERS = [{ name: 'Yomimono backup', extensions: ['db'] }];
const DICTIONARY_FILTERS = [
  { name: 'Dictionaries', extensions: ['zip', 'gz', 'xml', 'txt'] },
  { name: 'All files', extensions: ['*'] },
];

/** Backups saved and restored anywhere the user chooses, through the OS dialogs (modal to the window). */
export function electronFileDialogs(window: () => BrowserWindow | undefined): FileDialogs {
  return {
    async saveBackup(defaultName) {
      const w = window();
      const options = { defaultPath: defaultName, filters: FILTERS };
      const r = w ? await dialog.showSaveDialog(w, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? undefined : r.filePath;
    },
    async openBackup() {
      const w = window();
      const options = { filters: FILTERS, properties: ['openFile' as const] };
      const r = w ? await dialog.showOpenDialog(w, options) : await dialog.showOpenDialog(options);
      return r.canceled ? undefined : r.filePaths[0];
    },
    async openDictionary() {
      const w = window();
      const options = { filters: DICTIONARY_FILTERS, properties: ['openFile' as const] };
      const r = w ? await dialog.showOpenDialog(w, options) : await dialog.showOpenDialog(options);
      return r.canceled ? undefined : r.filePaths[0];
    },
  };
}
