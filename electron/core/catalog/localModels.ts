/** A local OpenAI-compatible server's model list (`GET /models`: Ollama, LM Studio, llama.cpp), validated entry by entry. */
import { z } from 'zod';
import { MODEL_ID_PATTERN, type CatalogModel } from '../../../shared/catalog';

const entrySchema = z.object({
  id: z.string().regex(MODEL_ID_PATTERN),
  // llama.cpp's server adds the context it was trained with; the others say nothing of it.
  meta: z.object({ n_ctx_train: z.number().nonnegative().optional() }).passthrough().optional(),
});

const listSchema = z.object({ data: z.array(z.unknown()) });

/**
 * These servers do not say what a model reads: a vision model is known by its name
 * (llava, bakllava, moondream, minicpm-v, llama3.2-vision, qwen2.5vl, gemma3, pixtral, …),
 * so that image text only ever goes to one of them.
 */
const VISION_NAME = /(vision|llava|moondream|minicpm-v|[-_.]?vl\b|vl[-_:.]|qwen2\.5vl|gemma-?3|pixtral|granite3\.2-vision|mistral-small3\.[12])/i;

export function readsImages(id: string): boolean {
  return VISION_NAME.test(id);
}

/** The catalog entries of a response body; throws when the body itself is not a model list. A malformed entry is skipped. */
export function parseLocalModels(body: unknown): CatalogModel[] {
  const list = listSchema.parse(body);
  const out: CatalogModel[] = [];
  for (const raw of list.data) {
    const e = entrySchema.safeParse(raw);
    if (!e.success) continue;
    const { id } = e.data;
    out.push({
      id,
      name: id,
      contextLength: e.data.meta?.n_ctx_train ?? 0,
      // Runs on the learner's machine: no price, ever.
      promptPrice: 0,
      completionPrice: 0,
      free: true,
      inputModalities: readsImages(id) ? ['text', 'image'] : ['text'],
      // Support for `response_format: json_schema` varies by server and version: the schema goes in the prompt
      // and the answer is validated (structuredFallback), which every server handles.
      structuredOutputs: false,
    });
  }
  return out;
}
