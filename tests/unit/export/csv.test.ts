import { describe, expect, it } from 'vitest';
import { cardsCsv } from '../../../electron/core/export/cardsCsv';
import { BOM, csvField, toCsv } from '../../../electron/core/export/csv';
import type { ReviewCard } from '../../../shared/contract/review';

/** A small RFC 4180 reader, to check that what we write reads back the same. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('CSV', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvField('猫')).toBe('猫');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField('')).toBe('');
  });

  it('neutralizes formulas so a spreadsheet shows them as text', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+81 3')).toBe("'+81 3");
    expect(csvField('-ing form')).toBe("'-ing form");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('starts with a BOM, ends rows with CRLF, and reads back exactly', () => {
    const rows = [
      ['word', 'sentence'],
      ['猫', '「猫」が好き、です。\n二行目'],
      ['', 'a "quote", a comma'],
    ];
    const csv = toCsv(rows);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv.slice(1))).toEqual(rows);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('exports cards with a header row and ISO dates', () => {
    const card: ReviewCard = {
      id: 1,
      kind: 'word',
      word: '猫',
      reading: 'ねこ',
      meaning: 'cat, "neko"',
      sentence: '猫が好き。',
      translation: 'I like cats.',
      createdAt: Date.UTC(2026, 0, 2),
      due: Date.UTC(2026, 0, 3),
      state: 'review',
      reps: 2,
      lapses: 0,
    };
    const out = cardsCsv([card], Date.UTC(2026, 0, 5));
    expect(out.filename).toBe('yomimono-cards-2026-01-05.csv');
    expect(out.rows).toBe(1);
    const rows = parseCsv(out.content.slice(1));
    expect(rows[0]).toEqual(['kind', 'word', 'reading', 'meaning', 'sentence', 'translation', 'state', 'due', 'reps', 'lapses', 'created', 'source']);
    expect(rows[1]).toEqual(['word', '猫', 'ねこ', 'cat, "neko"', '猫が好き。', 'I like cats.', 'review', '2026-01-03T00:00:00.000Z', '2', '0', '2026-01-02T00:00:00.000Z', '']);
  });
});
