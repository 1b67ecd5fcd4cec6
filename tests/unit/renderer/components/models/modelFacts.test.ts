import { describe, expect, it } from 'vitest';
import { builtinModels, type CatalogModel } from '../../../../../shared/catalog';
import { modelFactsView } from '../../../../../renderer/src/components/models/modelFormat';

const byId = (models: CatalogModel[], id: string) => models.find((m) => m.id === id)!;

describe('what the model picker says of a model', () => {
  it('a built-in entry: price and abilities unknown, never $0 or a free badge it did not earn by its id', () => {
    const openrouter = builtinModels('openrouter');
    expect(modelFactsView(byId(openrouter, 'google/gemini-2.5-flash'), 'builtin', 'openrouter')).toEqual({ price: 'unknown', free: false });
    expect(modelFactsView(byId(openrouter, 'deepseek/deepseek-chat-v3-0324:free'), 'builtin', 'openrouter')).toEqual({ price: 'unknown', free: true });
    // Gemini's built-ins carry 0 prices: still unknown, not free.
    for (const m of builtinModels('gemini')) expect(modelFactsView(m, 'builtin', 'gemini')).toEqual({ price: 'unknown', free: false });
  });

  it('a fetched entry (live or stored): its prices and abilities; Gemini\'s list gives no prices: "billed by the provider"', () => {
    const m: CatalogModel = { id: 'x/y', name: 'Y', contextLength: 1000, promptPrice: 0.3, completionPrice: 2.5, free: false, inputModalities: ['text', 'image'], structuredOutputs: true };
    expect(modelFactsView(m, 'live', 'openrouter')).toEqual({ price: { prompt: 0.3, completion: 2.5 }, abilities: { image: true, structured: true }, free: false });
    expect(modelFactsView({ ...m, promptPrice: 0, completionPrice: 0, inputModalities: ['text'], structuredOutputs: false }, 'stored', 'gemini')).toEqual({
      price: 'billed',
      abilities: { image: false, structured: false },
      free: false,
    });
    expect(modelFactsView({ ...m, id: 'x/y:free', promptPrice: 0, completionPrice: 0, free: true }, 'live', 'openrouter').price).toEqual({ prompt: 0, completion: 0 });
  });

  it('a model the gateway lists at 0 and 0 without a :free id costs nothing: its price, not "billed"', () => {
    const m: CatalogModel = { id: 'x/zero', name: 'Zero', contextLength: 1000, promptPrice: 0, completionPrice: 0, free: false, inputModalities: ['text'], structuredOutputs: false };
    expect(modelFactsView(m, 'live', 'openrouter').price).toEqual({ prompt: 0, completion: 0 });
    expect(modelFactsView(m, 'stored', 'gemini').price).toBe('billed');
  });
});
