import { describe, expect, it } from 'vitest';
import { en } from '../../../../renderer/src/i18n/locales/en';
import { ko } from '../../../../renderer/src/i18n/locales/ko';
import { zhCN } from '../../../../renderer/src/i18n/locales/zh-CN';
import { zhTW } from '../../../../renderer/src/i18n/locales/zh-TW';
import { readingEn } from '../../../../renderer/src/i18n/reading/en';
import { POS_GROUPS } from '../../../../shared/domain';
import { FURIGANA_MODES } from '../../../../shared/settings';

function leaves(o: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ko };

describe('i18n: the four locales have the same keys', () => {
  const source = leaves(en);
  for (const [name, messages] of Object.entries(LOCALES)) {
    it(`${name} has exactly the English keys, non-empty, with the same placeholders`, () => {
      const mine = leaves(messages);
      expect([...mine.keys()].sort()).toEqual([...source.keys()].sort());
      for (const [key, text] of mine) {
        expect(text.trim(), `${name}:${key}`).not.toBe('');
        expect(placeholders(text), `${name}:${key}`).toEqual(placeholders(source.get(key)!));
      }
    });
  }

  it('the reading messages are all part of every locale', () => {
    const all = leaves(en);
    for (const key of leaves(readingEn).keys()) expect(all.has(key), key).toBe(true);
  });

  it('names every part of speech and furigana mode', () => {
    for (const messages of Object.values(LOCALES)) {
      const keys = leaves(messages);
      for (const g of POS_GROUPS) expect(keys.has(`pos.groups.${g}`)).toBe(true);
      for (const m of FURIGANA_MODES) expect(keys.has(`furigana.modes.${m}`)).toBe(true);
    }
  });

  it('translates rather than copies: the Chinese and Korean texts differ from English', () => {
    for (const messages of [zhCN, zhTW, ko]) {
      const mine = leaves(messages);
      const same = [...leaves(readingEn).keys()].filter((k) => mine.get(k) === leaves(en).get(k) && /[a-z]{4,}/i.test(mine.get(k)!));
      // Brand names stay as they are.
      expect(same.every((k) => /providers|ttsProviders\.gemini|rateValue/.test(k)), same.join(', ')).toBe(true);
    }
  });
});
