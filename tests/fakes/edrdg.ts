/**
 * A fake of EDRDG's download server on 127.0.0.1: serves JMdict_e.gz and
 * kanjidic2.xml.gz (gzipped fixtures in JMdict's and KANJIDIC2's real shape) with a
 * Content-Length, optionally in slow pieces so a progress bar can be seen moving.
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
  close(): Promise<void>;
}

export async function startFakeEdrdg(opts: { pieceDelayMs?: number; pieces?: number; missing?: boolean; endless?: boolean } = {}): Promise<FakeEdrdg> {
  const files: Record<string, Buffer> = {
    '/JMdict_e.gz': zlib.gzipSync(fs.readFileSync(path.join(FIXTURES, 'JMdict_sample.xml'))),
    '/kanjidic2.xml.gz': zlib.gzipSync(fs.readFileSync(path.join(FIXTURES, 'kanjidic2_sample.xml'))),
  };
  const requests: string[] = [];
  const state = { sentBytes: 0 };
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
    const pieces = opts.pieces ?? 1;
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const next = () => {
      if (i >= pieces) return void res.end();
      res.write(body.subarray(i * size, (i + 1) * size));
      i++;
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
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
