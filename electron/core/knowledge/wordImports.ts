/**
 * Imports into the word store (a word list, an Anki search) and the store's pushes: what the
 * `words.*` handlers delegate to.
 */
import type { AnkiImportReport, ListImportReport, SuspendedChoice } from '../../../shared/contract/words';
import type { PushBus } from '../rpc/pushBus';
import { AnkiConnect } from '../export/ankiConnect';
import type { WordIdentity } from '../words/wordIdentity';
import { ankiFieldsOf, importAnkiWords } from './ankiWordImport';
import type { WordKnowledge } from './wordKnowledge';
import { wordsOfList } from './wordListImport';
import { listWordCheck, type WordDictionary } from './listWordCheck';

export class WordImports {
  constructor(
    private readonly deps: {
      knowledge: WordKnowledge;
      identity: Pick<WordIdentity, 'wordKeys' | 'wordShapes' | 'normalise'>;
      /** What a word-list line must be known to (listWordCheck.ts). */
      dictionary: WordDictionary;
      bus: PushBus;
      /** Read at each import (Settings or a test may change it). */
      ankiConnectUrl: () => string;
    },
  ) {}

  async list(args: { text: string; status: 'known' | 'learning'; overwriteMarks?: boolean | undefined }, signal?: AbortSignal): Promise<ListImportReport> {
    const { keys, unrecognized } = await wordsOfList(args.text, this.deps.identity, listWordCheck(this.deps.dictionary), signal);
    const outcome = this.deps.knowledge.setStatus(
      keys.map((k) => ({ ...k, status: args.status })),
      'list',
      { overwriteMarks: args.overwriteMarks ?? false },
    );
    return {
      added: outcome.updated,
      unrecognized,
      unchanged: outcome.unchanged,
      conflicts: outcome.conflicts.map((c) => ({ term: c.term, reading: c.reading, status: c.status, wanted: c.wanted })),
    };
  }

  anki(
    args: { query: string; field: string; knownAfterDays?: number | undefined; suspended?: SuspendedChoice | undefined; overwriteMarks?: boolean | undefined },
    signal?: AbortSignal,
  ): Promise<AnkiImportReport> {
    return importAnkiWords(this.client(signal), { ...this.deps, isWord: listWordCheck(this.deps.dictionary) }, {
      query: args.query,
      field: args.field,
      ...(args.knownAfterDays !== undefined ? { knownAfterDays: args.knownAfterDays } : {}),
      ...(args.suspended !== undefined ? { suspended: args.suspended } : {}),
      ...(args.overwriteMarks !== undefined ? { overwriteMarks: args.overwriteMarks } : {}),
      ...(signal ? { signal } : {}),
      onProgress: (p) => this.deps.bus.emit('words.importProgress', p),
    });
  }

  ankiFields(query: string, signal?: AbortSignal): Promise<{ cards: number; fields: string[] }> {
    return ankiFieldsOf(this.client(signal), query);
  }

  private client(signal?: AbortSignal): AnkiConnect {
    // A collection of tens of thousands of cards answers cardsInfo in seconds, not milliseconds.
    return new AnkiConnect(this.deps.ankiConnectUrl(), { timeoutMs: 60_000, ...(signal ? { signal } : {}) });
  }
}
