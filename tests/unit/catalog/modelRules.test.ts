import { describe, expect, it } from 'vitest';
import { builtinModels, isStructuredTask, modelsForTask, type CatalogModel } from '../../../shared/catalog';
import { searchModels } from '../../../shared/modelSearch';
import { estimateAnalysisCost } from '../../../shared/usage';
import { bestReplacement, familyOf } from '../../../electron/core/models/modelChoice';
import { parseOpenRouterModels } from '../../../electron/core/catalog/openrouterModels';
import { parseGeminiPage } from '../../../electron/core/catalog/geminiModels';
import { generateOpenRouterModels, MALFORMED_OPENROUTER_ENTRIES } from '../../fakes/modelList';

const model = (id: string, o: Partial<CatalogModel> = {}): CatalogModel => ({
  id,
  name: id,
  contextLength: 1000,
  promptPrice: 1,
  completionPrice: 1,
  free: id.endsWith(':free'),
  inputModalities: ['text'],
  structuredOutputs: false,
  ...o,
});

describe('catalog rules', () => {
  it('image text offers only models with image input', () => {
    const models = [model('a/text'), model('b/vision', { inputModalities: ['text', 'image'] }), model('c/file', { inputModalities: ['text', 'file'] })];
    expect(modelsForTask(models, 'imageText').map((m) => m.id)).toEqual(['b/vision']);
    expect(modelsForTask(models, 'chat')).toHaveLength(3);
    expect(isStructuredTask('analysis')).toBe(true);
    expect(isStructuredTask('chat')).toBe(false);
  });

  it('families: vendor and name stem', () => {
    expect(familyOf('google/gemini-2.5-flash')).toBe('google/gemini');
    expect(familyOf('gemini-2.5-pro')).toBe('gemini');
    expect(familyOf('openai/gpt-4o-mini')).toBe('openai/gpt');
  });

  it('a replacement: same family first, structured preferred; else the cheapest structured; :free only for :free', () => {
    const models = [
      model('google/gemini-3-flash', { promptPrice: 0.5, structuredOutputs: true }),
      model('google/gemini-3-lite', { promptPrice: 0.1, structuredOutputs: false }),
      model('x/cheapest', { promptPrice: 0.01, structuredOutputs: true }),
      model('x/free:free', { promptPrice: 0, completionPrice: 0, structuredOutputs: true }),
    ];
    expect(bestReplacement(models, 'google/gemini-2.5-flash')?.id).toBe('google/gemini-3-flash');
    expect(bestReplacement(models, 'openai/gpt-4o-mini')?.id).toBe('x/cheapest');
    expect(bestReplacement(models, 'meta/llama:free')?.id).toBe('x/free:free');
  });

  it('OpenRouter entries: prices per million, malformed ones skipped; a body that is no list throws', () => {
    const entries = generateOpenRouterModels(50);
    const parsed = parseOpenRouterModels({ data: [...entries, ...MALFORMED_OPENROUTER_ENTRIES] });
    expect(parsed).toHaveLength(50);
    expect(parsed[0]).toMatchObject({ id: 'google/gemini-2.5-flash', promptPrice: 0.3, completionPrice: 2.5 });
    expect(() => parseOpenRouterModels({ models: [] })).toThrow();
    // A variable-price router cannot be estimated.
    expect(parseOpenRouterModels({ data: [{ id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } }] })).toEqual([]);
  });

  it('Gemini pages: generateContent models only, the page token passed on', () => {
    const page = parseGeminiPage({
      models: [
        { name: 'models/gemini-9-flash', displayName: 'Gemini 9 Flash', inputTokenLimit: 10, supportedGenerationMethods: ['generateContent'] },
        { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
        { name: 'bad name', supportedGenerationMethods: ['generateContent'] },
      ],
      nextPageToken: 'abc',
    });
    expect(page.models.map((m) => m.id)).toEqual(['gemini-9-flash']);
    expect(page.nextPageToken).toBe('abc');
  });

  it('picker search: every word in the id or name, case-insensitive', () => {
    const models = [model('google/gemini-2.5-flash', { name: 'Google: Gemini 2.5 Flash' }), model('openai/gpt-4o-mini', { name: 'OpenAI: GPT-4o-mini' })];
    expect(searchModels(models, 'FLASH google').map((m) => m.id)).toEqual(['google/gemini-2.5-flash']);
    expect(searchModels(models, 'openai: mini').map((m) => m.id)).toEqual(['openai/gpt-4o-mini']);
    expect(searchModels(models, '')).toHaveLength(2);
    expect(searchModels(models, 'nothing')).toEqual([]);
  });

  it('the cost estimate grows with the text and the price', () => {
    const [flash] = builtinModels('openrouter');
    const short = estimateAnalysisCost(100, flash!);
    const long = estimateAnalysisCost(10_000, flash!);
    expect(long).toBeGreaterThan(0.05);
    expect(short).toBeLessThan(0.05);
    expect(estimateAnalysisCost(10_000, { promptPrice: 0, completionPrice: 0 })).toBe(0);
  });
});
