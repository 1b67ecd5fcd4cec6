import { resolveModel } from '../../../shared/catalog';
import type { Settings } from '../../../shared/settings';
import { sha256 } from '../cache/cacheKey';
import { DAILY_PROMPT_VERSION, DAILY_SCHEMA, dailyMessages } from '../prompts/daily';

/** The prompt as sent (messages with no date, and the schema): editing it changes the key even if no one bumps the version. */
const PROMPT_HASH = sha256(JSON.stringify([dailyMessages('', undefined), DAILY_SCHEMA]));

/** What makes today's sentence: prompt version, prompt, provider and model. */
export function dailyVariant(m: { provider: string; model: string }, promptVersion: number = DAILY_PROMPT_VERSION, promptHash: string = PROMPT_HASH): string {
  return sha256(JSON.stringify(['daily', promptVersion, promptHash, m.provider, m.model]));
}

/** The variant of the current settings (the model `dailyGenerator` will use). */
export const dailyVariantOf = (s: Settings): string => dailyVariant({ provider: s.provider, model: resolveModel(s.provider, s.models[s.provider]) });
