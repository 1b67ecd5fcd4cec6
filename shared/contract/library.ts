/**
 * History (every analysed text is a document), chats kept per document, the
 * caches' sizes for Settings, and backup/restore of the whole database.
 */
import { z } from 'zod';
import type { PhraseDetail, Token, WordDetail } from '../domain';
import type { Locale } from '../locales';
import { call, type, type AnyDef } from './define';

/** Where a document's text came from. */
export const DOCUMENT_SOURCES = ['typed', 'image', 'daily'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** Cached model answers, plus the two stores that existed before (TTS audio, daily sentences). */
export const ANSWER_KINDS = ['analysis', 'translation', 'word', 'phrase', 'ocr'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];
export const CACHE_KINDS = [...ANSWER_KINDS, 'audio', 'daily'] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

/** Where a search term was found, split so the UI can mark it without HTML. */
export interface SearchMatch {
  field: 'text' | 'translation';
  before: string;
  hit: string;
  after: string;
}

export interface DocumentSummary {
  id: number;
  /** The first non-empty line, shortened. */
  title: string;
  source: DocumentSource;
  /** Epoch milliseconds. */
  createdAt: number;
  openedAt: number;
  /** Length of the text in characters. */
  chars: number;
  /** The beginning of the text and of its translation (empty when not translated). */
  preview: string;
  translationPreview: string;
  /** Set when listing with a query and the term was found in the returned text. */
  match?: SearchMatch;
}

export interface DocumentList {
  items: DocumentSummary[];
  /** Every document matching the query (for paging). */
  total: number;
}

export interface CachedDetail {
  kind: 'word' | 'phrase';
  word: string;
  sentence: string;
  offset?: number;
  detail: WordDetail | PhraseDetail;
}

/** A document as it was last seen: everything comes from SQLite, nothing from the network. */
export interface OpenedDocument {
  document: DocumentSummary;
  text: string;
  tokens: Token[];
  /** `offline` when the model never finished an analysis of this text. */
  tokensSource: 'model' | 'offline';
  translation?: { text: string; locale: Locale };
  /** Word and phrase explanations looked up while reading it and still in the cache. */
  details: CachedDetail[];
}

export const ChatMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string().min(1).max(100_000) });
export type SavedChatMessage = z.infer<typeof ChatMessageSchema>;

export interface ChatThread {
  id: number;
  documentId: number;
  messages: SavedChatMessage[];
  createdAt: number;
  updatedAt: number;
}

export interface CacheKindStats {
  kind: CacheKind;
  entries: number;
  bytes: number;
}

export interface CacheStats {
  kinds: CacheKindStats[];
  totalBytes: number;
  /** The audio cache's cap (setting `audioCacheMb`); least recently used audio goes beyond it. */
  audioCapBytes: number;
}

/** A file chosen in the open dialog, validated, with the one-time token to restore it. */
export type PickedBackup = BackupInfo & { schemaVersion: number; token: string };

export interface BackupInfo {
  /** File name inside the app's backups folder. */
  name: string;
  /** Absolute path, as the core sees it (in browser mode: on the server). */
  path: string;
  bytes: number;
  createdAt: number;
}

export interface RestoreResult {
  restoredFrom: string;
  /** The schema version the backup was written with (it is migrated on restore). */
  schemaVersion: number;
  /** The database as it was just before the restore. */
  previousCopy: BackupInfo;
  documents: number;
  cards: number;
}

const id = z.number().int().positive();

export const libraryMethods = {
  /** History, most recently opened first; `query` searches text and translations (any length ≥ 1). */
  'library.list': call({
    args: z.tuple([
      z
        .object({
          query: z.string().max(200).optional(),
          limit: z.number().int().min(1).max(200).default(50),
          offset: z.number().int().min(0).default(0),
        })
        .default({ limit: 50, offset: 0 }),
    ]),
    result: type<DocumentList>(),
  }),
  /** Tokens, translation and cached details of a document; marks it opened. Works offline. */
  'library.open': call({ args: z.tuple([id]), result: type<OpenedDocument>() }),
  'library.delete': call({ args: z.tuple([id]), result: type<{ deleted: boolean }>() }),
  /** Saves a chat about a document: a new conversation, or replaces the messages of `chatId`. */
  'library.saveChat': call({
    args: z.tuple([id, z.array(ChatMessageSchema).min(1).max(500), id.optional()]),
    result: type<ChatThread>(),
  }),
  /** A document's saved conversations, most recent first. */
  'library.chats': call({ args: z.tuple([id]), result: type<ChatThread[]>() }),
  /**
   * Writes a consistent copy of the whole database into the app's `backups` folder.
   * (Electron can later offer a save dialog and copy the file; browser mode shows the path.)
   */
  'library.backup': call({ args: z.tuple([]), result: type<BackupInfo>() }),
  'library.backups': call({ args: z.tuple([]), result: type<BackupInfo[]>() }),
  /**
   * Replaces the app's data with a backup after validating it (opens, integrity ok,
   * not newer than the app, has our tables). The current database is copied first.
   * Files inside the backups folder are accepted by path; any other file (desktop
   * only) needs the one-time `token` that `library.pickBackupFile` gave for it.
   */
  'library.restore': call({
    args: z.tuple([z.object({ path: z.string().min(1).max(4096), token: z.string().min(1).max(200).optional(), confirm: z.literal(true) })]),
    result: type<RestoreResult>(),
  }),
  /**
   * Desktop app only: a save dialog, then a consistent copy of the database at the
   * chosen path. `saved` is absent when the user cancelled.
   */
  'library.backupToFile': call({ args: z.tuple([]), result: type<{ saved?: BackupInfo }>() }),
  /**
   * Desktop app only: an open dialog; the chosen file is validated (nothing is
   * replaced). The renderer then asks for confirmation and calls `library.restore`
   * with the file's path and `token` (good for that file, once).
   */
  'library.pickBackupFile': call({ args: z.tuple([]), result: type<{ picked?: PickedBackup }>() }),
  /** Entries and bytes per cache kind, for Settings. */
  'cache.stats': call({ args: z.tuple([]), result: type<CacheStats>() }),
  /** Empties one cache (or all); history documents and review cards are kept. */
  'cache.clear': call({ args: z.tuple([z.enum([...CACHE_KINDS, 'all'])]), result: type<CacheStats>() }),
} satisfies Record<string, AnyDef>;
