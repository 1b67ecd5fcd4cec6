/** books.* over browser mode's /rpc: a file larger than the default body limit still arrives. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSummary, ImportedBook } from '../../../shared/contract/books';
import { buildEpub, type FixtureEpub } from '../../support/books/epubBuilder';
import { startTestServer } from '../../support/browserMode';
import { rawPost } from '../../support/rawPost';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const rpc = (method: string, body: string) => fetch(`${server.url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('books over /rpc', () => {
  it('accepts a book larger than the default 16 MiB body (its own limit), and lists it', { timeout: 60_000 }, async () => {
    // A 13 MiB illustration that does not compress: about 17.5 MiB of base64.
    const big: FixtureEpub = { version: 3, title: '大きな本', chapters: [{ title: '一', body: '<p>本文。</p><img src="../images/big.jpg"/>' }], images: { 'big.jpg': randomBytes(13 * 1024 * 1024) } };
    const body = JSON.stringify([{ name: 'big.epub', dataBase64: Buffer.from(buildEpub(big)).toString('base64') }]);
    expect(body.length).toBeGreaterThan(16 * 1024 * 1024);
    const res = await rpc('books.import', body);
    expect(res.status).toBe(200);
    const book = (await res.json()) as ImportedBook;
    expect(book.title).toBe('大きな本');
    const listed = (await (await rpc('books.list', '[]')).json()) as BookSummary[];
    expect(await (await rpc('books.list', '[null]')).json()).toEqual(listed);
    expect(listed.map((b) => b.id)).toEqual([book.id]);
    // Other methods keep the default limit.
    const refused = await rawPost(`${server.url}/rpc/books.list`, `["${'x'.repeat(17 * 1024 * 1024)}"]`);
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ error: { code: 'too_large' } });
  });

  it('answers a refused book with its status and reason', async () => {
    const res = await rpc('books.import', JSON.stringify([{ name: 'x.txt', dataBase64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).toString('base64') }]));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'bad_request', details: { reason: 'not_a_book' } } });
  });
});
