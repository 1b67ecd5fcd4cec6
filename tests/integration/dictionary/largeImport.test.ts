/**
 * Dictionaries larger than the old in-memory upload cap (64 MiB): in browser mode streamed
 * over `POST /upload/dictionary` to a temp file and imported from there, with the server's
 * memory growing by far less than the file; hostile uploads refused with the earlier
 * dictionaries intact and no temp file left; in the desktop app taken from disk through the
 * open dialog (`dictionary.importFromDisk`), which browser mode refuses.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARY_MAX_BYTES, DICTIONARY_UPLOAD_PATH, type DictionaryInfo } from '../../../shared/contract/dictionary';
import type { FileDialogs } from '../../../electron/core/library/fileDialogs';
import { startTestServer } from '../../support/browserMode';
import { writeBigYomitanZip } from '../../support/dictionary/bigYomitanZip';
import { fullFixture, yomitanZip } from '../../support/dictionary/yomitanFixture';
import { makeTestCore } from '../../support/testCore';
import { makeTempDir } from '../../support/tempDir';

const MiB = 1024 * 1024;
const scratch = makeTempDir();
const BIG = path.join(scratch.dir, 'big.zip');
let bigSize = 0;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  bigSize = writeBigYomitanZip(BIG, { title: 'Big Dict', padMiB: 96, terms: [['巨大', 'きょだい', 'n', '', 0, ['huge'], 1, '']] });
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  scratch.cleanup();
});

/** A body sent as it is read (a file, or a few bytes under a claimed length); the answer whenever it comes. */
function upload(body: fs.ReadStream | Buffer, headers: http.OutgoingHttpHeaders): Promise<{ status: number; json: { error?: { code: string; details?: { problem?: string } } } & Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(`${server.url}${DICTIONARY_UPLOAD_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent('辞書.zip'), ...headers } }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

const list = () => server.core.dictionary.list().map((d: DictionaryInfo) => `${d.title}:${d.terms}`);
const uploadsLeft = () => {
  const dir = path.join(server.dataDir, 'cache', 'dictionary-upload');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('browser mode: a streamed upload', () => {
  it('imports a dictionary larger than the old in-memory cap, memory growing by far less than the file', async () => {
    expect(bigSize).toBeGreaterThan(DICTIONARY_MAX_BYTES + 16 * MiB);
    const before = process.memoryUsage();
    let peak = { rss: before.rss, buffers: before.heapUsed + before.arrayBuffers };
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, m.rss), buffers: Math.max(peak.buffers, m.heapUsed + m.arrayBuffers) };
    }, 10);
    let res;
    try {
      res = await upload(fs.createReadStream(BIG, { highWaterMark: MiB }), { 'Content-Length': bigSize });
    } finally {
      clearInterval(sampler);
    }
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ entries: 1, kanji: 0, title: 'Big Dict' });
    expect(server.core.dictionary.lookup('巨大')[0]?.senses[0]?.glosses).toEqual(['huge']);
    // Held whole, the file alone would add its 96 MiB to the heap and buffers (and to RSS): 78 MB measured when the
    // upload was buffered. Streamed, the growth is the chunks both ends (one process here) leave for the collector,
    // 20–34 MB depending on when it runs; half the file tells the two apart on a loaded machine too.
    expect(peak.buffers - before.heapUsed - before.arrayBuffers).toBeLessThan(bigSize / 2);
    expect(peak.rss - before.rss).toBeLessThan(bigSize / 2);
    expect(uploadsLeft()).toEqual([]);
  });

  it('refuses hostile uploads with their reason, the dictionaries and the disk as they were', async () => {
    const before = list();
    expect(before).toContain('Big Dict:1');
    const whole = Buffer.from(yomitanZip(fullFixture()));
    const truncated = await upload(whole.subarray(0, Math.floor(whole.length * 0.7)), {});
    expect(truncated).toMatchObject({ status: 400, json: { error: { details: { problem: 'truncated' } } } });
    const damaged = Buffer.from(yomitanZip({ index: { title: 'Bad', revision: '1', format: 3 }, extra: { 'term_bank_1.json': '[["a", "a", "", "", 0, ["x"], 1' } }));
    expect(await upload(damaged, {})).toMatchObject({ status: 400, json: { error: { details: { problem: 'damaged_bank' } } } });
    const noIndex = Buffer.from(yomitanZip({ index: null, terms: [['a', 'a', '', '', 0, ['x'], 1, '']] }));
    expect(await upload(noIndex, {})).toMatchObject({ status: 400, json: { error: { details: { problem: 'no_index' } } } });
    // Over the cap by its Content-Length: refused before a byte is stored.
    expect(await upload(Buffer.from('PK'), { 'Content-Length': 2 * 1024 * MiB })).toMatchObject({ status: 413, json: { error: { code: 'too_large' } } });
    // Not octet-stream (what a page of another origin could send without asking): refused.
    expect((await upload(whole, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await upload(whole, { 'X-File-Name': '' })).status).toBe(400);
    expect(list()).toEqual(before);
    expect(server.core.dictionary.lookup('食べる').map((e) => e.dictionary)).toEqual([]);
    expect(uploadsLeft()).toEqual([]);
    // A good upload still goes through afterwards.
    expect(await upload(whole, {})).toMatchObject({ status: 200, json: { title: 'Test Dict' } });
  });
});

describe('the service: a stream past the cap', () => {
  it('stops writing the moment the bytes pass it (no Content-Length), leaving nothing behind', async () => {
    const core = makeTestCore();
    try {
      const { DictionaryService } = await import('../../../electron/core/dictionary');
      const dict = new DictionaryService({ dir: core.config.appDataDir, downloadBase: 'http://127.0.0.1:9', uploadMaxBytes: 4 * MiB });
      let sent = 0;
      async function* endless(): AsyncGenerator<Uint8Array> {
        for (;;) {
          sent += MiB;
          yield Buffer.alloc(MiB, 0x50);
        }
      }
      await expect(dict.importUpload({ name: 'endless.zip', body: endless(), declared: null })).rejects.toMatchObject({ problem: 'too_large' });
      expect(sent).toBeLessThanOrEqual(6 * MiB);
      expect(fs.readdirSync(path.join(core.config.appDataDir, 'cache', 'dictionary-upload'))).toEqual([]);
      // A zip file on disk over the cap is refused by its size too.
      await expect(dict.importFile(BIG)).rejects.toMatchObject({ problem: 'too_large' });
      dict.close();
    } finally {
      core.cleanupDir();
    }
  });
});

describe('desktop: the open dialog', () => {
  it('imports the chosen file from disk over IPC; a closed dialog changes nothing; browser mode may not ask', async () => {
    let choice: string | undefined = BIG;
    const dialogs: FileDialogs = { saveBackup: async () => undefined, openBackup: async () => undefined, openDictionary: async () => choice };
    const core = makeTestCore({}, { fileDialogs: dialogs });
    try {
      const ipc = await core.dispatcher.call('dictionary.importFromDisk', [], { transport: 'ipc' });
      expect(ipc).toEqual({ ok: true, value: { entries: 1, kanji: 0, title: 'Big Dict' } });
      choice = undefined;
      expect(await core.dispatcher.call('dictionary.importFromDisk', [], { transport: 'ipc' })).toEqual({ ok: true, value: null });
      const http = await core.dispatcher.call('dictionary.importFromDisk', [], { transport: 'http' });
      expect(http).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(core.dictionary.list().map((d) => d.title)).toEqual(['Big Dict']);
    } finally {
      core.cleanupDir();
    }
  });
});
