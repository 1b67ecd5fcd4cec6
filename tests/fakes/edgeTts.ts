/**
 * A fake of Microsoft Edge's read-aloud WebSocket service on 127.0.0.1, speaking its framing:
 * text frames `headers\r\n\r\nbody`, binary frames with a 2-byte big-endian header length,
 * `turn.start`, `audio.metadata`, `Path:audio` frames and `turn.end`.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

export const FAKE_EDGE_PATH = '/consumer/speech/synthesize/readaloud/edge/v1';
const TRUSTED_CLIENT_TOKEN = '6A5AA1D4EAFF4E9FB37E23D68491D6F4';

export interface ReceivedSsml {
  connectionId: string;
  requestId: string;
  headers: Record<string, string>;
  ssml: string;
  /** Parsed out of the SSML for convenience. */
  voice: string | null;
  rate: string | null;
  lang: string | null;
  /** The escaped text between the prosody tags. */
  body: string | null;
}

export interface ReceivedConnection {
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface Received {
  connections: ReceivedConnection[];
  configs: Array<{ headers: Record<string, string>; body: string }>;
  ssml: ReceivedSsml[];
  /** Rejected handshakes (bad query) with the reason. */
  rejected: string[];
  /** Protocol violations the fake saw (should stay empty). */
  violations: string[];
  /** The close code each connection ended with, as the server saw it (1009: the client refused a message as too big). */
  closeCodes: number[];
}

export interface FakeEdgeTtsOptions {
  /** Audio returned for one SSML request; a function can derive it from the request. */
  audio?: Buffer | ((request: ReceivedSsml, index: number) => Buffer);
  /** Number of binary audio frames the audio is split into. */
  frames?: number;
  /** Delay before answering each SSML request. */
  delayMs?: number;
  /** Send the audio, then close the socket without `turn.end`. */
  closeBeforeTurnEnd?: boolean;
  /** Read the request and never answer. */
  neverAnswer?: boolean;
  /** The requests it picks fail: the socket closes without audio (a synthesis that fails). */
  failWhen?: (request: ReceivedSsml) => boolean;
  /** Answer every handshake with this HTTP status instead of upgrading. */
  rejectConnection?: number;
  /** Check Sec-MS-GEC against this clock (epoch ms), answering 403 with a Date header otherwise. */
  verifyTokenAt?: () => number;
}

export interface FakeEdgeTts {
  /** Usable directly as EDGE_TTS_URL. */
  url: string;
  received: Received;
  options: FakeEdgeTtsOptions;
  /** Replace some options for the following requests. */
  configure(patch: Partial<FakeEdgeTtsOptions>): void;
  /** Number of sockets currently open. */
  openSockets(): number;
  close(): Promise<void>;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon)] = line.slice(colon + 1);
  }
  return headers;
}

/** The token the real service expects at `nowMs` (independent of the client's code on purpose). */
function expectedToken(nowMs: number): string {
  const fiveMinutes = 3_000_000_000n; // 300 s in 100 ns ticks
  const ticks = (BigInt(Math.floor(nowMs / 1000)) + 11_644_473_600n) * 10_000_000n;
  const rounded = ticks - (ticks % fiveMinutes);
  return createHash('sha256').update(`${rounded}${TRUSTED_CLIENT_TOKEN}`).digest('hex').toUpperCase();
}

function textFrame(headers: Record<string, string>, body: string): string {
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\r\n');
  return `${head}\r\n\r\n${body}`;
}

function binaryFrame(headers: Record<string, string>, payload: Buffer): Buffer {
  const head = Buffer.from(
    Object.entries(headers)
      .map(([k, v]) => `${k}:${v}\r\n`)
      .join(''),
    'utf8',
  );
  const length = Buffer.alloc(2);
  length.writeUInt16BE(head.length, 0);
  return Buffer.concat([length, head, payload]);
}

function pick(ssml: string, re: RegExp): string | null {
  return re.exec(ssml)?.[1] ?? null;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function rejectUpgrade(socket: Duplex, status: number, extra: Record<string, string> = {}): void {
  const headers = Object.entries({ 'Content-Length': '0', Connection: 'close', ...extra })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${headers}\r\n`);
}

export async function startFakeEdgeTts(initial: FakeEdgeTtsOptions = {}): Promise<FakeEdgeTts> {
  const options: FakeEdgeTtsOptions = { ...initial };
  const received: Received = { connections: [], configs: [], ssml: [], rejected: [], violations: [], closeCodes: [] };
  const server = http.createServer((_req, res) => {
    res.writeHead(426).end();
  });
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    received.connections.push({ query, headers: req.headers });
    const reject = (reason: string, status = 403, extra: Record<string, string> = {}): void => {
      received.rejected.push(reason);
      rejectUpgrade(socket, status, extra);
    };
    if (options.rejectConnection !== undefined) return reject('configured', options.rejectConnection);
    if (url.pathname !== FAKE_EDGE_PATH) return reject(`path ${url.pathname}`, 404);
    if (query.TrustedClientToken !== TRUSTED_CLIENT_TOKEN) return reject('TrustedClientToken');
    const gec = query['Sec-MS-GEC'] ?? '';
    if (!/^[0-9A-F]{64}$/.test(gec)) return reject('Sec-MS-GEC format');
    if (!/^1-\d+\.\d+\.\d+\.\d+$/.test(query['Sec-MS-GEC-Version'] ?? '')) return reject('Sec-MS-GEC-Version');
    if (!/^[0-9a-f]{32}$/.test(query.ConnectionId ?? '')) return reject('ConnectionId');
    if (!String(req.headers.origin ?? '').startsWith('chrome-extension://')) return reject('Origin');
    if (options.verifyTokenAt) {
      const at = options.verifyTokenAt();
      // The current and the previous five-minute window, as a real clock tolerance would.
      if (gec !== expectedToken(at) && gec !== expectedToken(at - 300_000)) {
        return reject('Sec-MS-GEC value', 403, { Date: new Date(at).toUTCString() });
      }
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', (code) => {
        sockets.delete(ws);
        received.closeCodes.push(code);
      });
      serve(ws, query.ConnectionId ?? '');
    });
  });

  function serve(ws: WebSocket, connectionId: string): void {
    let configured = false;
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      if (isBinary) {
        received.violations.push('binary frame from client');
        return;
      }
      const text = (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) {
        received.violations.push('text frame without header separator');
        return;
      }
      const headers = parseHeaders(text.slice(0, split));
      const body = text.slice(split + 4);
      if (!headers['X-Timestamp']) received.violations.push(`no X-Timestamp on ${headers.Path}`);
      if (headers.Path === 'speech.config') {
        configured = true;
        received.configs.push({ headers, body });
        try {
          const format = (JSON.parse(body) as { context?: { synthesis?: { audio?: { outputFormat?: unknown } } } })
            .context?.synthesis?.audio?.outputFormat;
          if (format !== 'audio-24khz-48kbitrate-mono-mp3') received.violations.push(`outputFormat ${String(format)}`);
        } catch {
          received.violations.push('speech.config body is not JSON');
        }
        return;
      }
      if (headers.Path !== 'ssml') {
        received.violations.push(`unexpected Path ${headers.Path}`);
        return;
      }
      if (!configured) received.violations.push('ssml before speech.config');
      if (headers['Content-Type'] !== 'application/ssml+xml') received.violations.push('ssml Content-Type');
      const requestId = headers['X-RequestId'] ?? '';
      if (!/^[0-9a-f]{32}$/.test(requestId)) received.violations.push('X-RequestId format');
      const request: ReceivedSsml = {
        connectionId,
        requestId,
        headers,
        ssml: body,
        voice: pick(body, /<voice name='([^']*)'>/),
        rate: pick(body, /rate='([^']*)'/),
        lang: pick(body, /xml:lang='([^']*)'/),
        body: pick(body, /<prosody [^>]*>([\s\S]*)<\/prosody>/),
      };
      const index = received.ssml.push(request) - 1;
      void answer(ws, request, index);
    });
  }

  async function answer(ws: WebSocket, request: ReceivedSsml, index: number): Promise<void> {
    if (options.neverAnswer) return;
    if (options.failWhen?.(request)) {
      ws.close(1011);
      return;
    }
    if (options.delayMs) await sleep(options.delayMs);
    if (ws.readyState !== ws.OPEN) return;
    const audio =
      typeof options.audio === 'function'
        ? options.audio(request, index)
        : (options.audio ?? Buffer.from(`mp3-${index}:${request.body ?? ''}`));
    const id = request.requestId;
    const now = new Date().toISOString();
    ws.send(textFrame({ 'X-RequestId': id, 'Content-Type': 'application/json; charset=utf-8', Path: 'turn.start' }, '{"context":{"serviceTag":"fake"}}'));
    ws.send(
      textFrame(
        { 'X-RequestId': id, 'Content-Type': 'application/json; charset=utf-8', Path: 'response' },
        '{"context":{"serviceTag":"fake"},"audio":{"type":"inline","streamId":"fake"}}',
      ),
    );
    const frames = Math.max(1, options.frames ?? 1);
    const size = Math.ceil(audio.length / frames);
    for (let i = 0; i < frames; i++) {
      const part = audio.subarray(i * size, (i + 1) * size);
      if (part.length === 0) continue;
      ws.send(binaryFrame({ 'X-RequestId': id, 'Content-Type': 'audio/mpeg', 'X-StreamId': 'fake', Path: 'audio' }, part));
      ws.send(
        textFrame(
          { 'X-RequestId': id, 'Content-Type': 'application/json; charset=utf-8', Path: 'audio.metadata' },
          JSON.stringify({ Metadata: [{ Type: 'SessionEnd', Data: { Offset: i } }] }),
        ),
      );
    }
    // The real service ends the audio with an empty `Path:audio` frame without Content-Type.
    ws.send(binaryFrame({ 'X-RequestId': id, 'X-StreamId': 'fake', Path: 'audio' }, Buffer.alloc(0)));
    if (options.closeBeforeTurnEnd) {
      ws.close(1000);
      return;
    }
    ws.send(textFrame({ 'X-RequestId': id, 'Content-Type': 'application/json; charset=utf-8', Path: 'turn.end', 'X-Timestamp': now }, '{}'));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${FAKE_EDGE_PATH}`,
    received,
    options,
    configure: (patch) => Object.assign(options, patch),
    openSockets: () => sockets.size,
    close: async () => {
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
