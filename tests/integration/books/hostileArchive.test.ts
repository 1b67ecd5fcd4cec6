/**
 * Zips as they come from the wild, through browser mode's /rpc: an EPUB whose chapter
 * claims 4 KB but inflates to 10 GiB, and an EPUB zipped without the UTF-8 flag whose
 * file names are Japanese (Shift_JIS, as Japanese archivers write them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookChapter, BookSummary, ImportedBook } from '../../../shared/contract/books';
import { epubEntries, type FixtureEpub } from '../../support/books/epubBuilder';
import { deflateBomb, writeZip, type NameEncoding } from '../../support/books/zipWriter';
import { startTestServer } from '../../support/browserMode';
import { rawPost } from '../../support/rawPost';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const rpc = (method: string, args: unknown[]) => fetch(`${server.url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) });

/** A large body written to the socket as it is (fetch would copy it in this thread, the server's). */
const postLarge = (method: string, body: Buffer) => rawPost(`${server.url}/rpc/${method}`, body);
const importBody = (name: string, data: Uint8Array) => [{ name, dataBase64: Buffer.from(data).toString('base64') }];

const book: FixtureEpub = {
  version: 3,
  title: '日本語の名前',
  chapters: [
    { title: '第一章', body: '<h1>第一章</h1><p>吾輩は猫である。</p>', file: '第一章.xhtml' },
    { title: 'はじめに', body: '<h1>はじめに</h1><p>名前はまだ無い。</p><img src="../images/挿絵.png"/>', file: 'はじめに.xhtml' },
  ],
};

/** Sends `books.list` one after another while `work` runs: how long each took to be answered. */
async function probeWhile<T>(work: Promise<T>): Promise<{ result: T; gaps: number[] }> {
  let running = true;
  const gaps: number[] = [];
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await rpc('books.list', []);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      gaps.push(performance.now() - t0);
    }
  })();
  try {
    return { result: await work, gaps };
  } finally {
    running = false;
    await probe;
  }
}

/** The EPUB's entries zipped with every name in `encoding`, mimetype first and stored. */
function zipWithNames(encoding: NameEncoding, edit: (name: string, data: string | Uint8Array) => Partial<Parameters<typeof writeZip>[0][number]> = () => ({})) {
  const entries = epubEntries(book);
  return writeZip(Object.entries(entries).map(([name, data]) => ({ name, data, nameEncoding: encoding, ...edit(name, data) })));
}

describe('hostile and foreign zips, imported over /rpc', () => {
  it('refuses an EPUB whose chapter claims 4 KB and inflates to 10 GiB, answering other requests within 100 ms throughout', async () => {
    const epub = zipWithNames('utf8-flagged', (name) => (name.endsWith('第一章.xhtml') ? { data: new Uint8Array(4000), compressed: deflateBomb(10 * 1024 * 1024 * 1024) } : {}));
    expect(epub.length).toBeGreaterThan(10_000_000);
    const body = Buffer.from(JSON.stringify(importBody('bomb.epub', epub)));
    // The first request of a server compiles its code paths: not what is measured.
    await (await rpc('books.list', [])).arrayBuffer();

    // What receiving and parsing a request of this size costs anyway, with this machine's load (other test
    // files run beside this one): a body as long whose file is a damaged zip, refused once it has arrived.
    // The bomb may add no more than 100 ms to that: its inflating never holds the server up.
    const notZip = new Uint8Array(epub.length);
    notZip.set([0x50, 0x4b, 0x03, 0x04]); // a zip's first bytes, then nothing a zip has: refused as damaged
    const plain = Buffer.from(JSON.stringify(importBody('plain.epub', notZip)));
    const noise = await probeWhile(postLarge('books.import', plain));
    expect(noise.result.status).toBe(400);
    const { result: res, gaps } = await probeWhile(postLarge('books.import', body));

    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      error: { code: 'bad_request', details: { reason: 'corrupt' }, message: expect.stringContaining('inflates to more than the 4000 bytes it claims') },
    });
    expect(gaps.length).toBeGreaterThan(0);
    expect(Math.max(...gaps)).toBeLessThan(100 + Math.max(...noise.gaps));
    // Nothing was imported.
    expect(await (await rpc('books.list', [])).json()).toEqual([]);
  });

  it('imports an EPUB zipped without the UTF-8 flag whose file names are Japanese in Shift_JIS', async () => {
    const entries = epubEntries({ ...book, images: { '挿絵.png': (await import('../../support/books/epubBuilder')).PNG_1x1 } });
    const epub = writeZip(Object.entries(entries).map(([name, data]) => ({ name, data, nameEncoding: 'shift_jis' as const })));
    const res = await rpc('books.import', importBody('sjis.epub', epub));
    expect(res.status).toBe(200);
    const imported = (await res.json()) as ImportedBook;
    expect(imported.title).toBe('日本語の名前');
    expect(imported.chapters.map((c) => c.title)).toEqual(['第一章', 'はじめに']);
    const second = (await (await rpc('books.chapter', [imported.id, imported.chapters[1]!.id])).json()) as BookChapter;
    expect(second.paragraphs.map((p) => p.text)).toEqual(['はじめに', '名前はまだ無い。', '']);
    // The illustration named in Japanese was found in the archive too.
    expect(second.paragraphs[2]!.image).toMatch(/^img-1\.png$/);
    const listed = (await (await rpc('books.list', [])).json()) as BookSummary[];
    expect(listed.map((b) => b.title)).toEqual(['日本語の名前']);
  });
});
