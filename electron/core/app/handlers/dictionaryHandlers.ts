import { DICTIONARY_MAX_BYTES, type dictionaryMethods } from '../../../../shared/contract/dictionary';
import { DictionaryInputError } from '../../dictionary';
import type { ExtraTerm } from '../../dictionary/lookup';
import { scanText } from '../../dictionary/lookup';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** The offline dictionary: imports, status, lookups and kanji cards. */
export function dictionaryHandlers(core: Pick<CoreServices, 'dictionary' | 'analyzer'>): HandlersFor<typeof dictionaryMethods> {
  return {
    'dictionary.import': (_ctx, { name, dataBase64 }) => {
      const data = Buffer.from(dataBase64, 'base64');
      if (data.length > DICTIONARY_MAX_BYTES) throw new DictionaryInputError('too_large', 'The file is larger than 64 MiB; import it gzipped.');
      return core.dictionary.importBuffer(name, data);
    },
    'dictionary.status': () => core.dictionary.status(),
    'dictionary.lookup': async (ctx, text, reading) => {
      const found = core.dictionary.lookup(text, reading);
      // A hover must not wait for the analyzer to load: the rule table's answer is shown then.
      if ((found.length > 0 && !core.analyzer.stats().loaded) || core.dictionary.status().entries === 0) return found;
      // The analyzer's dictionary form of the first word covers what the rule table misses (いらっしゃい → いらっしゃる).
      const tokens = await core.analyzer.tokenize(scanText(text), ctx.signal).catch(() => []);
      const first = tokens[0];
      if (!first?.lemma || first.lemma === first.word || (found[0]?.matched.length ?? 0) >= first.word.length) return found;
      const extra: ExtraTerm[] = [{ term: first.lemma, matched: first.word }];
      return core.dictionary.lookup(text, reading, extra);
    },
    'dictionary.kanji': (_ctx, text) => core.dictionary.kanji(text),
    'dictionary.download': (ctx) => core.dictionary.download(ctx.signal),
  };
}
