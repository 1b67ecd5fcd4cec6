import path from 'node:path';
import type { libraryMethods } from '../../../../shared/contract/library';
import { AppError } from '../../../../shared/result';
import { backupDatabase, backupsDir, listBackups, restoreInto, validateBackup } from '../../library/backup';
import type { HandlersFor } from '../../rpc/handlers';
import { MIGRATIONS } from '../../store/migrations';
import type { Core } from '../createCore';

/** History, chats per document, cache sizes, backup and restore. */
export function libraryHandlers(core: Core): HandlersFor<typeof libraryMethods> {
  const dir = backupsDir(core.config.appDataDir);

  return {
    'library.list': (_ctx, opts) => core.library.list(opts),

    'library.open': async (ctx, id) => {
      const doc = core.library.open(id);
      let tokens = doc.tokens;
      if (!tokens) {
        // Never analysed to the end (cancelled) or its stored tokens are unusable: the offline analyzer needs no network.
        tokens = await core.analyzer.tokenize(doc.text, ctx.signal);
        core.library.setTokens(id, tokens, 'offline');
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

    'library.restore': async (ctx, { path: file }) => {
      const resolved = path.resolve(file);
      // A browser visitor names files on the server: only the app's own backups are offered to them.
      if (ctx.transport === 'http' && path.dirname(resolved) !== dir) {
        throw new AppError({ code: 'forbidden', message: 'In browser mode only files in the backups folder can be restored.', status: 403 });
      }
      const opts = { migrations: MIGRATIONS, nativeBinding: core.config.sqliteNativeBinding };
      validateBackup(resolved, opts.migrations, opts.nativeBinding); // before copying anything
      const previousCopy = await backupDatabase(core.db, dir, { label: 'before-restore' });
      const schemaVersion = restoreInto(core.db, resolved, opts);
      core.settings.reload();
      return { restoredFrom: resolved, schemaVersion, previousCopy, documents: core.library.count(), cards: core.review.count() };
    },

    'cache.stats': () => core.caches.stats(),
    'cache.clear': (_ctx, kind) => core.caches.clear(kind),
  };
}
