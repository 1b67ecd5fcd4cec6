/**
 * Dictionaries built to take the app down, imported over browser mode's /rpc: an entity
 * that stays within its own cap but is referenced 100,000 times in each of 20 glosses
 * (6 MB of file, 4 GB of text), and a 315 KB file whose entries each stay small but whose
 * whole expands to a hundred million characters. Both are refused by the text caps; the
 * server answers throughout, memory stays flat, and the dictionary already there is kept.
 */
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

const rpc = (method: string, args: unknown[]) => fetch(`${server.url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) });

/** A large body written to the socket as it is (fetch would copy it in this thread, the server's). */
const postLarge = (method: string, body: Buffer) => rawPost(`${server.url}/rpc/${method}`, body);

/** JMdict's shape with one 2,000-character entity `x` (within the per-entity cap), referenced `refs` times per gloss. */
function entityMultiplier(entries: number, glosses: number, refs: number): Buffer {
  const gloss = `<gloss>${'&x;'.repeat(refs)}</gloss>`;
  const entry = (i: number) => `<entry><ent_seq>${5_000_000 + i}</ent_seq><r_ele><reb>ばくだん</reb></r_ele><sense><pos>&n;</pos>${gloss.repeat(glosses)}</sense></entry>\n`;
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE JMdict [\n<!ENTITY n "noun (common) (futsuumeishi)">\n<!ENTITY x "${'y'.repeat(2000)}">\n]>\n<JMdict>\n`;
  return Buffer.from(head + Array.from({ length: entries }, (_, i) => entry(i)).join('') + '</JMdict>\n');
}

/** While `work` runs: `dictionary.status` one after another (each must answer 200), and the heap's peak. */
async function watchWhile<T>(work: Promise<T>): Promise<{ result: T; answered: number; heapGrowth: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  let running = true;
  let answered = 0;
  const probe = (async () => {
    while (running) {
      const res = await rpc('dictionary.status', []);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      answered++;
    }
  })();
  try {
    return { result: await work, answered, heapGrowth: peak - base };
  } finally {
    running = false;
    clearInterval(sampler);
    await probe;
  }
}

const importBody = (name: string, data: Buffer) => Buffer.from(JSON.stringify([{ name, dataBase64: data.toString('base64') }]));

describe('entity-multiplying dictionaries over /rpc', () => {
  beforeAll(async () => {
    const jmdict = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'JMdict_sample.xml'));
    const res = await rpc('dictionary.import', [{ name: 'JMdict_e', dataBase64: jmdict.toString('base64') }]);
    expect(res.status).toBe(200);
  });

  const kept = async () => {
    expect(await (await rpc('dictionary.status', [])).json()).toMatchObject({ state: 'ready', entries: 15, sources: ['JMdict_e'] });
    const found = (await (await rpc('dictionary.lookup', ['食べた'])).json()) as { id: number }[];
    expect(found[0]?.id).toBe(1358280);
    // No temp file is left behind.
    expect(fs.readdirSync(server.dataDir).filter((f) => f.startsWith('dictionary.db'))).toEqual(['dictionary.db']);
  };

  it('a 6 MB file referencing a 2,000-character entity 100,000 times in each of 20 glosses is refused; the server answers and memory stays flat', async () => {
    const bomb = entityMultiplier(1, 20, 100_000);
    expect(bomb.length).toBeGreaterThan(6_000_000);
    const { result, answered, heapGrowth } = await watchWhile(postLarge('dictionary.import', importBody('bomb.xml', bomb)));
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ error: { code: 'bad_request', details: { problem: 'text_limit' }, message: expect.stringContaining('text of one element expands to more than') } });
    expect(answered).toBeGreaterThan(0);
    // The body, its base64 and the decoded text are a few tens of MB; the expansion would be gigabytes.
    expect(heapGrowth).toBeLessThan(400 * 1024 * 1024);
    await kept();
  });

  it('a 315 KB file whose every entry stays small but whose whole expands ~300× is refused before it builds a database', async () => {
    // 7 references per gloss (14,000 characters), 18 glosses per entry (252,000): under the element and entry caps.
    const bomb = entityMultiplier(400, 18, 7);
    expect(bomb.length).toBeGreaterThan(300_000);
    expect(bomb.length).toBeLessThan(330_000);
    const { result } = await watchWhile(postLarge('dictionary.import', importBody('wide.xml', bomb)));
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ error: { details: { problem: 'text_limit' }, message: expect.stringMatching(/^The file's text expands to more than [\d,]+ characters/) } });
    await kept();
  });
});
