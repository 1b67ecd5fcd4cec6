import { DICTIONARY_MAX_BYTES, type dictionaryMethods } from '../../../../shared/contract/dictionary';
import { DictionaryInputError } from '../../dictionary';
import { lookupWord, lookupWords } from '../../dictionary/lookupWord';
import { AppError } from '../../../../shared/result';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** The offline dictionary: imports, status, lookups and kanji cards. */
export function dictionaryHandlers(core: Pick<CoreServices, 'dictionary' | 'analyzer' | 'fileDialogs'>): HandlersFor<typeof dictionaryMethods> {
  return {
    'dictionary.importFromDisk': async (ctx) => {
      // The open dialog is the desktop window's own; in browser mode a visitor must not name the server's files.
      if (!core.fileDialogs || ctx.transport === 'http') throw new AppError({ code: 'forbidden', message: 'Choosing a file is only possible in the desktop app.', status: 403 });
      const file = await core.fileDialogs.openDictionary();
      return file ? core.dictionary.importFile(file, ctx.signal) : null;
    },
    'dictionary.import': (ctx, { name, dataBase64 }) => {
      const data = Buffer.from(dataBase64, 'base64');
      if (data.length > DICTIONARY_MAX_BYTES) throw new DictionaryInputError('too_large', 'The file is larger than 64 MiB; import it gzipped.');
      return core.dictionary.importBuffer(name, data, ctx.signal);
    },
    'dictionary.cancelImport': () => ({ cancelled: core.dictionary.cancelImport() }),
    'dictionary.list': () => core.dictionary.list(),
    'dictionary.setEnabled': (_ctx, id, enabled) => core.dictionary.setEnabled(id, enabled),
    'dictionary.reorder': (_ctx, ids) => core.dictionary.reorder(ids),
    'dictionary.remove': (_ctx, id) => core.dictionary.remove(id),
    'dictionary.status': () => core.dictionary.status(),
    'dictionary.lookup': (ctx, text, reading, firstWord) => lookupWord(core, text, reading, firstWord, ctx.signal),
    'dictionary.lookupMany': (ctx, items) => lookupWords(core, items, ctx.signal),
    'dictionary.kanji': (_ctx, text) => core.dictionary.kanji(text),
    'dictionary.image': (_ctx, id, imagePath) => core.dictionary.image(id, imagePath),
    'dictionary.download': (ctx) => core.dictionary.download(ctx.signal),
  };
}
