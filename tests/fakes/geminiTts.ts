/**
 * A fake of Gemini's native `generateContent` text-to-speech on 127.0.0.1. Answers like the
 * real API: base64 PCM `audio/L16;codec=pcm;rate=24000` in `candidates[0].content.parts[0]
 * .inlineData`, and Google's error body `{error:{code,message,status}}` on failure.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flood, type FloodOptions, type FloodReport } from './flood';
import { generateGeminiModels, geminiModelsPage } from './modelList';

export const FAKE_GEMINI_KEY = 'fake-gemini-key';
export const FAKE_GEMINI_PCM_MIME = 'audio/L16;codec=pcm;rate=24000';

export interface GeminiTtsRecordedRequest {
  method: string;
  path: string;
  model: string | null;
  apiKey: string | null;
  body: unknown;
  /** Convenience fields read out of the body. */
  text: string | null;
  voice: string | null;
}

export type FakeGeminiMode =
  | { kind: 'pcm'; pcm?: Buffer; mimeType?: string }
  | { kind: 'wav'; wav?: Buffer; mimeType?: string }
  | { kind: 'error'; status: number; message: string; googleStatus?: string; reason?: string; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body: string; contentType?: string }
  | { kind: 'no-audio' }
  | { kind: 'hang' }
  /** 200 JSON whose base64 audio does not stop (see flood.ts), optionally gzip-encoded. */
  | ({ kind: 'flood' } & Pick<FloodOptions, 'encoding' | 'bytes'>);

export interface FakeGeminiTtsOptions {
  apiKey?: string;
  mode?: FakeGeminiMode;
  delayMs?: number;
  /** `GET /v1beta/models` serves these, `modelsPageSize` a page (default: generateGeminiModels(), 3). */
  models?: unknown[];
  modelsPageSize?: number;
}

export interface FakeGeminiTts {
  /** One report per `flood` answer, settled once its connection ended. */
  floods: Array<Promise<FloodReport>>;
  /** Usable directly as GEMINI_NATIVE_API_URL. */
  baseUrl: string;
  apiKey: string;
  requests: GeminiTtsRecordedRequest[];
  /** `GET /v1beta/models` pages served (not in `requests`). */
  readonly modelRequests: number;
  configure(patch: Partial<FakeGeminiTtsOptions>): void;
  /** Requests currently held open (hang mode). */
  pending(): number;
  close(): Promise<void>;
}

/** 0.1 s of a 440 Hz tone, 24 kHz mono s16le: recognisable, small. */
export function samplePcm(samples = 2400): Buffer {
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24000)), i * 2);
  return pcm;
}

/** A minimal valid WAV, built by hand here so the fake does not depend on the code under test. */
export function sampleWav(): Buffer {
  const data = samplePcm(100);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(24000, 24);
  h.writeUInt32LE(48000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function googleError(status: number, message: string, googleStatus?: string, reason?: string): string {
  return JSON.stringify({
    error: {
      code: status,
      message,
      status: googleStatus ?? GOOGLE_STATUS[status] ?? 'UNKNOWN',
      ...(reason
        ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }] }
        : {}),
    },
  });
}

function audioResponse(data: Buffer, mimeType: string): string {
  return JSON.stringify({
    candidates: [
      { content: { role: 'model', parts: [{ inlineData: { mimeType, data: data.toString('base64') } }] }, finishReason: 'STOP', index: 0 },
    ],
    usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 10, totalTokenCount: 15 },
    modelVersion: 'fake',
  });
}

interface TtsBody {
  contents?: Array<{ parts?: Array<{ text?: unknown }> }>;
  generationConfig?: {
    responseModalities?: unknown;
    speechConfig?: { voiceConfig?: { prebuiltVoiceConfig?: { voiceName?: unknown } } };
  };
}

const ROUTE = /^\/v1beta\/models\/([^/:]+):generateContent$/;

export async function startFakeGeminiTts(initial: FakeGeminiTtsOptions = {}): Promise<FakeGeminiTts> {
  const options: FakeGeminiTtsOptions = { ...initial };
  const requests: GeminiTtsRecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const floods: Array<Promise<FloodReport>> = [];
  let modelRequests = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const send = (status: number, body: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(body);
    };
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const route = ROUTE.exec(path);
    const apiKey = typeof req.headers['x-goog-api-key'] === 'string' ? req.headers['x-goog-api-key'] : null;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const b = (typeof body === 'object' && body !== null ? body : {}) as TtsBody;
    const text = b.contents?.[0]?.parts?.[0]?.text;
    const voice = b.generationConfig?.speechConfig?.voiceConfig?.prebuiltVoiceConfig?.voiceName;
    // The catalog's list requests are counted apart: they are not speech requests.
    if (req.method === 'GET' && path === '/v1beta/models') modelRequests++;
    else requests.push({
      method: req.method ?? '',
      path,
      model: route?.[1] !== undefined ? decodeURIComponent(route[1]) : null,
      apiKey,
      body,
      text: typeof text === 'string' ? text : null,
      voice: typeof voice === 'string' ? voice : null,
    });

    if (req.method === 'GET' && path === '/v1beta/models') {
      if (apiKey !== (options.apiKey ?? FAKE_GEMINI_KEY)) return send(400, googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', 'API_KEY_INVALID'));
      const token = new URL(req.url ?? '/', 'http://fake').searchParams.get('pageToken');
      return send(200, JSON.stringify(geminiModelsPage(options.models ?? generateGeminiModels(), options.modelsPageSize ?? 3, token)));
    }
    if (req.method !== 'POST' || !route) return send(404, googleError(404, `Not found: ${path}`));
    if (apiKey !== (options.apiKey ?? FAKE_GEMINI_KEY)) {
      return send(400, googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', 'API_KEY_INVALID'));
    }
    const modalities = b.generationConfig?.responseModalities;
    if (typeof text !== 'string' || !Array.isArray(modalities) || !modalities.includes('AUDIO') || typeof voice !== 'string') {
      return send(400, googleError(400, 'Invalid JSON payload received.'));
    }
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    const mode: FakeGeminiMode = options.mode ?? { kind: 'pcm' };
    switch (mode.kind) {
      case 'pcm':
        return send(200, audioResponse(mode.pcm ?? samplePcm(), mode.mimeType ?? FAKE_GEMINI_PCM_MIME));
      case 'wav':
        return send(200, audioResponse(mode.wav ?? sampleWav(), mode.mimeType ?? 'audio/wav'));
      case 'error':
        return send(mode.status, googleError(mode.status, mode.message, mode.googleStatus, mode.reason), mode.headers);
      case 'raw':
        res.writeHead(mode.status, { 'content-type': mode.contentType ?? 'text/plain' }).end(mode.body);
        return;
      case 'no-audio':
        return send(
          200,
          JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'hello' }] }, finishReason: 'OTHER' }] }),
        );
      case 'flood':
        floods.push(
          flood(res, { encoding: mode.encoding, bytes: mode.bytes, prefix: `{"candidates":[{"content":{"parts":[{"inlineData":{"mimeType":"${FAKE_GEMINI_PCM_MIME}","data":"` }),
        );
        return;
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1beta`,
    apiKey: options.apiKey ?? FAKE_GEMINI_KEY,
    requests,
    get modelRequests() {
      return modelRequests;
    },
    configure: (patch) => Object.assign(options, patch),
    pending: () => hanging.size,
    floods,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
