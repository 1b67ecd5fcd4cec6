/**
 * Every literal key the renderer passes to t('…') exists in all four locales
 * (and template keys `a.b.${x}` have at least their prefix), so no label falls
 * back to a raw key in any language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../renderer/src/i18n/locales/en';
import { ko } from '../../../../renderer/src/i18n/locales/ko';
import { zhCN } from '../../../../renderer/src/i18n/locales/zh-CN';
import { zhTW } from '../../../../renderer/src/i18n/locales/zh-TW';

const ROOT = path.resolve(import.meta.dirname, '../../../../renderer/src');
const LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ko };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The value at a dotted path: a string (a message), an object (a group of messages) or undefined. */
function at(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), messages);
}

/** i18next plural keys: `turns` is found as `turns_one`/`turns_other` too. */
const hasMessage = (messages: unknown, key: string) =>
  typeof at(messages, key) === 'string' || ['_one', '_other'].some((s) => typeof at(messages, `${key}${s}`) === 'string');

const files = sources(ROOT);
const literal = new Map<string, string>();
const prefixes = new Map<string, string>();
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const where = path.relative(ROOT, file);
  for (const m of text.matchAll(/\bt\(\s*'([A-Za-z][\w.-]*)'/g)) literal.set(m[1]!, where);
  for (const m of text.matchAll(/\bt\(\s*`([A-Za-z][\w.]*)\.\$\{/g)) prefixes.set(m[1]!, where);
}

describe('i18n: keys used in the renderer', () => {
  it('finds the calls (the scan itself works)', () => {
    expect(literal.size).toBeGreaterThan(100);
    expect(literal.has('chat.title')).toBe(true);
    expect(prefixes.has('pos.groups')).toBe(true);
  });

  for (const [name, messages] of Object.entries(LOCALES)) {
    it(`${name} has every literal key`, () => {
      const missing = [...literal].filter(([key]) => !hasMessage(messages, key)).map(([key, file]) => `${key} (${file})`);
      expect(missing).toEqual([]);
    });

    it(`${name} has every group a template key reaches into`, () => {
      const missing = [...prefixes].filter(([key]) => typeof at(messages, key) !== 'object').map(([key, file]) => `${key} (${file})`);
      expect(missing).toEqual([]);
    });
  }
});
