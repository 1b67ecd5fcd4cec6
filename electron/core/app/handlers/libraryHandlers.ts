import path from 'node:path';
import type { libraryMethods } from '../../../../shared/contract/library';
import { AppError } from '../../../../shared/result';
import type { Token } from '../../../../shared/domain';
import { backupDatabase, backupFileName, backupsDir, backupToFile, info, listBackups, restoreInto, validateBackup } from '../../library/backup';
import type { FileDialogs } from '../../library/fileDialogs';
import { RestoreGrants } from '../../library/restoreGrants';
import type { HandlerContext, HandlersFor } from '../../rpc/handlers';
import { MIGRATIONS } from '../../store/migrations';
import type { CoreServices } from '../coreServices';

/** History, chats per document, cache sizes, backup and restore. */
export function libraryHandlers(core: Pick<CoreServices, 'config' | 'fileDialogs' | 'library' | 'words' | 'db' | 'settings' | 'review' | 'caches'>): HandlersFor<typeof libraryMethods> {
  const dir = backupsDir(core.config.appDataDir);
  /** Save/open dialogs exist only in the desktop app, and only its own window may open them. */
  const desktopDialogs = (ctx: HandlerContext): FileDialogs => {
    if (!core.fileDialogs || ctx.transport === 'http') {
      throw new AppError({ code: 'forbidden', message: 'Choosing a file is only possible in the desktop app.', status: 403 });
    }
    return core.fileDialogs;
  };
  const grants = new RestoreGrants();

  return {
    'library.list': (_ctx, opts) => core.library.list(opts),

    'library.open': async (ctx, id) => {
      const doc = core.library.open(id);
      let tokens: Token[];
      if (doc.tokens) tokens = await core.words.align(doc.text, doc.tokens, ctx.signal);
      else {
        // Never analysed to the end (cancelled) or its stored tokens are unusable: the offline analyzer needs no network.
        const stored = await core.words.tokens(doc.text, ctx.signal, false);
        core.library.setTokens(id, stored, 'offline');
        tokens = core.words.corrected(stored);
      }
      return {
        document: doc.summary,
        text: doc.text,
        tokens,
        tokensSource: doc.tokens ? doc.tokensSource : 'offline',
        ...(doc.translation ? { translation: doc.translation } : {}),
        details: doc.details,
      };
    },

    'library.delete': (_ctx, id) => ({ deleted: core.library.delete(id) }),
    'library.saveChat': (_ctx, documentId, messages, chatId) => core.library.saveChat(documentId, messages, chatId),
    'library.chats': (_ctx, documentId) => core.library.chats(documentId),

    'library.backup': () => backupDatabase(core.db, dir),
    'library.backups': () => listBackups(dir),

    'library.restore': async (ctx, { path: file, token }) => {
      const resolved = path.resolve(file);
      // The app's own backups may be restored by name; any other file only with the token its open dialog gave.
      if (path.dirname(resolved) !== dir) {
        if (ctx.transport === 'http') {
          throw new AppError({ code: 'forbidden', message: 'In browser mode only files in the backups folder can be restored.', status: 403 });
        }
        if (!grants.take(token, resolved)) {
          throw new AppError({
            code: 'forbidden',
            message: 'Only a file chosen with "Restore from file…" can be restored, once per choice: choose the file again.',
            status: 403,
          });
        }
      }
      const opts = { migrations: MIGRATIONS, nativeBinding: core.config.sqliteNativeBinding };
      // The one check of the file, before anything is copied or replaced.
      const schemaVersion = validateBackup(resolved, opts.migrations, opts.nativeBinding);
      const previousCopy = await backupDatabase(core.db, dir, { label: 'before-restore' });
      restoreInto(core.db, resolved, opts);
      core.settings.reload();
      return { restoredFrom: resolved, schemaVersion, previousCopy, documents: core.library.count(), cards: core.review.count() };
    },

    'library.backupToFile': async (ctx) => {
      const file = await desktopDialogs(ctx).saveBackup(backupFileName());
      return file ? { saved: await backupToFile(core.db, path.resolve(file)) } : {};
    },

    'library.pickBackupFile': async (ctx) => {
      const file = await desktopDialogs(ctx).openBackup();
      if (!file) return {};
      const resolved = path.resolve(file);
      const schemaVersion = validateBackup(resolved, MIGRATIONS, core.config.sqliteNativeBinding); // nothing replaced yet
      return { picked: { ...info(resolved), schemaVersion, token: grants.grant(resolved) } };
    },

    'cache.stats': () => core.caches.stats(),
    'cache.clear': (_ctx, kind) => core.caches.clear(kind),
  };
}
