import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DICTIONARY_MAX_BYTES } from '../../../shared/contract/dictionary';
import type { DictionaryProgress } from '../../../shared/contract/dictionary';
import { DictionaryService } from '../../../electron/core/dictionary';
import { startFakeEdrdg, type FakeEdrdg } from '../../fakes/edrdg';
import { makeTempDir } from '../../support/tempDir';

let fake: FakeEdrdg | undefined;
const tmp = makeTempDir();
afterEach(async () => {
  await fake?.close();
});

describe('dictionary download (EDRDG faked)', () => {
  it('downloads JMdict_e and KANJIDIC2, reporting progress of each, and imports both', async () => {
    fake = await startFakeEdrdg({ pieces: 4, pieceDelayMs: 120 });
    const progress: DictionaryProgress[] = [];
    const dict = new DictionaryService({ dir: `${tmp.dir}/ok`, downloadBase: fake.url, onProgress: (p) => progress.push(p) });
    expect(await dict.download()).toEqual({ entries: 15, kanji: 2 });
    expect(fake.requests).toEqual(['/JMdict_e.gz', '/kanjidic2.xml.gz']);
    const jm = progress.filter((p) => p.phase === 'download' && p.file === 'JMdict_e.gz');
    expect(jm.length).toBeGreaterThan(2);
    expect(jm.at(-1)).toMatchObject({ done: jm.at(-1)?.total });
    expect(progress.some((p) => p.phase === 'import' && p.file === 'kanjidic2.xml.gz')).toBe(true);
    expect(dict.status()).toMatchObject({ entries: 15, kanji: 2, edition: '2024-05-01', sources: ['JMdict_e.gz', 'kanjidic2.xml.gz'] });
    dict.close();
  });

  it('a failed download is a clear error and changes nothing', async () => {
    fake = await startFakeEdrdg({ missing: true });
    const dict = new DictionaryService({ dir: `${tmp.dir}/missing`, downloadBase: fake.url });
    await expect(dict.download()).rejects.toThrow(/download .* failed: HTTP 404/);
    expect(dict.status()).toMatchObject({ entries: 0, kanji: 0 });
    const offline = new DictionaryService({ dir: `${tmp.dir}/offline`, downloadBase: 'http://127.0.0.1:9' });
    await expect(offline.download()).rejects.toThrow(/Could not reach 127.0.0.1:9/);
  });

  it('an endless body stops at the import limit: too large, the connection closed, nothing left on disk', async () => {
    fake = await startFakeEdrdg({ endless: true });
    const dict = new DictionaryService({ dir: `${tmp.dir}/endless`, downloadBase: fake.url });
    await expect(dict.download()).rejects.toMatchObject({ data: { code: 'upstream_error', details: { tooLarge: true, limitBytes: DICTIONARY_MAX_BYTES } } });
    // The limit plus what the sockets held when the read stopped; the server would have sent 1 GiB.
    expect(fake.sentBytes).toBeLessThan(DICTIONARY_MAX_BYTES + 16 * 1024 * 1024);
    expect(fs.existsSync(`${tmp.dir}/endless/cache/dictionary-download`)).toBe(false);
    expect(dict.status()).toMatchObject({ entries: 0, kanji: 0 });
  });
});
