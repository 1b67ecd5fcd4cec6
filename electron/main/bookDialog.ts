import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { BOOK_FILE_EXTENSIONS } from '../../shared/contract/books';

/** File › Import a Book…: the system's open dialog, for the book files the importer reads. */
export async function chooseBookFile(win: BrowserWindow | undefined): Promise<string | undefined> {
  const opts: OpenDialogOptions = { properties: ['openFile'], filters: [{ name: 'Books', extensions: [...BOOK_FILE_EXTENSIONS] }] };
  const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
  return r.canceled ? undefined : r.filePaths[0];
}
