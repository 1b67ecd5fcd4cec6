import type Database from 'better-sqlite3';
import type { SharingStatus } from '../../../shared/contract/app';
import type { Analyzer } from '../analyzer';
import type { AnswerCache } from '../cache/answerCache';
import type { AudioCache } from '../cache/audioCache';
import type { CacheAdmin } from '../cache/cacheAdmin';
import type { ModelCatalog } from '../catalog/modelCatalog';
import type { Config } from '../config/config';
import type { CreditsService } from '../credits/creditsService';
import type { DailyService } from '../daily/dailyService';
import type { DictionaryService } from '../dictionary';
import type { BookStore } from '../books/bookStore';
import type { FileDialogs } from '../library/fileDialogs';
import type { WindowControl } from '../window/windowControl';
import type { Library } from '../library/library';
import type { catalogResolver } from '../models/modelChoice';
import type { Upstreams } from '../models/upstreams';
import type { UsageLog } from '../models/usageLog';
import type { ReviewService } from '../review/reviewService';
import type { PushBus } from '../rpc/pushBus';
import type { SecretsService } from '../secrets/secretsService';
import type { SettingsService } from '../settings/settingsService';
import type { StoreNotice } from '../store/database';
import type { WordIdentity } from '../words/wordIdentity';
import type { ReadingCorrections } from '../readings/readingCorrections';
import type { CoverageService } from '../coverage/coverageService';
import type { ReadingLog } from '../readingStats/readingLog';
import type { WordKnowledge } from '../knowledge/wordKnowledge';
import type { WordImports } from '../knowledge/wordImports';
import type { ReviewFollower } from '../knowledge/reviewStatus';

/** Every service of the core: what the handler factories pick their dependencies from. */
export interface CoreServices {
  config: Config;
  mode: 'electron' | 'browser';
  version: string;
  db: Database.Database;
  settings: SettingsService;
  secrets: SecretsService;
  bus: PushBus;
  upstreams: Upstreams;
  audio: AudioCache;
  daily: DailyService;
  /** Each provider's model list: live, stored or built-in (refreshed by `catalog.start()`). */
  catalog: ModelCatalog;
  /** The model rule (modelChoice.ts) over the catalog. */
  models: ReturnType<typeof catalogResolver>;
  /** What each model answer cost, per task and document. */
  usage: UsageLog;
  /** The credit meter of the app's OpenRouter key, and key edits. */
  credits: CreditsService;
  /** The offline analyzer: its worker and dictionary load on first use. */
  analyzer: Analyzer;
  /** Model answers (analyses, translations, explanations, OCR) keyed by everything that changes them. */
  answers: AnswerCache;
  caches: CacheAdmin;
  /** History: every analysed text, searchable, with its chats. */
  library: Library;
  /** Starred words and sentences scheduled with FSRS. */
  review: ReviewService;
  /** The offline dictionary (JMdict, KANJIDIC) in APP_DATA_DIR/dictionary.db. */
  dictionary: DictionaryService;
  /** Word identity: every counted word of a text keyed by its dictionary form and reading. */
  words: WordIdentity;
  /** Readings the learner corrected by hand, shown wherever the word appears. */
  readings: ReadingCorrections;
  /** The learner's status of each word (new, learning, known, ignored) and where it came from. */
  knowledge: WordKnowledge;
  /** Review cards feeding their words' statuses. */
  reviewStatus: ReviewFollower;
  /** Word lists and Anki searches imported into `knowledge`. */
  wordImports: WordImports;
  /** Imported books, their chapters and reading positions. */
  books: BookStore;
  /** How much of a text or book the learner knows (computed in a worker, cached per book). */
  coverage: CoverageService;
  /** Reading statistics: characters read as the position moves forward, time, per day and book. */
  readingLog: ReadingLog;
  notices: StoreNotice[];
  /** Browser mode: where the server listens and why; set once it listens. */
  sharing?: SharingStatus;
  /** Desktop only (see `CoreOptions.fileDialogs`). */
  fileDialogs?: FileDialogs;
  /** Desktop only (see `CoreOptions.windowControl`). */
  windowControl?: WindowControl;
}
