/**
 * A fake of EDRDG's download server on 127.0.0.1: serves JMdict_e.gz and
 * kanjidic2.xml.gz (gzipped fixtures in JMdict's and KANJIDIC2's real shape) with a
 * Content-Length, optionally in slow pieces so a progress bar can be seen moving.
 * `hold` paths send their first piece and then wait for `release(path)`, so a test can see a
 * file's progress on screen for as long as it needs, however loaded the machine is.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

const FIXTURES = path.resolve(import.meta.dirname, '../integration/dictionary/fixtures');

export interface FakeEdrdg {
  /** Base URL for YOMIMONO_DICTIONARY_URL. */
  url: string;
  requests: string[];
  /** With `endless`: the bytes of the body sent before the client closed the connection. */
  sentBytes: number;
  /** Lets a held file's response go on (its first piece is already sent). */
  release(path: string): void;
  close(): Promise<void>;
}

export async function startFakeEdrdg(opts: { pieceDelayMs?: number; pieces?: number; missing?: boolean; endless?: boolean; hold?: string[] } = {}): Promise<FakeEdrdg> {
  const files: Record<string, Buffer> = {
    '/JMdict_e.gz': zlib.gzipSync(fs.readFileSync(path.join(FIXTURES, 'JMdict_sample.xml'))),
    '/kanjidic2.xml.gz': zlib.gzipSync(fs.readFileSync(path.join(FIXTURES, 'kanjidic2_sample.xml'))),
  };
  const requests: string[] = [];
  const state = { sentBytes: 0 };
  const gates = new Map<string, { open: Promise<void>; release: () => void }>();
  for (const held of opts.hold ?? []) {
    let release = () => {};
    const open = new Promise<void>((r) => (release = r));
    gates.set(held, { open, release });
  }
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (opts.endless) {
      // A body with no Content-Length that never ends (up to 1 GiB): only the client's limit stops it.
      res.writeHead(200, { 'Content-Type': 'application/gzip' });
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && state.sentBytes < 1024 ** 3) {
          state.sentBytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      return pump();
    }
    const body = opts.missing ? undefined : files[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': body.length });
    // A held file comes in at least two pieces: the first, then the rest once released.
    const gate = gates.get(req.url ?? '');
    const pieces = Math.max(opts.pieces ?? 1, gate ? 2 : 1);
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const next = () => {
      if (i >= pieces) return void res.end();
      res.write(body.subarray(i * size, (i + 1) * size));
      i++;
      if (i === 1 && gate) return void gate.open.then(next);
      setTimeout(next, opts.pieceDelayMs ?? 0);
    };
    next();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get sentBytes() {
      return state.sentBytes;
    },
    release: (held) => gates.get(held)?.release(),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
