/** Reads the providers' model lists over HTTP: one GET (OpenRouter, a local server) or the pages of one (Gemini). */
import type { CatalogModel } from '../../../shared/catalog';
import { readResponseTextBounded } from '../net/boundedRead';
import { UPSTREAM_JSON_LIMIT_BYTES } from '../net/upstreamLimits';
import { parseGeminiPage } from './geminiModels';
import { parseLocalModels } from './localModels';
import { parseOpenRouterModels } from './openrouterModels';

/** Far above any real list (OpenRouter's is about 1 MB): the read stops as a body passes it. */
export const CATALOG_LIMIT_BYTES = UPSTREAM_JSON_LIMIT_BYTES;
const MAX_PAGES = 20;

async function getJson(fetcher: typeof fetch, url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const res = await fetcher(url, { headers: { Accept: 'application/json', ...headers }, signal });
  if (!res.ok) throw new Error(`model list: HTTP ${res.status}`);
  return JSON.parse(await readResponseTextBounded(res, CATALOG_LIMIT_BYTES)) as unknown;
}

export async function fetchOpenRouterCatalog(fetcher: typeof fetch, baseUrl: string, signal?: AbortSignal): Promise<CatalogModel[]> {
  return parseOpenRouterModels(await getJson(fetcher, `${baseUrl}/models`, {}, signal));
}

/** A local server answers at once or is not running: a short limit, so Settings never waits long on a dead address. */
export const LOCAL_LIST_TIMEOUT_MS = 5_000;

export async function fetchLocalCatalog(fetcher: typeof fetch, baseUrl: string, signal?: AbortSignal): Promise<CatalogModel[]> {
  const limit = AbortSignal.timeout(LOCAL_LIST_TIMEOUT_MS);
  return parseLocalModels(await getJson(fetcher, `${baseUrl.replace(/\/+$/, '')}/models`, {}, signal ? AbortSignal.any([signal, limit]) : limit));
}

/** Follows `nextPageToken`; the key goes in the `x-goog-api-key` header, as Google's own clients send it. */
export async function fetchGeminiCatalog(fetcher: typeof fetch, baseUrl: string, apiKey: string, signal?: AbortSignal): Promise<CatalogModel[]> {
  const all: CatalogModel[] = [];
  let token: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const url = `${baseUrl}/models?pageSize=100${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
    const page = parseGeminiPage(await getJson(fetcher, url, { 'x-goog-api-key': apiKey }, signal));
    all.push(...page.models);
    token = page.nextPageToken;
    if (!token) break;
  }
  return all;
}
