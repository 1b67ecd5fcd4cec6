export { createAnalyzer, type Analyzer, type AnalyzerOptions, type AnalyzerReady, type AnalyzerStats, type TokenizeOptions } from './analyzer';
export { offlineWordInfo, wordInfoFromTokens, type OfflineWordInfo } from './wordInfo';
export { tokenizeWith, type RawToken } from './tokenize';
