/** OpenRouter's public model list (`GET /models`), validated entry by entry. */
import { z } from 'zod';
import { isFreeModel, type CatalogModel } from '../../../shared/catalog';

/** A price is a decimal string in USD per token ("0.0000003"); "-1" marks a router whose price varies. */
const price = z.string().regex(/^-?\d+(\.\d+)?(e-?\d+)?$/i).transform(Number);

const entrySchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().max(300).optional(),
  context_length: z.number().nonnegative().nullish(),
  pricing: z.object({ prompt: price, completion: price, image: price.optional() }),
  architecture: z.object({ input_modalities: z.array(z.string()).optional() }).optional(),
  supported_parameters: z.array(z.string()).optional(),
});

const listSchema = z.object({ data: z.array(z.unknown()) });

const perMillion = (usdPerToken: number) => Math.round(usdPerToken * 1e6 * 1e6) / 1e6;

/** The catalog entries of a response body; throws when the body itself is not a model list. A malformed entry is skipped. */
export function parseOpenRouterModels(body: unknown): CatalogModel[] {
  const list = listSchema.parse(body);
  const out: CatalogModel[] = [];
  for (const raw of list.data) {
    const e = entrySchema.safeParse(raw);
    if (!e.success) continue;
    const m = e.data;
    // A variable-price router (negative price) cannot be estimated: left out.
    if (m.pricing.prompt < 0 || m.pricing.completion < 0) continue;
    const params = m.supported_parameters ?? [];
    out.push({
      id: m.id,
      name: m.name ?? m.id,
      contextLength: m.context_length ?? 0,
      promptPrice: perMillion(m.pricing.prompt),
      completionPrice: perMillion(m.pricing.completion),
      free: isFreeModel(m.id),
      inputModalities: m.architecture?.input_modalities ?? ['text'],
      structuredOutputs: params.includes('structured_outputs'),
    });
  }
  return out;
}
