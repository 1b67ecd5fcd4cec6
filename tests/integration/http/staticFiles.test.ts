/**
 * The built renderer served in browser mode: nothing outside the root is ever sent (`..`,
 * encoded dots and backslashes, symlinks out, a sibling folder whose name starts with the
 * root's), and a file vanishing between lookup and read costs one 404, not the process.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../support/browserMode';
import { makeTempDir } from '../../support/tempDir';

const SECRET = 'TOP-SECRET-CONTENT';
let base: ReturnType<typeof makeTempDir>;
let root: string;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  base = makeTempDir('yomimono-static-base-');
  root = path.join(base.dir, 'dist');
  const sibling = path.join(base.dir, 'dist-secret');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.mkdirSync(sibling);
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(root, 'app.js'), 'console.log("app");');
  fs.writeFileSync(path.join(root, 'assets', 'a-1234.js'), 'export const a = 1;');
  fs.writeFileSync(path.join(base.dir, 'outside.txt'), SECRET);
  fs.writeFileSync(path.join(sibling, 'secret.txt'), SECRET);
  // Out of the root: a file, a directory, and the sibling whose name has the root's as a prefix.
  fs.symlinkSync(path.join(base.dir, 'outside.txt'), path.join(root, 'link-out.txt'));
  fs.symlinkSync(base.dir, path.join(root, 'up'));
  fs.symlinkSync(sibling, path.join(root, 'sib'));
  // Inside the root: allowed.
  fs.symlinkSync(path.join(root, 'app.js'), path.join(root, 'alias.js'));
  server = await startTestServer({}, { staticDir: root });
});

afterAll(async () => {
  await server.close();
  base.cleanup();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A GET with the path sent exactly as written (fetch would normalize `..` away). */
function get(rawPath: string, method = 'GET'): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: rawPath, method, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  it('serves files of the root, a symlink inside it, and index.html for client routes', async () => {
    expect(await get('/app.js')).toMatchObject({ status: 200, body: 'console.log("app");' });
    expect(await get('/alias.js')).toMatchObject({ status: 200, body: 'console.log("app");' });
    const asset = await get('/assets/a-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(await get('/')).toMatchObject({ status: 200, body: '<!doctype html><title>app</title>' });
    expect(await get('/reader/123')).toMatchObject({ status: 200, body: '<!doctype html><title>app</title>' });
    expect(await get('/missing.js')).toMatchObject({ status: 404 });
    const head = await get('/app.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String('console.log("app");'.length));
  });

  it.each([
    '/../outside.txt',
    '/../../outside.txt',
    '/assets/../../outside.txt',
    '/%2e%2e/outside.txt',
    '/%2e%2e%2foutside.txt',
    '/%2E%2E/%2E%2E/outside.txt',
    '/..%2f..%2foutside.txt',
    '/%5c..%5coutside.txt',
    '/..%5c..%5coutside.txt',
    '/assets%5c..%5c..%5coutside.txt',
    '/app.js%00.txt',
  ])('%s never reaches outside the root', async (p) => {
    const res = await get(p);
    expect(res.body).not.toContain(SECRET);
    expect([400, 403, 404]).toContain(res.status);
  });

  it.each([
    ['a symlink to a file outside', '/link-out.txt'],
    ['a symlink to a folder outside', '/up/outside.txt'],
    ['a sibling folder named with the root’s name as prefix', '/sib/secret.txt'],
  ])('%s → 403', async (_what, p) => {
    const res = await get(p);
    expect(res.body).not.toContain(SECRET);
    expect(res.status).toBe(403);
  });

  it('a file vanishing between lookup and read → 404, and the server keeps serving', async () => {
    const file = path.join(root, 'vanish.js');
    fs.writeFileSync(file, 'soon gone');
    const realOpen = fs.createReadStream;
    // The read starts just after the file was deleted: as if another process removed it at that moment.
    vi.spyOn(fs, 'createReadStream').mockImplementation(((p: fs.PathLike, opts?: Parameters<typeof fs.createReadStream>[1]) => {
      if (String(p).endsWith('vanish.js')) fs.rmSync(String(p), { force: true });
      return realOpen(p, opts);
    }) as typeof fs.createReadStream);
    const res = await get('/vanish.js');
    expect(res.status).toBe(404);
    expect(await get('/app.js')).toMatchObject({ status: 200, body: 'console.log("app");' });
  });
});
