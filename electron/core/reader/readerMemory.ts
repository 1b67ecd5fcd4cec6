/**
 * What the reader methods remember: model answers in the answer cache and the
 * history document of each text. Storage is best effort here: a failed cache
 * write must never fail a reading that already succeeded.
 */
import type { DocumentSource } from '../../../shared/contract/library';
import type { DailySentence, PhraseDetail, Token, WordDetail } from '../../../shared/domain';
import type { ExplanationLocale, Locale } from '../../../shared/locales';
import type { AnswerCache } from '../cache/answerCache';
import { PhraseDetailSchema, TextAnswerSchema, TokensSchema, WordDetailSchema } from '../cache/answerSchemas';
import { analysisKey, ocrKey, phraseDetailKey, translationKey, wordDetailKey, type ModelChoice } from '../cache/cacheKey';
import { reconcileTokens } from './reconcileTokens';
import type { Library } from '../library/library';

function quietly<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (e) {
    console.warn('[cache] write failed:', e instanceof Error ? e.message : e);
    return undefined;
  }
}

export interface DetailRequest {
  kind: 'word' | 'phrase';
  word: string;
  sentence: string;
  pos: string;
  furigana?: string;
  offset?: number;
  documentId?: number;
}

/** The model's stored analysis of exactly this text (validated, and still the same text), if any. */
export function cachedAnalysis(answers: AnswerCache, text: string, m: ModelChoice): Token[] | undefined {
  const cached = answers.get(analysisKey(text, m), 'analysis', TokensSchema);
  return cached && reconcileTokens(text, cached);
}

export class ReaderMemory {
  constructor(private readonly answers: AnswerCache, private readonly library: Library) {}

  /** The history document of a text (created on its first analysis). */
  document(text: string, source: DocumentSource): number | undefined {
    return quietly(() => this.library.touch(text, source));
  }

  /** A stored model analysis, aligned to this exact spelling of the text (line ends, outer spaces). */
  analysis(text: string, m: ModelChoice): Token[] | undefined {
    return cachedAnalysis(this.answers, text, m);
  }

  /** Keeps a complete model analysis (never an offline one: the model is asked again next time). */
  rememberAnalysis(text: string, m: ModelChoice, tokens: Token[]): void {
    quietly(() => this.answers.put(analysisKey(text, m), 'analysis', tokens));
  }

  analysed(documentId: number | undefined, tokens: Token[], source: 'model' | 'offline'): void {
    if (documentId !== undefined) quietly(() => this.library.setTokens(documentId, tokens, source));
  }

  translation(text: string, m: ModelChoice, locale: Locale): string | undefined {
    return this.answers.get(translationKey(text, m, locale), 'translation', TextAnswerSchema);
  }

  /** Stores a translation and puts it on the text's document (given, or found by its text). */
  rememberTranslation(text: string, m: ModelChoice, locale: Locale, translated: string, documentId?: number): void {
    if (translated.trim() === '') return;
    quietly(() => {
      this.answers.put(translationKey(text, m, locale), 'translation', translated);
      const id = documentId ?? this.library.idOf(text);
      if (id !== undefined) this.library.setTranslation(id, translated, locale);
    });
  }

  /** Puts a cached translation on the text's document (a no-op when it is already there). */
  linkTranslation(text: string, locale: Locale, translated: string, documentId?: number): void {
    quietly(() => {
      const id = documentId ?? this.library.idOf(text);
      if (id !== undefined) this.library.setTranslation(id, translated, locale);
    });
  }

  private detailKey(r: DetailRequest, m: ModelChoice, locale: ExplanationLocale): string {
    return r.kind === 'phrase' ? phraseDetailKey({ phrase: r.word, sentence: r.sentence }, m, locale) : wordDetailKey(r, m, locale);
  }

  detail<D extends WordDetail>(r: DetailRequest, m: ModelChoice, locale: ExplanationLocale): D | undefined {
    const key = this.detailKey(r, m, locale);
    const hit = r.kind === 'phrase' ? this.answers.get(key, 'phrase', PhraseDetailSchema) : this.answers.get(key, 'word', WordDetailSchema);
    if (hit) this.link(r, key);
    return hit as D | undefined;
  }

  rememberDetail(r: DetailRequest, m: ModelChoice, locale: ExplanationLocale, detail: WordDetail | PhraseDetail): void {
    quietly(() => {
      const key = this.detailKey(r, m, locale);
      this.answers.put(key, r.kind, detail);
      this.link(r, key);
    });
  }

  /** Links an explanation to its document, so reopening the document shows it. */
  private link(r: DetailRequest, cacheKey: string): void {
    quietly(() => {
      const id = r.documentId ?? this.library.containing(r.sentence);
      if (id !== undefined) this.library.linkDetail(id, { kind: r.kind, cacheKey, word: r.word, sentence: r.sentence, offset: r.offset });
    });
  }

  /** The daily sentence arrives analysed and translated: it becomes a `daily` document once. */
  daily(sentence: DailySentence, locale: Locale): void {
    quietly(() => this.library.recordDaily(sentence, locale));
  }

  ocr(imageData: string, prompt: string | undefined, m: ModelChoice): string | undefined {
    return this.answers.get(ocrKey(imageData, prompt, m), 'ocr', TextAnswerSchema);
  }

  rememberOcr(imageData: string, prompt: string | undefined, m: ModelChoice, text: string): void {
    if (text.trim() !== '') quietly(() => this.answers.put(ocrKey(imageData, prompt, m), 'ocr', text));
  }
}
