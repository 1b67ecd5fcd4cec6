/** README's "Keyboard shortcuts" table lists every default key of shared/shortcuts.ts (fixed rows are described in words). */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORTCUT_IDS, shortcutDef } from '../../../../shared/shortcuts';

const readme = fs.readFileSync(path.join(__dirname, '../../../../README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Keyboard shortcuts'), readme.indexOf('\n## ', readme.indexOf('## Keyboard shortcuts') + 3));
/** The backticked keys of the table's rows, by where they act. */
const rows = section
  .split('\n')
  .filter((l) => l.startsWith('| ') && !l.startsWith('| where') && !l.startsWith('|---'))
  .map((l) => {
    const [where = '', keys = ''] = l.split('|').slice(1).map((c) => c.trim());
    return { where, keys: [...keys.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) };
  });
const WHERE = { global: 'everywhere', popup: 'dictionary', reader: 'reader', book: 'books', review: 'review', chat: 'tutor chat' } as const;

describe('README lists every keyboard shortcut', () => {
  it('every changeable action’s default keys appear in a row of its scope', () => {
    const missing: string[] = [];
    for (const id of SHORTCUT_IDS) {
      const def = shortcutDef(id);
      if (def.fixed) continue;
      const keys = rows.filter((r) => r.where === WHERE[def.scope]).flatMap((r) => r.keys);
      for (const k of def.keys) if (!keys.includes(k)) missing.push(`${id}: ${k}`);
    }
    expect(missing).toEqual([]);
  });
});
