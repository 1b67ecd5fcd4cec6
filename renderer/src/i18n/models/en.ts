/**
 * Messages of the model catalog, the per-task model choice and what answers cost.
 * English is the key source; the other locales must have exactly these keys.
 */
import type { Widen } from '../widen';

export const modelsEn = {
  models: {
    tasks: {
      analysis: 'Analysis',
      translation: 'Translation and explanations',
      imageText: 'Text from images',
      chat: 'Chat',
      daily: 'Sentence of the day',
    },
    taskHelp: {
      analysis: 'Also used for the sentence of the day. Models with structured output are listed first.',
      translation: 'Word and phrase explanations too. Models with structured output are listed first.',
      imageText: 'Only models that read images are offered.',
      chat: 'The tutor chat.',
    },
    sameAsAnalysis: 'Same as analysis',
    recommended: 'Recommended for this task',
    allModels: 'All models, by maker ({{count}})',
    emptyList: 'This list has no model yet.',
    sameAsAnalysisFallback: 'Same as analysis: {{analysis}} reads no images, so {{model}} is used.',
    noAbleModel: 'No model in this list reads images: text from images cannot run.',
    localPrice: 'Free: runs on this computer',
    search: 'Search by name, id, maker or ability',
    searchLabel: 'Search models for: {{task}}',
    results: 'Models found: {{count}}',
    noResults: 'No model matches “{{query}}”.',
    more: 'Type to narrow down: {{count}} more.',
    price: '${{prompt}} in · ${{completion}} out per million tokens',
    noPrice: 'Billed by the provider',
    priceUnknown: 'Price unknown (built-in list)',
    context: '{{tokens}} tokens of context',
    badges: { free: 'free', image: 'images', structured: 'structured output', noStructured: 'schema in prompt', abilitiesUnknown: 'abilities unknown' },
    source: {
      live: 'Model list fetched {{time}}.',
      stored: 'Model list from {{time}} (stored).',
      builtin: 'Built-in model list (no list fetched yet).',
    },
    refresh: 'Refresh the model list',
    refreshing: 'Refreshing…',
    replaced: '{{model}} is no longer offered: {{replacement}} is used instead.',
    costLimit: 'Ask before an analysis estimated above (US$)',
    costLimitHelp: 'The estimate comes from the text’s length and the analysis model’s price.',
    cost: {
      line: 'This analysis: {{cost}} · {{tokens}} tokens',
      tokensOnly: 'This analysis: {{tokens}} tokens',
      free: 'This analysis: free · {{tokens}} tokens',
    },
    estimate: {
      title: 'This analysis may cost about {{cost}}',
      body: 'Estimated from {{chars}} characters with {{model}}; your limit is {{limit}}.',
      go: 'Analyse anyway',
      cancel: 'Cancel',
    },
    spend: {
      title: 'Spent today',
      none: 'No model answers today.',
      row: '{{cost}} · requests: {{requests}}',
      rowTokens: '{{tokens}} tokens · requests: {{requests}}',
    },
  },
};

export type ModelsMessages = Widen<typeof modelsEn>;
