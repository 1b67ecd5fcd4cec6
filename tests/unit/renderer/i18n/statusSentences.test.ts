/** The reader's status lines read as whole sentences in every UI language (issue 28, stumble 5). */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/locales';
import { MESSAGES } from '../../../../renderer/src/i18n';

type Tree = { [k: string]: string | Tree };
const at = (o: Tree, path: string): string => path.split('.').reduce<string | Tree>((n, k) => (n as Tree)[k]!, o) as string;

const STATUS_LINES = ['analysis.source.offline', 'analysis.source.model', 'analysis.source.cache', 'analysis.source.daily', 'analysis.offlinePieces', 'analysis.stopped', 'analysis.offlineOnly'];

describe('status lines are full sentences', () => {
  for (const locale of LOCALES) {
    it(`${locale}: each ends as a sentence does`, () => {
      const bad = STATUS_LINES.map((k) => [k, at(MESSAGES[locale] as unknown as Tree, k)] as const).filter(([, text]) => !/[.。!！?？]$/.test(text.trim()));
      expect(bad).toEqual([]);
    });
  }
});
