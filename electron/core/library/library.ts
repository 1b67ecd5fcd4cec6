import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  ChatMessageSchema,
  DOCUMENT_SOURCES,
  type CachedDetail,
  type ChatThread,
  type DocumentList,
  type DocumentSource,
  type DocumentSummary,
  type SavedChatMessage,
} from '../../../shared/contract/library';
import type { DailySentence, Token } from '../../../shared/domain';
import { LOCALES, type Locale } from '../../../shared/locales';
import { AppError } from '../../../shared/result';
import type { AnswerCache } from '../cache/answerCache';
import { PhraseDetailSchema, TokensSchema, WordDetailSchema } from '../cache/answerSchemas';
import { documentKey } from '../cache/cacheKey';
import { reconcileTokens } from '../reader/reconcileTokens';
import { matchOf, parseQuery, shortTermMatch, withShortTerms, type ParsedQuery } from './search';
import { titleOf } from './title';

interface DocumentRow {
  id: number;
  title: string;
  source: string;
  created_at: number;
  opened_at: number;
  chars: number;
  preview: string;
  translation_preview: string;
}

interface FullRow extends DocumentRow {
  text: string;
  tokens_json: string | null;
  tokens_source: string | null;
  translation: string;
  translation_locale: string | null;
}

export interface StoredDocument {
  summary: DocumentSummary;
  text: string;
  /** Undefined when no analysis was stored (or it no longer validates): the caller analyses offline. */
  tokens?: Token[];
  tokensSource: 'model' | 'offline';
  translation?: { text: string; locale: Locale };
  details: CachedDetail[];
}

export interface DetailLink {
  kind: 'word' | 'phrase';
  cacheKey: string;
  word: string;
  sentence: string;
  offset?: number;
}

const SUMMARY_COLUMNS = `d.id, d.title, d.source, d.created_at, d.opened_at, length(d.text) AS chars,
  substr(d.text, 1, 160) AS preview, substr(d.translation, 1, 160) AS translation_preview`;

const ChatMessagesSchema = z.array(ChatMessageSchema);

/** `opened_at` is kept to the second: reopening within it writes nothing. */
const REOPEN_WRITE_MS = 1_000;

/** Up to this many FTS matches, sorting them is cheaper than walking the recency index. */
const FEW_MATCHES = 2_000;
/** A short term beginning more trigrams than this is searched with LIKE (an OR that wide costs more than the scan). */
export const MAX_SHORT_TERM_TRIGRAMS = 256;

function toSummary(r: DocumentRow): DocumentSummary {
  return {
    id: r.id,
    title: r.title,
    source: (DOCUMENT_SOURCES as readonly string[]).includes(r.source) ? (r.source as DocumentSource) : 'typed',
    createdAt: r.created_at,
    openedAt: r.opened_at,
    chars: r.chars,
    preview: r.preview,
    translationPreview: r.translation_preview,
  };
}

/**
 * History: every analysed text is a document (same normalized text, same
 * document) with its latest analysis and translation, searchable with FTS5,
 * plus the explanations looked up while reading it and chats about it.
 */
export class Library {
  private readonly stmts;
  private readonly listStatements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database, private readonly answers: AnswerCache, private readonly now: () => number = Date.now) {
    this.stmts = {
      touch: db.prepare<{ hash: string; text: string; title: string; source: string; now: number }, { id: number }>(
        `INSERT INTO documents (text_hash, text, title, source, created_at, opened_at) VALUES (@hash, @text, @title, @source, @now, @now)
         ON CONFLICT(text_hash) DO UPDATE SET opened_at = excluded.opened_at RETURNING id`,
      ),
      byHash: db.prepare<[string], { id: number }>('SELECT id FROM documents WHERE text_hash = ?'),
      seen: db.prepare<[string], { id: number; opened_at: number }>('SELECT id, opened_at FROM documents WHERE text_hash = ?'),
      // A later offline pass (no network) never replaces what the model produced.
      setTokens: db.prepare<{ id: number; json: string; source: string }>(
        `UPDATE documents SET tokens_json = @json, tokens_source = @source
         WHERE id = @id AND NOT (@source = 'offline' AND tokens_source = 'model' AND tokens_json IS NOT NULL)
           AND (tokens_json IS NOT @json OR tokens_source IS NOT @source)`,
      ),
      setTranslation: db.prepare<{ id: number; text: string; locale: string }>(
        // Unchanged: no write (and no FTS reindex by the update trigger).
        `UPDATE documents SET translation = @text, translation_locale = @locale
         WHERE id = @id AND (translation IS NOT @text OR translation_locale IS NOT @locale)`,
      ),
      containing: db.prepare<[string], { id: number }>('SELECT id FROM documents WHERE instr(text, ?) > 0 ORDER BY opened_at DESC, id DESC LIMIT 1'),
      link: db.prepare<{ doc: number; key: string; kind: string; word: string; sentence: string; offset: number | null; now: number }>(
        `INSERT INTO document_details (document_id, cache_key, kind, word, sentence, char_offset, created_at)
         VALUES (@doc, @key, @kind, @word, @sentence, @offset, @now)
         ON CONFLICT(document_id, cache_key) DO UPDATE SET char_offset = coalesce(excluded.char_offset, char_offset)`,
      ),
      links: db.prepare<[number], { cache_key: string; kind: string; word: string; sentence: string; char_offset: number | null }>(
        'SELECT cache_key, kind, word, sentence, char_offset FROM document_details WHERE document_id = ? ORDER BY created_at, word',
      ),
      summary: db.prepare<[number], DocumentRow & { text: string; translation: string }>(
        `SELECT ${SUMMARY_COLUMNS}, d.text, d.translation FROM documents d WHERE d.id = ?`,
      ),
      full: db.prepare<[number], FullRow>(
        `SELECT ${SUMMARY_COLUMNS}, d.text, d.tokens_json, d.tokens_source, d.translation, d.translation_locale FROM documents d WHERE d.id = ?`,
      ),
      storedTokens: db.prepare<[number], { text: string; tokens_json: string | null }>('SELECT text, tokens_json FROM documents WHERE id = ?'),
      opened: db.prepare<[number, number]>('UPDATE documents SET opened_at = ? WHERE id = ?'),
      remove: db.prepare<[number]>('DELETE FROM documents WHERE id = ?'),
      exists: db.prepare<[number], { id: number }>('SELECT id FROM documents WHERE id = ?'),
      // One more than the cap: enough to know the term is over it.
      trigramsFrom: db
        .prepare<[string, string, number], string>('SELECT term FROM documents_fts_vocab WHERE term >= ? AND term < ? LIMIT ?')
        .pluck(),
      insertChat: db.prepare<[number, string, number, number], { id: number }>(
        'INSERT INTO document_chats (document_id, messages_json, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
      ),
      updateChat: db.prepare<[string, number, number, number]>('UPDATE document_chats SET messages_json = ?, updated_at = ? WHERE id = ? AND document_id = ?'),
      chats: db.prepare<[number], { id: number; document_id: number; messages_json: string; created_at: number; updated_at: number }>(
        'SELECT id, document_id, messages_json, created_at, updated_at FROM document_chats WHERE document_id = ? ORDER BY updated_at DESC, id DESC',
      ),
      chat: db.prepare<[number], { id: number; document_id: number; messages_json: string; created_at: number; updated_at: number }>(
        'SELECT id, document_id, messages_json, created_at, updated_at FROM document_chats WHERE id = ?',
      ),
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM documents'),
    };
  }

  /** The document of this text, created on first analysis, marked opened on later ones. */
  touch(text: string, source: DocumentSource): number {
    const hash = documentKey(text);
    const now = this.now();
    // Opened again within a second (a repeated analysis, a cache hit): a read instead of a write (~4× less CPU).
    const seen = this.stmts.seen.get(hash);
    if (seen && Math.abs(now - seen.opened_at) < REOPEN_WRITE_MS) return seen.id;
    const row = this.stmts.touch.get({ hash, text, title: titleOf(text), source, now });
    if (!row) throw new AppError({ code: 'storage_error', message: 'the document was not stored' });
    return row.id;
  }

  idOf(text: string): number | undefined {
    return this.stmts.byHash.get(documentKey(text))?.id;
  }

  /** The most recently opened document whose text contains `fragment` (a sentence being explained). */
  containing(fragment: string): number | undefined {
    return this.stmts.containing.get(fragment)?.id;
  }

  setTokens(id: number, tokens: readonly Token[], source: 'model' | 'offline'): void {
    this.stmts.setTokens.run({ id, json: JSON.stringify(tokens), source });
  }

  setTranslation(id: number, text: string, locale: Locale): void {
    this.stmts.setTranslation.run({ id, text, locale });
  }

  linkDetail(documentId: number, link: DetailLink): void {
    this.stmts.link.run({
      doc: documentId,
      key: link.cacheKey,
      kind: link.kind,
      word: link.word,
      sentence: link.sentence,
      offset: link.offset ?? null,
      now: this.now(),
    });
  }

  /** The daily sentence comes analysed and translated: it is stored as is, once. */
  recordDaily(sentence: DailySentence, locale: Locale): number {
    return this.db.transaction(() => {
      const existing = this.idOf(sentence.text);
      if (existing !== undefined) return existing;
      const id = this.touch(sentence.text, 'daily');
      if (TokensSchema.safeParse(sentence.tokens).success) this.setTokens(id, sentence.tokens, 'model');
      const translation = sentence.translation[locale];
      if (translation) this.setTranslation(id, translation, locale);
      return id;
    })();
  }

  /**
   * Most recently opened first. Only ids are ordered and paged (small rows), then
   * the page's summaries are read by id. A term matching few documents drives the
   * query from the FTS index; a common one walks the recency index and stops
   * after one page, instead of sorting thousands of matches.
   */
  list(opts: { query?: string; limit: number; offset: number }): DocumentList {
    const q = withShortTerms(parseQuery(opts.query ?? ''), (term) => {
      // The index folds case like this; U+10FFFF sorts after every continuation (UTF-8 order).
      const lower = term.toLowerCase();
      return shortTermMatch(this.stmts.trigramsFrom.all(lower, `${lower}\u{10FFFF}`, MAX_SHORT_TERM_TRIGRAMS + 1), MAX_SHORT_TERM_TRIGRAMS);
    });
    if (q === null) return { total: 0, items: [] };
    const params: Record<string, unknown> = Object.fromEntries(q.likes.map((l, i) => [`like${i}`, l]));
    if (q.match) params.match = q.match;
    let total: number;
    let ids: number[];
    if (q.likes.length > 0) {
      // LIKE reads every text anyway: one pass yields both the count and the page.
      const all = this.listStatement(q, false, false).all(params) as number[];
      total = all.length;
      ids = all.slice(opts.offset, opts.offset + opts.limit);
    } else {
      total = this.countFor(q, params);
      const driven = q.match !== undefined && total <= FEW_MATCHES;
      ids = total === 0 ? [] : (this.listStatement(q, driven, true).all({ ...params, limit: opts.limit, offset: opts.offset }) as number[]);
    }
    const items = ids.flatMap((id) => {
      const r = this.stmts.summary.get(id);
      if (!r) return [];
      const match = q.terms.length ? matchOf(q.terms, r.text, r.translation) : undefined;
      return [{ ...toSummary(r), ...(match ? { match } : {}) }];
    });
    return { total, items };
  }

  private whereOf(q: ParsedQuery, driven: boolean): string {
    const where = [
      // `+d.id` keeps the planner from driving by the match list, so ORDER BY can use the recency index.
      ...(q.match ? [`${driven ? 'd.id' : '+d.id'} IN (SELECT rowid FROM documents_fts WHERE documents_fts MATCH @match)`] : []),
      ...q.likes.map((_, i) => `(d.text LIKE @like${i} ESCAPE '\\' OR d.translation LIKE @like${i} ESCAPE '\\')`),
    ];
    return where.length ? `WHERE ${where.join(' AND ')}` : '';
  }

  private listStatement(q: ParsedQuery, driven: boolean, paged: boolean): Database.Statement {
    const shape = `ids:${q.match ? 'm' : ''}${driven ? 'd' : ''}${paged ? 'p' : ''}${q.likes.length}`;
    let stmt = this.listStatements.get(shape);
    if (!stmt) {
      // Paged: walk the recency index and stop after a page. Unpaged (LIKE reads every row anyway):
      // scan the table in storage order and sort the few matching ids (`+` keeps the index out).
      const order = paged ? 'd.opened_at DESC, d.id DESC LIMIT @limit OFFSET @offset' : '+d.opened_at DESC, d.id DESC';
      stmt = this.db.prepare(`SELECT d.id FROM documents d ${this.whereOf(q, driven)} ORDER BY ${order}`).pluck();
      this.listStatements.set(shape, stmt);
    }
    return stmt;
  }

  /** Every FTS match is a document (external content), so an FTS query is counted in the index alone. */
  private countFor(q: ParsedQuery, params: Record<string, unknown>): number {
    const shape = `count:${q.match ? 'm' : ''}`;
    let stmt = this.listStatements.get(shape);
    if (!stmt) {
      const sql = q.match ? 'SELECT count(*) FROM documents_fts WHERE documents_fts MATCH @match' : 'SELECT count(*) FROM documents';
      stmt = this.db.prepare(sql).pluck();
      this.listStatements.set(shape, stmt);
    }
    return stmt.get(params) as number;
  }

  /** A stored document with its cached explanations; marks it opened. */
  open(id: number): StoredDocument {
    const row = this.stmts.full.get(id);
    if (!row) throw new AppError({ code: 'not_found', message: `no document ${id}`, status: 404 });
    const openedAt = this.now();
    this.stmts.opened.run(openedAt, id);
    let tokens: Token[] | undefined;
    if (row.tokens_json) {
      try {
        const parsed = TokensSchema.safeParse(JSON.parse(row.tokens_json));
        // Stored tokens must rebuild the text (they may come from a spelling with other line ends); else it is analysed again.
        if (parsed.success) tokens = reconcileTokens(row.text, parsed.data);
      } catch {
        tokens = undefined;
      }
    }
    const locale = (LOCALES as readonly string[]).includes(row.translation_locale ?? '') ? (row.translation_locale as Locale) : undefined;
    return {
      summary: { ...toSummary(row), openedAt },
      text: row.text,
      tokens,
      tokensSource: tokens && row.tokens_source === 'model' ? 'model' : 'offline',
      ...(row.translation && locale ? { translation: { text: row.translation, locale } } : {}),
      details: this.details(id),
    };
  }

  /** A document's text and stored analysis (valid and rebuilding the text), without marking it opened. */
  storedTokens(id: number): { text: string; tokens: Token[] } | undefined {
    const row = this.stmts.storedTokens.get(id);
    if (!row?.tokens_json) return undefined;
    try {
      const parsed = TokensSchema.safeParse(JSON.parse(row.tokens_json));
      const tokens = parsed.success ? reconcileTokens(row.text, parsed.data) : undefined;
      return tokens && { text: row.text, tokens };
    } catch {
      return undefined;
    }
  }

  private details(id: number): CachedDetail[] {
    const out: CachedDetail[] = [];
    for (const l of this.stmts.links.all(id)) {
      const kind = l.kind === 'phrase' ? 'phrase' : 'word';
      const detail = kind === 'phrase' ? this.answers.get(l.cache_key, 'phrase', PhraseDetailSchema) : this.answers.get(l.cache_key, 'word', WordDetailSchema);
      if (!detail) continue; // cleared from the cache: the link stays, the explanation is fetched again when asked
      out.push({ kind, word: l.word, sentence: l.sentence, ...(l.char_offset !== null ? { offset: l.char_offset } : {}), detail });
    }
    return out;
  }

  delete(id: number): boolean {
    return this.stmts.remove.run(id).changes > 0;
  }

  saveChat(documentId: number, messages: SavedChatMessage[], chatId?: number): ChatThread {
    if (!this.stmts.exists.get(documentId)) throw new AppError({ code: 'not_found', message: `no document ${documentId}`, status: 404 });
    const json = JSON.stringify(messages);
    const now = this.now();
    if (chatId !== undefined) {
      if (this.stmts.updateChat.run(json, now, chatId, documentId).changes === 0) {
        throw new AppError({ code: 'not_found', message: `no chat ${chatId} for document ${documentId}`, status: 404 });
      }
      return this.toThread(this.stmts.chat.get(chatId)!)!;
    }
    const row = this.stmts.insertChat.get(documentId, json, now, now)!;
    return { id: row.id, documentId, messages, createdAt: now, updatedAt: now };
  }

  chats(documentId: number): ChatThread[] {
    return this.stmts.chats.all(documentId).flatMap((r) => this.toThread(r) ?? []);
  }

  private toThread(r: { id: number; document_id: number; messages_json: string; created_at: number; updated_at: number }): ChatThread | undefined {
    try {
      const parsed = ChatMessagesSchema.safeParse(JSON.parse(r.messages_json));
      if (!parsed.success) return undefined;
      return { id: r.id, documentId: r.document_id, messages: parsed.data, createdAt: r.created_at, updatedAt: r.updated_at };
    } catch {
      return undefined;
    }
  }

  count(): number {
    return this.stmts.count.get()?.n ?? 0;
  }
}
