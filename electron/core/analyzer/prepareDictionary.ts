import { createAnalyzer, type AnalyzerReady } from './analyzer';

/**
 * Build time: writes the decompressed dictionary into `dir` (the layout the analyzer
 * reads as `prebuiltDir`), so that even a first launch skips gunzip (about 2 s of the
 * 2-core machine's time). Loading once is the writing: the worker keeps a complete copy
 * before it says ready. A valid copy already there is only read.
 */
export async function prepareDictionary(dir: string): Promise<AnalyzerReady> {
  const analyzer = createAnalyzer({ cacheDir: dir });
  try {
    return await analyzer.ready();
  } finally {
    await analyzer.close();
  }
}
