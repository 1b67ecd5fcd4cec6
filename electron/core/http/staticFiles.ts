import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The page's policy: our own scripts only, like the Electron window, plus the
 * origins given (the analytics script's, when browser mode serves its loader: the
 * script must load from there and report back to it).
 *
 * Styles come from the app's own stylesheets only: no inline `style` attribute and no
 * `<style>` element, so markup that slipped past the sanitiser (shared/markupRules.ts)
 * still cannot lay anything over the window. React's `style={{…}}` props are set through
 * the CSSOM, which the policy allows. `devInlineStyles` is for Vite's dev server alone,
 * which injects the CSS as <style> elements.
 */
export function contentSecurityPolicy(extraOrigins: readonly string[] = [], opts: { devInlineStyles?: boolean } = {}): string {
  const extra = extraOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    opts.devInlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    `connect-src 'self'${extra}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The built page carries the desktop window's policy in a <meta> tag. Served over
 * HTTP the header holds the policy; a meta policy would apply on top of it (both
 * must allow a load), so it is taken out of the page.
 */
const META_CSP = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/gi;

export interface StaticOptions {
  /** Origins the page's CSP allows besides its own (see contentSecurityPolicy). */
  extraScriptOrigins?: readonly string[];
}

type Target = { kind: 'file'; file: string } | { kind: 'missing' } | { kind: 'outside' };

/** Whether `file` (already resolved) is `root` or inside it: a sibling named `<root>-x` is not. */
function inside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The real path of a request path under the real root. `..` cannot climb past the root
 * (the path is normalized from `/`), and a symlink is followed only where it stays inside.
 */
async function resolveTarget(realRoot: string, rel: string): Promise<Target> {
  const file = path.join(realRoot, path.posix.normalize(`/${rel}`));
  if (!inside(realRoot, file)) return { kind: 'outside' };
  let real: string;
  try {
    real = await fs.promises.realpath(file);
  } catch {
    return { kind: 'missing' };
  }
  return inside(realRoot, real) ? { kind: 'file', file: real } : { kind: 'outside' };
}

interface OpenFile {
  stream: fs.ReadStream;
  size: number;
}

/**
 * Opens a regular file for reading, or undefined. Size and type come from the open
 * descriptor, so a file that vanishes or changes after this point is still read whole.
 */
function openFile(file: string): Promise<OpenFile | undefined> {
  return new Promise((resolve) => {
    const stream = fs.createReadStream(file);
    const fail = (): void => {
      stream.destroy();
      resolve(undefined);
    };
    stream.once('error', fail);
    stream.once('open', (fd: number) => {
      fs.fstat(fd, (err, stat) => {
        if (err || !stat.isFile()) return fail();
        stream.off('error', fail);
        resolve({ stream, size: stat.size });
      });
    });
  });
}

function notFound(res: http.ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
}

function readWhole(stream: fs.ReadStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer | string) => chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c)));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** Serves the built renderer; unknown paths without an extension get index.html (client-side routes). */
export async function serveStatic(root: string, req: http.IncomingMessage, res: http.ServerResponse, pathname: string, opts: StaticOptions = {}): Promise<void> {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  // A backslash is a separator on Windows (`%5c..%5c`), a NUL ends a path: neither is in a built asset's name.
  if (rel.includes('\\') || rel.includes('\0')) {
    res.writeHead(400).end();
    return;
  }
  let realRoot: string;
  try {
    realRoot = await fs.promises.realpath(root);
  } catch {
    return notFound(res);
  }
  const target = await resolveTarget(realRoot, rel.endsWith('/') ? `${rel}index.html` : rel);
  if (target.kind === 'outside') {
    res.writeHead(403).end();
    return;
  }
  let file = target.kind === 'file' ? target.file : undefined;
  let opened = file === undefined ? undefined : await openFile(file);
  if (!opened && path.extname(rel) === '') {
    file = path.join(realRoot, 'index.html');
    opened = await openFile(file);
  }
  if (!opened || file === undefined) return notFound(res);
  const { stream } = opened;
  const ext = path.extname(file);
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Content-Length': opened.size,
    'X-Content-Type-Options': 'nosniff',
    // Hashed assets never change; the HTML must be fresh so a rebuild shows up.
    'Cache-Control': file.startsWith(path.join(realRoot, 'assets') + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (ext === '.html') {
    headers['Content-Security-Policy'] = contentSecurityPolicy(opts.extraScriptOrigins);
    headers['X-Frame-Options'] = 'DENY';
    headers['Referrer-Policy'] = 'no-referrer';
    let page: Buffer;
    try {
      page = Buffer.from((await readWhole(stream)).toString('utf8').replace(META_CSP, ''), 'utf8');
    } catch {
      return notFound(res);
    }
    headers['Content-Length'] = page.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : page);
    return;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    stream.destroy();
    res.end();
    return;
  }
  // A read failing halfway (disk error): the length promised cannot be kept, so the connection is cut.
  stream.once('error', () => res.destroy());
  res.once('close', () => stream.destroy());
  stream.pipe(res);
}
