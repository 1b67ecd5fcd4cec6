import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config/config';
import { createDispatcher, type Dispatcher } from '../rpc/dispatcher';
import { PushBus } from '../rpc/pushBus';
import type { SecretBackend } from '../secrets/backend';
import { createEncryptedFileBackend, type SafeStorageLike } from '../secrets/encryptedFileBackend';
import { createKeytarBackend } from '../secrets/keytarBackend';
import { SecretsService } from '../secrets/secretsService';
import { SettingsService } from '../settings/settingsService';
import { openDatabase } from '../store/database';
import { SettingsRepo } from '../store/settingsRepo';
import { createAnalyzer } from '../analyzer';
import { AudioCache } from '../cache/audioCache';
import { AnswerCache } from '../cache/answerCache';
import { CacheAdmin } from '../cache/cacheAdmin';
import type { FileDialogs } from '../library/fileDialogs';
import type { WindowControl } from '../window/windowControl';
import { Library } from '../library/library';
import { ReviewService } from '../review/reviewService';
import { BookStore } from '../books/bookStore';
import { DailyService } from '../daily/dailyService';
import { dailyVariantOf } from '../daily/dailyVariant';
import { createUpstreams } from '../models/upstreams';
import type { CoreServices } from './coreServices';
import { CreditsService } from '../credits/creditsService';
import { createGatewayClient } from '../gateway/client';
import { DictionaryService } from '../dictionary';
import { databaseOrder } from '../dictionary/dictionaryOrder';
import { createHandlers } from './handlers/index';
import { CatalogStore } from '../catalog/catalogStore';
import { fetchGeminiCatalog, fetchLocalCatalog, fetchOpenRouterCatalog } from '../catalog/fetchCatalog';
import { ModelCatalog } from '../catalog/modelCatalog';
import { catalogResolver } from '../models/modelChoice';
import { UsageLog } from '../models/usageLog';
import { WordIdentity } from '../words/wordIdentity';
import { CoverageService } from '../coverage/coverageService';
import { CoverageWorker } from '../coverage/coverageWorker';
import { CoverageCache } from '../coverage/coverageCache';
import { ReadingLog, learntPerDay } from '../readingStats/readingLog';
import { ReadingCorrections } from '../readings/readingCorrections';
import { TokenReadings } from '../readings/tokenReadings';
import { WordKnowledge } from '../knowledge/wordKnowledge';
import { WordImports } from '../knowledge/wordImports';
import { followReview } from '../knowledge/reviewStatus';

export interface CoreOptions {
  config: Config;
  mode: 'electron' | 'browser';
  version: string;
  /** Injected by Electron's main process; the fallback when the OS keychain is unavailable. */
  safeStorage?: SafeStorageLike;
  /** Replaces the default backends (tests). */
  secretBackends?: SecretBackend[];
  /** Injected by Electron's main process: save/open dialogs for backups outside the app folder. */
  fileDialogs?: FileDialogs;
  /** Injected by Electron's main process: the window's full screen. */
  windowControl?: WindowControl;
}

/** The core's services, and how to shut them down. The dispatcher is built beside it (see `createCore`). */
export interface Core extends CoreServices {
  close(): Promise<void>;
}

/**
 * The composition root: builds every service of the core from a `Config`, then
 * the dispatcher over their handlers. The dispatcher is not a service: no handler reaches it.
 */
export function createCore(opts: CoreOptions): { core: Core; dispatcher: Dispatcher } {
  const { config } = opts;
  const { db, notices } = openDatabase({ dir: config.appDataDir, nativeBinding: config.sqliteNativeBinding });
  const bus = new PushBus();
  for (const n of notices) bus.emit('app.notice', n, { sticky: true });

  const settings = new SettingsService(new SettingsRepo(db));
  settings.onChange((s) => bus.emit('settings.changed', s));

  const backends = opts.secretBackends ?? [
    createKeytarBackend(config.keychainService),
    ...(opts.safeStorage
      ? [createEncryptedFileBackend(opts.safeStorage, config.appDataDir, { allowInsecure: () => settings.get().allowInsecureKeyStorage })]
      : []),
  ];
  const secrets = new SecretsService({
    backends,
    env: {
      openrouter: config.openrouterApiKey,
      gemini: config.geminiApiKey,
      openrouterManagement: config.openrouterManagementKey,
    },
  });
  settings.onChange(() => secrets.reselect());

  // The learner's address (Settings) wins over LOCAL_API_URL.
  const localApiUrl = (): string => settings.get().localApiUrl ?? config.localApiUrl;

  const usage = new UsageLog(db);
  // Completions report their cost and failures to the meter (the hooks only run after both exist),
  // and every answer to the app's key, through the app or through /api/*, its usage to the log.
  const upstreams = createUpstreams(config, db, secrets, {
    onCost: (provider, cost, model, answerUsage, tag) => {
      if (provider === 'openrouter') credits.onCost(cost);
      if (tag) usage.record({ provider, model, task: tag.task, ...(tag.documentId !== undefined ? { documentId: tag.documentId } : {}), usage: answerUsage });
    },
    onError: (e) => credits.onGatewayError(e),
  }, localApiUrl);
  // The meter polls with its own client: one retry, so an outage shows as stale within seconds.
  const credits = new CreditsService({
    client: createGatewayClient({ baseUrl: config.openrouterApiUrl, retry: { maxRetries: 1 } }),
    secrets,
    bus,
    throttle: upstreams.throttle,
  });

  const audio = new AudioCache(db, () => settings.get().audioCacheMb * 1024 * 1024);
  // A lowered cap applies at once, not at the next synthesis.
  let audioCapMb = settings.get().audioCacheMb;
  settings.onChange((s) => {
    if (s.audioCacheMb < audioCapMb) audio.enforceCap();
    audioCapMb = s.audioCacheMb;
  });
  const answers = new AnswerCache(db);
  const catalog = new ModelCatalog({
    store: new CatalogStore(db),
    fetchers: {
      openrouter: (signal) => fetchOpenRouterCatalog(fetch, config.openrouterApiUrl, signal),
      gemini: async (signal) => {
        const key = await secrets.resolve('gemini');
        if (!key) throw new Error('no Gemini key: the built-in list stays');
        return fetchGeminiCatalog(fetch, config.geminiNativeApiUrl, key, signal);
      },
      local: (signal) => fetchLocalCatalog(fetch, localApiUrl(), signal),
    },
  });
  // A new local address: its list, now.
  let localUrlSeen = localApiUrl();
  settings.onChange(() => {
    if (localApiUrl() === localUrlSeen) return;
    localUrlSeen = localApiUrl();
    catalog.sourceChanged('local');
    void catalog.refresh('local');
  });
  const dictionary = new DictionaryService({
    dir: config.appDataDir,
    downloadBase: config.dictionaryUrl,
    ...(config.sqliteNativeBinding ? { nativeBinding: config.sqliteNativeBinding } : {}),
    onProgress: (p) => bus.emit('dictionary.progress', p),
    order: databaseOrder(db),
    ...(config.builtinDataDir ? { builtinDataDir: config.builtinDataDir } : {}),
  });
  // The shipped pitch accents and JLPT list are built into files of their own once (the first start), off the way.
  if (config.builtinDataDir) void dictionary.prepareBuiltins();
  // The build's decompressed dictionary makes the first launch fast; without one (a dev run), a copy in the data dir makes later ones fast.
  const analyzer = createAnalyzer({
    cacheDir: config.analyzerCacheDir ?? path.join(config.appDataDir, 'cache', 'analyzer'),
    ...(config.analyzerPrebuiltDir ? { prebuiltDir: config.analyzerPrebuiltDir } : {}),
  });
  const readings = new ReadingCorrections(db, (word, correction) => bus.emit('readings.changed', { word, correction }));
  const words = new WordIdentity({ analyzer, dictionary, readings: new TokenReadings({ dictionary, corrections: readings }) });
  const knowledge = new WordKnowledge(db);
  knowledge.onChange((changed) => bus.emit('words.changed', { changed: changed.map((c) => ({ ...c.key, status: c.status })) }));
  const books = new BookStore(db, config.appDataDir);
  const readingLog = new ReadingLog({ db, learntPerDay: (from) => learntPerDay(knowledge, from) });
  books.onPosition((bookId, position, now) => readingLog.record(bookId, position, now));
  const coverageWorker = new CoverageWorker();
  const coverage = new CoverageService({
    words,
    books,
    statuses: knowledge,
    worker: coverageWorker,
    cache: new CoverageCache(db),
    onProgress: (p) => bus.emit('coverage.progress', p),
    // Keys follow the dictionary's headwords and the learner's readings: either changing rebuilds a book's index.
    identityStamp: () => `${dictionary.status().importedAt ?? 'none'}|${readingsStamp(readings)}`,
    // The unknown words' JLPT level (N5 → 5) and frequency rank, from the shipped data and imported dictionaries.
    wordFacts: (key) => {
      const facts = dictionary.wordFacts({ term: key.term, reading: key.reading });
      return { ...(facts.jlpt ? { jlpt: Number(facts.jlpt.slice(1)) } : {}), ...(facts.frequency ? { frequency: facts.frequency.value } : {}) };
    },
  });
  const review = new ReviewService(db);
  const reviewStatus = followReview(review, {
    knowledge,
    wordKey: (word, sentence) => words.wordKey(word, sentence),
    knownAfterDays: () => settings.get().reviewKnownAfterDays,
  });
  const core: Core = {
    config,
    mode: opts.mode,
    version: opts.version,
    db,
    settings,
    secrets,
    bus,
    notices,
    ...(opts.fileDialogs ? { fileDialogs: opts.fileDialogs } : {}),
    ...(opts.windowControl ? { windowControl: opts.windowControl } : {}),
    upstreams,
    catalog,
    models: catalogResolver(catalog),
    usage,
    credits,
    audio,
    answers,
    caches: new CacheAdmin(db, answers, audio, () => settings.get().audioCacheMb * 1024 * 1024),
    library: new Library(db, answers),
    review,
    dictionary,
    words,
    readings,
    knowledge,
    wordImports: new WordImports({ knowledge, identity: words, dictionary, bus, ankiConnectUrl: () => config.ankiConnectUrl }),
    books,
    coverage,
    readingLog,
    daily: new DailyService(db, { variant: () => dailyVariantOf(settings.get()) }),
    analyzer,
    reviewStatus,
    async close() {
      dispatcher.cancelAll();
      reviewStatus.stop();
      await reviewStatus.settled();
      core.credits.dispose();
      catalog.stop();
      upstreams.close();
      await core.analyzer.close().catch(() => undefined);
      coverage.close();
      await coverageWorker.close().catch(() => undefined);
      core.dictionary.close();
      if (db.open) usage.flush();
      if (db.open) db.close();
    },
  };
  const dispatcher = createDispatcher(createHandlers(core));
  return { core, dispatcher };
}


/** The learner's reading corrections as one short string: a correction re-keys words. */
function readingsStamp(readings: ReadingCorrections): string {
  return createHash('sha256').update(readings.list().map((c) => `${c.word}\t${c.reading}`).sort().join('\n')).digest('hex').slice(0, 16);
}
