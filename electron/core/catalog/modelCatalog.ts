/**
 * The list of available models, live: each provider's catalog as
 * last fetched (kept in SQLite), else the built-in list. Refreshed in the
 * background at start and daily, on demand, and at most hourly when a request
 * names a model it does not know. Nothing ever waits on a fetch but `refresh`.
 */
import { builtinModels, PROVIDERS, type CatalogModel, type CatalogSource, type ModelList, type Provider } from '../../../shared/catalog';
import type { CatalogStore } from './catalogStore';

export const DAY_MS = 86_400_000;
export const UNKNOWN_MODEL_REFRESH_MS = 3_600_000;

export type CatalogFetcher = (signal: AbortSignal) => Promise<CatalogModel[]>;

export interface ModelCatalogOptions {
  store: CatalogStore;
  fetchers: Record<Provider, CatalogFetcher>;
  now?: () => number;
  /** A failed fetch, for the log; the catalog itself stays as it was. */
  onError?: (provider: Provider, error: unknown) => void;
}

interface Held {
  source: CatalogSource;
  fetchedAt: string | null;
  models: CatalogModel[];
  ids: Set<string>;
}

function held(source: CatalogSource, fetchedAt: string | null, models: CatalogModel[]): Held {
  return { source, fetchedAt, models, ids: new Set(models.map((m) => m.id)) };
}

export class ModelCatalog {
  private readonly lists = new Map<Provider, Held>();
  private readonly inFlight = new Map<Provider, Promise<ModelList>>();
  private readonly lastUnknownRefresh = new Map<Provider, number>();
  private readonly generation = new Map<Provider, number>();
  private readonly ctl = new AbortController();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(private readonly opts: ModelCatalogOptions) {
    this.now = opts.now ?? Date.now;
    for (const p of PROVIDERS) {
      const stored = opts.store.read(p);
      this.lists.set(p, stored && stored.models.length > 0 ? held('stored', stored.fetchedAt, stored.models) : held('builtin', null, builtinModels(p)));
    }
  }

  /** Refreshes both lists now and every day after; returns at once. */
  start(): void {
    for (const p of PROVIDERS) void this.refresh(p);
    this.timer = setInterval(() => {
      for (const p of PROVIDERS) void this.refresh(p);
    }, DAY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.ctl.abort();
  }

  list(provider: Provider): ModelList {
    const h = this.lists.get(provider)!;
    return { provider, source: h.source, fetchedAt: h.fetchedAt, models: h.models };
  }

  get(provider: Provider, id: string): CatalogModel | undefined {
    const h = this.lists.get(provider)!;
    return h.ids.has(id) ? h.models.find((m) => m.id === id) : undefined;
  }

  knows(provider: Provider, id: string): boolean {
    return this.lists.get(provider)!.ids.has(id);
  }

  /** A request named a model the catalog lacks: maybe it is new. Fetches in the background, at most hourly. */
  noteUnknown(provider: Provider): void {
    const last = this.lastUnknownRefresh.get(provider);
    if (last !== undefined && this.now() - last < UNKNOWN_MODEL_REFRESH_MS) return;
    this.lastUnknownRefresh.set(provider, this.now());
    void this.refresh(provider);
  }

  /**
   * The provider's source changed (a new local server address): a fetch still running asks the old one, so its
   * answer is dropped and the next `refresh` starts afresh.
   */
  sourceChanged(provider: Provider): void {
    this.generation.set(provider, (this.generation.get(provider) ?? 0) + 1);
    this.inFlight.delete(provider);
  }

  /** Fetches now (one fetch at a time per provider); a failed, malformed or empty answer keeps the last good list. */
  refresh(provider: Provider): Promise<ModelList> {
    const running = this.inFlight.get(provider);
    if (running) return running;
    const generation = this.generation.get(provider) ?? 0;
    const current = () => (this.generation.get(provider) ?? 0) === generation;
    const p = (async () => {
      try {
        const models = await this.opts.fetchers[provider](this.ctl.signal);
        if (!current()) return this.list(provider);
        if (models.length === 0) throw new Error('empty model list');
        const fetchedAt = new Date(this.now()).toISOString();
        this.opts.store.write(provider, { fetchedAt, models });
        this.lists.set(provider, held('live', fetchedAt, models));
      } catch (e) {
        if (!this.ctl.signal.aborted) this.opts.onError?.(provider, e);
        if (!current()) return this.list(provider);
        // A local server that stopped answering: its list is what it was, no longer what it is.
        const h = this.lists.get(provider)!;
        if (provider === 'local' && h.source === 'live') this.lists.set(provider, held('stored', h.fetchedAt, h.models));
      } finally {
        if (current()) this.inFlight.delete(provider);
      }
      return this.list(provider);
    })();
    this.inFlight.set(provider, p);
    return p;
  }
}
