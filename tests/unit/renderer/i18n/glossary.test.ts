/** The locale files against the glossary: each locale uses its one term per concept and none of the words it replaced. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/locales';
import { MESSAGES } from '../../../../renderer/src/i18n';
import { GLOSSARY } from '../../../../renderer/src/i18n/glossary';

function strings(o: unknown, at = ''): Array<[string, string]> {
  if (typeof o === 'string') return [[at, o]];
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

describe('glossary: one term per concept per language', () => {
  for (const locale of LOCALES) {
    const all = strings(MESSAGES[locale]);
    it(`${locale}: no message uses a replaced word`, () => {
      const found: string[] = [];
      for (const entry of GLOSSARY) {
        for (const word of entry.avoid[locale] ?? []) {
          for (const [key, text] of all) if (text.includes(word)) found.push(`${entry.concept}: "${word}" in ${key}: ${text}`);
        }
      }
      expect(found).toEqual([]);
    });
    it(`${locale}: every chosen term is in use`, () => {
      const unused = GLOSSARY.filter((e) => e.use[locale] !== undefined && !all.some(([, text]) => text.includes(e.use[locale]!))).map((e) => `${e.concept}: ${e.use[locale]}`);
      expect(unused).toEqual([]);
    });
  }

  it('names the review’s headline choices', () => {
    const furigana = GLOSSARY.find((e) => e.concept === 'furigana')!;
    expect(furigana.use['zh-TW']).toBe('假名標音');
    expect(furigana.avoid['zh-TW']).toContain('注音');
    expect(furigana.use['zh-CN']).toBe('振假名');
  });
});
