import { describe, expect, it } from 'vitest';
import { builtinModels, modelsForTask, type CatalogModel } from '../../../shared/catalog';
import { parseLocalModels, readsImages } from '../../../electron/core/catalog/localModels';
import { groupByVendor, recommendedModels, vendorOf } from '../../../shared/modelGroups';
import { searchModels } from '../../../shared/modelSearch';

const openrouter = builtinModels('openrouter');

describe('the picker before any typing', () => {
  it('recommends per task only what the list offers, in recommendation order', () => {
    expect(recommendedModels('openrouter', 'analysis', openrouter, null).map((m) => m.id)).toEqual(['google/gemini-2.5-flash', 'openai/gpt-4.1-mini', 'google/gemini-2.5-pro']);
    const withoutFlash = openrouter.filter((m) => m.id !== 'google/gemini-2.5-flash');
    expect(recommendedModels('openrouter', 'chat', withoutFlash, null).map((m) => m.id)).toEqual(['anthropic/claude-sonnet-4', 'deepseek/deepseek-chat-v3-0324:free']);
    // Image text: only able models are offered, so a text-only recommendation never shows.
    const able = modelsForTask(openrouter, 'imageText');
    expect(recommendedModels('openrouter', 'imageText', able, null).every((m) => m.inputModalities.includes('image'))).toBe(true);
  });

  it('a local server: the model in use, and for image text the models that read images', () => {
    const local = parseLocalModels({ object: 'list', data: [{ id: 'llama3.2:latest' }, { id: 'llava:7b' }, { id: 'qwen2.5vl:7b' }, { id: 'bad id with spaces' }] });
    expect(local.map((m) => m.id)).toEqual(['llama3.2:latest', 'llava:7b', 'qwen2.5vl:7b']);
    expect(recommendedModels('local', 'analysis', local, 'llama3.2:latest').map((m) => m.id)).toEqual(['llama3.2:latest']);
    expect(recommendedModels('local', 'imageText', modelsForTask(local, 'imageText'), 'llava:7b').map((m) => m.id)).toEqual(['llava:7b', 'qwen2.5vl:7b']);
    expect(['llama3.2-vision:11b', 'moondream', 'gemma3:4b', 'minicpm-v:8b'].every(readsImages)).toBe(true);
    expect(['llama3.2:latest', 'qwen2.5:7b', 'deepseek-r1:8b', 'mistral:7b'].some(readsImages)).toBe(false);
  });

  it('groups every model by its maker, makers in alphabetical order, nothing lost', () => {
    const groups = groupByVendor('openrouter', openrouter);
    expect(groups.map((g) => g.label)).toEqual(['Anthropic', 'DeepSeek', 'Google', 'Meta', 'OpenAI']);
    expect(groups.flatMap((g) => g.models)).toHaveLength(openrouter.length);
    expect(vendorOf('gemini', builtinModels('gemini')[0]!)).toEqual({ key: 'google', label: 'Google' });
  });

  it('search finds by maker and by ability words, all words required', () => {
    const extra = (m: CatalogModel) => `${vendorOf('openrouter', m).label} ${m.inputModalities.includes('image') ? '圖片 image' : ''} ${m.free ? 'free' : ''}`;
    expect(searchModels(openrouter, 'meta', Infinity, extra).map((m) => m.id)).toEqual(['meta-llama/llama-3.3-70b-instruct:free']);
    expect(searchModels(openrouter, '圖片 openai', Infinity, extra).map((m) => m.id)).toEqual(['openai/gpt-4o-mini', 'openai/gpt-4.1-mini']);
    expect(searchModels(openrouter, 'free', Infinity, extra)).toHaveLength(2);
    expect(searchModels(openrouter, 'image deepseek', Infinity, extra)).toEqual([]);
  });
});
