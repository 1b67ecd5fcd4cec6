import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/browserMode';
import { rawPost } from '../../support/rawPost';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const rpc = (method: string, args: unknown[] | string) =>
  fetch(`${server.url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof args === 'string' ? args : JSON.stringify(args) });

describe('dictionary over /rpc', () => {
  it('dictionary.import alone takes a body beyond the 16 MiB limit of other methods', async () => {
    // The fixture padded with a 14 MiB comment: its base64 is larger than any other method accepts.
    const xml = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'JMdict_sample.xml'), 'utf8');
    const padded = xml.replace('<JMdict>', `<!-- ${'x'.repeat(14 * 1024 * 1024)} -->\n<JMdict>`);
    const dataBase64 = Buffer.from(padded).toString('base64');
    expect(dataBase64.length).toBeGreaterThan(16 * 1024 * 1024);
    const res = await rpc('dictionary.import', [{ name: 'JMdict_e', dataBase64 }]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entries: 15, kanji: 0 });

    expect(await (await rpc('dictionary.status', [])).json()).toMatchObject({ entries: 15, kanji: 0, edition: '2024-05-01', importedAt: expect.any(String) });
    const found = (await (await rpc('dictionary.lookup', ['食べられなかった'])).json()) as { id: number; kanji: string[]; senses: unknown[] }[];
    expect(found[0]).toMatchObject({ id: 1358280, kanji: ['食べる', '喰べる'], readings: ['たべる'], common: true });
    expect(found[0]?.senses[0]).toEqual(expect.objectContaining({ pos: ['Ichidan verb', 'transitive verb'], glosses: ['to eat'], misc: [] }));
  });

  it('refuses a file over 64 MiB with a clear error, and keeps the dictionary', async () => {
    const res = await rawPost(`${server.url}/rpc/dictionary.import`, `[{"name":"big","dataBase64":"${'A'.repeat(91 * 1024 * 1024)}"}]`);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: { code: 'too_large' } });
    const bad = await rpc('dictionary.import', [{ name: 'x', dataBase64: Buffer.from('hello').toString('base64') }]);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('not a JMdict') } });
    expect(await (await rpc('dictionary.status', [])).json()).toMatchObject({ entries: 15 });
  });
});
