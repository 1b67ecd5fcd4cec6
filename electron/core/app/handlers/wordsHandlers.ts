import type { wordsMethods } from '../../../../shared/contract/words';
import type { HandlersFor } from '../../rpc/handlers';
import { exportWords } from '../../knowledge/wordsExport';
import type { CoreServices } from '../coreServices';

/** Word knowledge: statuses, imports, the word list and its export. */
export function wordsHandlers(core: Pick<CoreServices, 'knowledge' | 'wordImports' | 'words' | 'reviewStatus'>): HandlersFor<typeof wordsMethods> {
  return {
    'words.setStatus': (_ctx, items) => ({ updated: core.knowledge.setStatus(items, 'mark').updated }),
    'words.status': (_ctx, keys) => core.knowledge.entries(keys).map(({ term, reading, status, source }) => ({ term, reading, status, source })),
    'words.importList': (ctx, args) => core.wordImports.list(args, ctx.signal).then(({ added, unrecognized }) => ({ added, unrecognized })),
    'words.importListDetailed': (ctx, args) => core.wordImports.list(args, ctx.signal),
    'words.importAnki': (ctx, args) => core.wordImports.anki(args, ctx.signal).then(({ known, learning, skipped }) => ({ known, learning, skipped })),
    'words.importAnkiDetailed': (ctx, args) => core.wordImports.anki(args, ctx.signal),
    'words.ankiFields': (ctx, { query }) => core.wordImports.ankiFields(query, ctx.signal),
    // A window asking for the statuses is the moment for review cards starred before to catch up (in the background; pushed as they land).
    'words.statusMap': () => (core.reviewStatus.catchUpOnce(), { words: core.knowledge.compact() }),
    'words.list': (_ctx, filter) => ({ ...core.knowledge.list(filter), counts: core.knowledge.counts() }),
    'words.export': (_ctx, { format, status }) => exportWords(core.knowledge.all(), format, status),
    'words.keyOf': (ctx, { word, sentence, offset }) => core.words.wordKey(word, sentence, offset, ctx.signal),
  };
}
