import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER, cardsCsv } from '../../../electron/core/export/cardsCsv';
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

  it('exports cards with a header row and ISO dates', async () => {
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
    const out = await cardsCsv([card], Date.UTC(2026, 0, 5));
    expect(out.filename).toBe('yomimono-cards-2026-01-05.csv');
    expect(out.rows).toBe(1);
    const [header, row] = parseCsv(out.content.slice(1));
    expect(header).toEqual([...CSV_HEADER]);
    const byName = Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    expect(byName).toMatchObject({ kind: 'word', word: '猫', reading: 'ねこ', form: '', meaning: 'cat, "neko"', sentence: '猫が好き。', sentence_marked: '<b>猫</b>が好き。' });
    expect(byName).toMatchObject({ translation: 'I like cats.', state: 'review', due: '2026-01-03T00:00:00.000Z', reps: '2', lapses: '0', created: '2026-01-02T00:00:00.000Z', source: '', pitch: '' });
  });

  it('a real file carries the new card fields: headword, the form starred, chosen meaning, the marked sentence, source, notes, pitch, frequency, JLPT', async () => {
    const fromBook: ReviewCard = {
      id: 7,
      kind: 'word',
      word: '泣く',
      reading: 'なく',
      surface: '泣いていた',
      meaning: 'to cry; to weep',
      explanation: 'past progressive of 泣く',
      notes: 'heard it, "twice"',
      sentence: '子供が泣いていた。',
      translation: 'The child was crying.',
      source: { bookId: 1, chapterId: 2, paragraphId: 3, bookTitle: '吾輩は猫である', chapterTitle: '一' },
      createdAt: Date.UTC(2026, 0, 2),
      due: Date.UTC(2026, 0, 3),
      state: 'new',
      reps: 0,
      lapses: 0,
    };
    const pasted: ReviewCard = { ...fromBook, id: 8, kind: 'sentence', word: '', reading: '', surface: undefined, meaning: '', explanation: undefined, notes: '', source: undefined, sourceLabel: '今日のニュース', sentence: '雨が降る。', translation: 'It rains.' };
    const facts = (c: ReviewCard) => (c.word === '泣く' ? { partOfSpeech: ['v5k', 'vi'], pitch: [0], frequency: '1200', jlpt: 'N4' } : undefined);
    const out = await cardsCsv([fromBook, pasted], Date.UTC(2026, 0, 5), facts);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-csv-'));
    try {
      const file = path.join(dir, out.filename);
      fs.writeFileSync(file, out.content, 'utf8');
      const bytes = fs.readFileSync(file);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
      const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
      expect(records).toHaveLength(2);
      expect(records[0]).toMatchObject({
        kind: 'word',
        word: '泣く',
        reading: 'なく',
        form: '泣いていた',
        meaning: 'to cry; to weep',
        part_of_speech: 'v5k, vi',
        explanation: 'past progressive of 泣く',
        sentence: '子供が泣いていた。',
        sentence_marked: '子供が<b>泣いていた</b>。',
        translation: 'The child was crying.',
        source: '「吾輩は猫である」 一',
        notes: 'heard it, "twice"',
        pitch: '[0]',
        frequency: '1200',
        jlpt: 'N4',
      });
      // A sentence card from a pasted document: its title is the source; no word facts asked.
      expect(records[1]).toMatchObject({ kind: 'sentence', word: '', sentence: '雨が降る。', sentence_marked: '', source: '今日のニュース', pitch: '', jlpt: '' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a word-facts lookup that fails costs that row its facts, not the export', async () => {
    const card = { id: 1, kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: '猫だ。', translation: '', createdAt: 0, due: 0, state: 'new', reps: 0, lapses: 0 } as const;
    const out = await cardsCsv([card], 0, () => Promise.reject(new Error('dictionary gone')));
    expect(out.rows).toBe(1);
    expect(parseCsv(out.content.slice(1))[1]).toContain('猫');
  });
});
