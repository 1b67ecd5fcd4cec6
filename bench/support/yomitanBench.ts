/**
 * Yomitan dictionaries for the dictionary benchmark: a generated dictionary of Jitendex's
 * shape (200,000 terms, each a structured-content glossary of a part-of-speech line, a list
 * of senses and an example with ruby, banks of 10,000 terms, deflated), written to a file bank
 * by bank (never whole in memory), then imported from that file (read by position) with the
 * import's time and peak RSS growth measured; and three small dictionaries (frequency, pitch,
 * another term dictionary) so that lookups run over five dictionaries with JMdict.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import type { DictionaryService } from '../../electron/core/dictionary';
import { round } from './stats';
import type { BenchRow } from './types';

export const YOMITAN_IMPORT_TARGET_S = 60;
export const YOMITAN_RSS_TARGET_MB = 200;
const BANK = 10_000;

const KANJI = Array.from('日本語学生先時間食見行来書読話聞出入上下中大小山川田人手足目口耳花草木森林雨雪風空海天気電車道店駅町村社会国家族父母兄弟姉妹友心体頭顔声色形長短高安新古多少早遅明暗強弱');
const KANA = Array.from('あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわん');

/** A deterministic pseudo-random sequence, so every run imports the same dictionary. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One Jitendex-like structured-content glossary. */
function glossary(term: string, reading: string, i: number): unknown[] {
  return [
    {
      type: 'structured-content',
      content: [
        { tag: 'span', title: 'noun (common) (futsuumeishi)', style: { fontSize: '0.8em', fontWeight: 'bold', padding: '0.2em 0.3em', borderRadius: '0.3em', backgroundColor: '#565656', color: 'white' }, data: { code: 'n' }, content: 'noun' },
        {
          tag: 'ol',
          content: [1, 2, 3].map((n) => ({
            tag: 'li',
            data: { content: 'sense' },
            content: [{ tag: 'ul', data: { content: 'glossary' }, content: [{ tag: 'li', content: `meaning ${n} of entry ${i}` }, { tag: 'li', content: `another wording ${n}` }] }],
          })),
        },
        {
          tag: 'div',
          data: { content: 'example-sentence' },
          style: { backgroundColor: 'color-mix(in srgb, var(--text-color) 5%, transparent)', borderLeft: '3px solid' },
          content: [
            { tag: 'div', lang: 'ja', content: [{ tag: 'ruby', content: [term, { tag: 'rt', content: reading }] }, 'を使った例文です。'] },
            { tag: 'div', lang: 'en', style: { fontSize: '0.8em' }, content: `An example sentence for entry ${i}.` },
          ],
        },
        { tag: 'div', data: { content: 'attribution' }, style: { fontSize: '0.7em', textAlign: 'right' }, content: [{ tag: 'a', href: `https://www.edrdg.org/jmwsgi/entr.py?svc=jmdict&q=${1000000 + i}`, content: 'JMdict' }] },
      ],
    },
  ];
}

/** Writes a zip bank by bank with fflate's streaming zipper: at most one bank's JSON in memory. */
function writeZip(file: string, entries: Iterable<[string, () => string]>): void {
  const fd = fs.openSync(file, 'w');
  try {
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      fs.writeSync(fd, chunk);
    });
    for (const [name, make] of entries) {
      const entry = new ZipDeflate(name, { level: 1 });
      zip.add(entry);
      entry.push(new TextEncoder().encode(make()), true);
    }
    zip.end();
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A Jitendex-shaped dictionary of `terms` terms: the given words first (real headwords make
 * lookups find it), then generated ones.
 */
export function writeJitendexLike(file: string, terms: number, words: readonly { term: string; reading: string }[] = []): void {
  const rnd = random(7);
  const pick = (a: readonly string[], n: number) => Array.from({ length: n }, () => a[Math.floor(rnd() * a.length)]).join('');
  const wordAt = (i: number) => words[i] ?? { term: pick(KANJI, 2 + Math.floor(rnd() * 2)), reading: pick(KANA, 3 + Math.floor(rnd() * 3)) };
  function* banks(): Generator<[string, () => string]> {
    yield ['index.json', () => JSON.stringify({ title: 'Jitendex-like (bench)', revision: 'bench-1', format: 3, sequenced: true, author: 'bench', attribution: 'generated' })];
    yield ['tag_bank_1.json', () => JSON.stringify([['n', 'partOfSpeech', 0, 'noun (common) (futsuumeishi)', 0], ['v1', 'partOfSpeech', 0, 'Ichidan verb', 0], ['★', 'popular', 0, 'common', 0]])];
    for (let b = 0; b * BANK < terms; b++) {
      yield [
        `term_bank_${b + 1}.json`,
        () => {
          const rows: unknown[] = [];
          for (let i = b * BANK; i < Math.min(terms, (b + 1) * BANK); i++) {
            const w = wordAt(i);
            rows.push([w.term, w.reading, 'n', w.term.endsWith('る') ? 'v1' : '', 100 - (i % 100), glossary(w.term, w.reading, i), i + 1, i % 5 === 0 ? '★' : '']);
          }
          return JSON.stringify(rows);
        },
      ];
    }
  }
  writeZip(file, banks());
}

/** Three small dictionaries over the same words: frequencies, pitch accents, and terms of their own. */
export function writeSmallDictionaries(dir: string, words: readonly { term: string; reading: string }[]): string[] {
  const files = ['freq', 'pitch', 'terms'].map((k) => path.join(dir, `${k}.zip`));
  const sample = words.slice(0, 60_000);
  writeZip(files[0]!, [
    ['index.json', () => JSON.stringify({ title: 'Frequency (bench)', revision: '1', format: 3, frequencyMode: 'rank-based' })],
    ['term_meta_bank_1.json', () => JSON.stringify(sample.map((w, i) => [w.term, 'freq', { reading: w.reading, frequency: { value: i + 1, displayValue: `${i + 1}` } }]))],
  ]);
  writeZip(files[1]!, [
    ['index.json', () => JSON.stringify({ title: 'Pitch (bench)', revision: '1', format: 3 })],
    ['term_meta_bank_1.json', () => JSON.stringify(sample.map((w, i) => [w.term, 'pitch', { reading: w.reading, pitches: [{ position: i % 4 }] }]))],
  ]);
  writeZip(files[2]!, [
    ['index.json', () => JSON.stringify({ title: 'Terms (bench)', revision: '1', format: 3 })],
    ['term_bank_1.json', () => JSON.stringify(sample.slice(0, 30_000).map((w, i) => [w.term, w.reading, '', '', 0, [`gloss ${i}`], i, '']))],
  ]);
  return files;
}

/** The import of the big dictionary from its file: time, CPU, peak RSS growth (as the JMdict import measures it). */
export async function yomitanImportRows(
  dict: DictionaryService,
  file: string,
  measure: { before(): Promise<number>; peak(before: number): number },
): Promise<BenchRow[]> {
  const zipMb = fs.statSync(file).size / 2 ** 20;
  const before = await measure.before();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await dict.importFile(file);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rssMb = measure.peak(before) / 2 ** 20;
  const dbFile = path.join(path.dirname(dict.file), 'dictionaries');
  const dbMb = fs.readdirSync(dbFile).filter((f) => f.startsWith('y-')).reduce((n, f) => n + fs.statSync(path.join(dbFile, f)).size, 0) / 2 ** 20;
  return [
    { name: 'Yomitan import: Jitendex-shaped terms (structured content)', value: result.entries, unit: `terms (${round(zipMb, 1)} MB zip)` },
    { name: 'Yomitan import time', value: round(seconds, 2), unit: 's', target: `≤ ${YOMITAN_IMPORT_TARGET_S} s`, pass: seconds <= YOMITAN_IMPORT_TARGET_S },
    { name: 'Yomitan import CPU time (user + system)', value: round((cpu.user + cpu.system) / 1e6, 2), unit: 's' },
    { name: 'Yomitan import peak RSS growth', value: round(rssMb, 1), unit: 'MB', target: `≤ ${YOMITAN_RSS_TARGET_MB} MB`, pass: rssMb <= YOMITAN_RSS_TARGET_MB },
    { name: 'Yomitan dictionary file size', value: round(dbMb, 1), unit: 'MB' },
  ];
}
