/** Gemini's native model list (`GET /models`, paged by `nextPageToken`), validated entry by entry. */
import { z } from 'zod';
import type { CatalogModel } from '../../../shared/catalog';

const entrySchema = z.object({
  name: z.string().regex(/^models\/[A-Za-z0-9._-]+$/),
  displayName: z.string().max(300).optional(),
  inputTokenLimit: z.number().nonnegative().optional(),
  supportedGenerationMethods: z.array(z.string()),
});

const pageSchema = z.object({ models: z.array(z.unknown()).optional(), nextPageToken: z.string().optional() });

export interface GeminiPage {
  models: CatalogModel[];
  nextPageToken?: string;
}

/** One page's chat models (those that `generateContent`, minus speech and embedding ones); a malformed entry is skipped. */
export function parseGeminiPage(body: unknown): GeminiPage {
  const page = pageSchema.parse(body);
  const models: CatalogModel[] = [];
  for (const raw of page.models ?? []) {
    const e = entrySchema.safeParse(raw);
    if (!e.success || !e.data.supportedGenerationMethods.includes('generateContent')) continue;
    const id = e.data.name.slice('models/'.length);
    if (/tts|embedding|image-generation|native-audio/.test(id)) continue;
    const gemini = id.startsWith('gemini');
    models.push({
      id,
      name: e.data.displayName ?? id,
      contextLength: e.data.inputTokenLimit ?? 0,
      // Gemini bills outside the gateway: no price here, tokens only.
      promptPrice: 0,
      completionPrice: 0,
      free: false,
      // Every Gemini model reads images; the Gemma ones served here take text.
      inputModalities: gemini ? ['text', 'image'] : ['text'],
      structuredOutputs: gemini,
    });
  }
  return { models, ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}) };
}
