/**
 * Microsoft Edge read-aloud over its WebSocket protocol: one connection per chunk of text,
 * a `speech.config` and an `ssml` message, then binary `Path:audio` frames until `turn.end`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { AppError, type ErrorReason } from '../../../shared/result';
import { UPSTREAM_AUDIO_LIMIT_BYTES, upstreamTooLarge } from '../net/upstreamLimits';
import { startDeadline, type Deadline } from './deadline';
import { TTS_MESSAGES } from './messages';
import { transportFailure } from '../net/transportError';
import { chunkText } from './sentenceChunks';
import { buildSsml, ssmlText } from './ssml';
import { DEFAULT_TTS_TIMEOUT_MS, type TtsAudio } from './types';

/** The public token the Edge browser's read-aloud feature sends. */
export const TRUSTED_CLIENT_TOKEN = '6A5AA1D4EAFF4E9FB37E23D68491D6F4';
/** The Edge build we present as; the service checks it against the token version. */
export const CHROMIUM_FULL_VERSION = '140.0.3485.14';
export const SEC_MS_GEC_VERSION = `1-${CHROMIUM_FULL_VERSION}`;
export const EDGE_OUTPUT_FORMAT = 'audio-24khz-48kbitrate-mono-mp3';
export const EDGE_MIME_TYPE = 'audio/mpeg';
/** The service refuses longer SSML bodies; this bounds the escaped text of one request. */
export const EDGE_MAX_CHUNK_BYTES = 4096;

const EDGE_ORIGIN = 'chrome-extension://jdiccldimpdaibmpdkjnbmckianbfold';
const CHROMIUM_MAJOR = CHROMIUM_FULL_VERSION.split('.')[0] ?? '140';
const EDGE_USER_AGENT =
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ` +
  `Chrome/${CHROMIUM_MAJOR}.0.0.0 Safari/537.36 Edg/${CHROMIUM_MAJOR}.0.0.0`;
/** Seconds between 1601-01-01 (Windows file time) and 1970-01-01. */
const WINDOWS_EPOCH_OFFSET_S = 11_644_473_600n;

/**
 * Sec-MS-GEC: uppercase SHA-256 hex of the Windows file time (100 ns ticks) rounded down to
 * five minutes, followed by the trusted client token. BigInt keeps the ticks exact.
 */
export function secMsGec(nowMs: number, token: string = TRUSTED_CLIENT_TOKEN): string {
  let seconds = BigInt(Math.floor(nowMs / 1000)) + WINDOWS_EPOCH_OFFSET_S;
  seconds -= seconds % 300n;
  const ticks = seconds * 10_000_000n;
  return createHash('sha256').update(`${ticks}${token}`, 'ascii').digest('hex').toUpperCase();
}

export function newConnectionId(): string {
  return randomUUID().replace(/-/g, '');
}

export function buildEdgeUrl(base: string, nowMs: number, connectionId: string): string {
  const url = new URL(base);
  url.searchParams.set('TrustedClientToken', TRUSTED_CLIENT_TOKEN);
  url.searchParams.set('Sec-MS-GEC', secMsGec(nowMs));
  url.searchParams.set('Sec-MS-GEC-Version', SEC_MS_GEC_VERSION);
  url.searchParams.set('ConnectionId', connectionId);
  return url.toString();
}

function edgeHeaders(): Record<string, string> {
  return {
    Origin: EDGE_ORIGIN,
    'User-Agent': EDGE_USER_AGENT,
    Pragma: 'no-cache',
    'Cache-Control': 'no-cache',
    'Accept-Language': 'en-US,en;q=0.9',
    Cookie: `muid=${randomBytes(16).toString('hex').toUpperCase()};`,
  };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The JavaScript `Date#toString` form in UTC, which is what the browser sends. */
export function edgeTimestamp(nowMs: number): string {
  const d = new Date(nowMs);
  return (
    `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad2(d.getUTCDate())} ${d.getUTCFullYear()} ` +
    `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`
  );
}

export function speechConfigMessage(nowMs: number): string {
  const config = {
    context: {
      synthesis: {
        audio: {
          metadataoptions: { sentenceBoundaryEnabled: 'false', wordBoundaryEnabled: 'false' },
          outputFormat: EDGE_OUTPUT_FORMAT,
        },
      },
    },
  };
  return (
    `X-Timestamp:${edgeTimestamp(nowMs)}\r\n` +
    `Content-Type:application/json; charset=utf-8\r\n` +
    `Path:speech.config\r\n\r\n` +
    `${JSON.stringify(config)}\r\n`
  );
}

export function ssmlMessage(requestId: string, ssml: string, nowMs: number): string {
  // The trailing "Z" after the timestamp is what the browser sends; kept for fidelity.
  return (
    `X-RequestId:${requestId}\r\n` +
    `Content-Type:application/ssml+xml\r\n` +
    `X-Timestamp:${edgeTimestamp(nowMs)}Z\r\n` +
    `Path:ssml\r\n\r\n` +
    ssml
  );
}

/** `Name:value` lines; names lower-cased. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export interface EdgeFrame {
  headers: Map<string, string>;
  body: Buffer;
}

/** A text frame: headers, a blank line, then the body. */
export function parseTextFrame(text: string): EdgeFrame {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  return { headers: parseHeaderBlock(head), body: Buffer.from(body, 'utf8') };
}

/** A binary frame: 2-byte big-endian header length, the text headers, then the payload. */
export function parseBinaryFrame(data: Buffer): EdgeFrame | null {
  if (data.length < 2) return null;
  const headerLength = data.readUInt16BE(0);
  if (2 + headerLength > data.length) return null;
  return {
    headers: parseHeaderBlock(data.subarray(2, 2 + headerLength).toString('utf8')),
    body: data.subarray(2 + headerLength),
  };
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** `reason` (details.reason) is what the UI words; the Chinese message is for the /api route. */
function upstreamError(message: string, reason: ErrorReason, details?: Record<string, unknown>): AppError {
  return new AppError({ code: 'upstream_error', message, status: 502, details: { service: 'speech', reason, ...details } });
}

/** The handshake was answered with HTTP instead of an upgrade (403 for a stale token, usually). */
class HandshakeRejected extends Error {
  constructor(
    readonly status: number,
    readonly serverDate: number | null,
  ) {
    super(`Edge TTS handshake rejected with HTTP ${status}`);
  }
}

interface ChunkContext {
  url: string;
  nowMs: number;
  deadline: Deadline;
  /** Audio bytes the whole synthesis may still receive, across its chunks (UPSTREAM_AUDIO_LIMIT_BYTES). */
  budget: { left: number };
}

/** Room for a frame's text headers on top of the audio cap: one message never needs more. */
const FRAME_HEADROOM_BYTES = 64 * 1024;

/** One connection, one SSML document, the audio of it. */
function requestChunk(ssml: string, { url, nowMs, deadline, budget }: ChunkContext): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const { signal } = deadline;
    if (signal.aborted) {
      reject(deadline.error() ?? upstreamError(TTS_MESSAGES.edgeClosedEarly, 'interrupted'));
      return;
    }
    const audio: Buffer[] = [];
    let opened = false;
    let settled = false;

    // ws refuses (and closes on) a single message past maxPayload before buffering it.
    const ws = new WebSocket(buildEdgeUrl(url, nowMs, newConnectionId()), {
      headers: edgeHeaders(),
      maxPayload: UPSTREAM_AUDIO_LIMIT_BYTES + FRAME_HEADROOM_BYTES,
    });

    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        ws.terminate();
        reject(error);
      } else {
        ws.close(1000);
        resolve(Buffer.concat(audio));
      }
    };
    const onAbort = (): void => finish(deadline.error() ?? upstreamError(TTS_MESSAGES.edgeClosedEarly, 'interrupted'));

    ws.on('unexpected-response', (_req, res) => {
      const date = Date.parse(res.headers.date ?? '');
      res.resume();
      finish(new HandshakeRejected(res.statusCode ?? 0, Number.isNaN(date) ? null : date));
    });
    ws.on('open', () => {
      opened = true;
      ws.send(speechConfigMessage(nowMs));
      ws.send(ssmlMessage(newConnectionId(), ssml, nowMs));
    });
    ws.on('message', (raw, isBinary) => {
      const data = toBuffer(raw);
      if (!isBinary) {
        const path = parseTextFrame(data.toString('utf8')).headers.get('path');
        if (path === 'turn.end') finish(null);
        return; // turn.start, response, audio.metadata: nothing we need
      }
      const frame = parseBinaryFrame(data);
      if (frame === null) {
        finish(upstreamError(TTS_MESSAGES.edgeBadFrame, 'invalid_answer'));
        return;
      }
      if (frame.headers.get('path') !== 'audio' || frame.body.length === 0) return;
      budget.left -= frame.body.length;
      if (budget.left < 0) {
        audio.length = 0;
        finish(upstreamTooLarge(UPSTREAM_AUDIO_LIMIT_BYTES));
        return;
      }
      audio.push(frame.body);
    });
    // After settling these still fire (terminate, late errors); `finish` ignores them, and the
    // listener being present keeps ws from throwing an unhandled 'error' event.
    ws.on('error', (e: Error & { code?: string }) =>
      finish(
        e.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'
          ? upstreamTooLarge(UPSTREAM_AUDIO_LIMIT_BYTES)
          : upstreamError(opened ? TTS_MESSAGES.edgeClosedEarly : TTS_MESSAGES.edgeUnreachable, opened ? 'interrupted' : 'unreachable', { cause: transportFailure(e).text }),
      ),
    );
    ws.on('close', (code) => finish(upstreamError(TTS_MESSAGES.edgeClosedEarly, 'interrupted', { closeCode: code })));
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface EdgeTtsOptions {
  /** EDGE_TTS_URL. */
  url: string;
  voice: string;
  /** Percent, -100..100. */
  rate?: number;
  signal?: AbortSignal;
  /** Bound of the whole call, every chunk included. */
  timeoutMs?: number;
  /** Epoch ms; the Sec-MS-GEC token and timestamps are derived from it. */
  now?: () => number;
  /** Limit on the UTF-8 bytes of the escaped text of one request. */
  maxChunkBytes?: number;
}

/** Synthesizes `text` (raw, unescaped) as MP3, chunk by chunk, and joins the MP3 streams. */
export async function synthesizeEdge(text: string, options: EdgeTtsOptions): Promise<TtsAudio> {
  const { url, voice, rate = 0, signal, timeoutMs = DEFAULT_TTS_TIMEOUT_MS, now = Date.now } = options;
  const maxChunkBytes = options.maxChunkBytes ?? EDGE_MAX_CHUNK_BYTES;
  const chunks = chunkText(text, maxChunkBytes, (s) => Buffer.byteLength(ssmlText(s))).filter((c) => c.trim() !== '');
  const deadline = startDeadline(signal, timeoutMs);
  const budget = { left: UPSTREAM_AUDIO_LIMIT_BYTES };
  // Learned from the server's Date header when it rejects our token as stale (a wrong clock).
  let clockSkewMs = 0;
  let skewRetried = false;
  try {
    const parts: Buffer[] = [];
    for (const chunk of chunks) {
      const ssml = buildSsml(chunk, { voice, rate });
      for (;;) {
        const sentAt = now();
        try {
          parts.push(await requestChunk(ssml, { url, nowMs: sentAt + clockSkewMs, deadline, budget }));
          break;
        } catch (e) {
          if (!(e instanceof HandshakeRejected)) throw e;
          if (e.status === 403 && e.serverDate !== null && !skewRetried) {
            skewRetried = true;
            clockSkewMs = e.serverDate - sentAt;
            continue;
          }
          throw upstreamError(TTS_MESSAGES.edgeRejected(e.status), 'refused', { upstreamStatus: e.status });
        }
      }
    }
    const audio = Buffer.concat(parts);
    if (audio.length === 0) throw upstreamError(TTS_MESSAGES.noAudio, 'no_audio');
    return { audio, mimeType: EDGE_MIME_TYPE };
  } finally {
    deadline.dispose();
  }
}
