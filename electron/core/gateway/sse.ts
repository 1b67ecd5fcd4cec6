/**
 * Chat-completions streams (OpenAI-compatible SSE) parsed with eventsource-parser.
 * `: …` comment lines (the gateway's keep-alives) are skipped by the parser,
 * `data: [DONE]` ends the stream, and a chunk with a top-level `error`
 * (`finish_reason: "error"`) ends it as an AppError `mid_stream_error` that
 * carries the text received so far. Such an error is never retried here.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { z } from 'zod';
import { AppError, type AppErrorData } from '../../../shared/result';
import { UPSTREAM_SSE_LINE_LIMIT_BYTES, upstreamLineTooLong } from '../net/upstreamLimits';
import { classifyCreditLimit } from './errors';

const usageSchema = z.looseObject({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
  cost: z.number().optional(),
});
export type ChatUsage = z.infer<typeof usageSchema>;

const streamErrorSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).optional().nullable(),
  message: z.string().optional().nullable(),
  metadata: z.record(z.string(), z.unknown()).optional().nullable(),
});

/** Loose on purpose: tool calls, reasoning and provider extras pass through untouched. */
export const chatChunkSchema = z.looseObject({
  id: z.string().optional(),
  object: z.string().optional(),
  created: z.number().optional(),
  model: z.string().optional(),
  provider: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().optional(),
        delta: z.looseObject({ role: z.string().nullish(), content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
  usage: usageSchema.nullish(),
  error: streamErrorSchema.optional(),
});
export type ChatChunk = z.infer<typeof chatChunkSchema>;

/** What a stream amounted to once it is over, however it ended. */
export interface StreamSummary {
  text: string;
  finishReason: string | null;
  /** `usage` of the last chunk that carried one. */
  usage: ChatUsage | undefined;
  /** `usage.cost` of that chunk, in credits (USD). */
  cost: number | undefined;
  /** True when `[DONE]` or a finish reason arrived. */
  completed: boolean;
  error?: AppErrorData;
}

function midStreamError(message: string, partialText: string, extra: Record<string, unknown> = {}, status?: number): AppError {
  const data: AppErrorData = { code: 'mid_stream_error', message, details: { partialText, ...extra } };
  if (status !== undefined) data.status = status;
  return new AppError(data);
}

/**
 * Incremental decoder shared by the parsing and the observing forms: bytes in,
 * validated chunks out. Throws AppError `mid_stream_error` on an error chunk or an
 * unreadable one.
 */
export class ChatStreamDecoder {
  text = '';
  finishReason: string | null = null;
  usage: ChatUsage | undefined;
  done = false;
  private readonly utf8 = new TextDecoder();
  private readonly pending: EventSourceMessage[] = [];
  private readonly parser = createParser({ onEvent: (ev) => this.pending.push(ev) });
  /** Bytes since the last line end, and since the last complete event: what the parser holds. */
  private lineBytes = 0;
  private eventBytes = 0;

  constructor(private readonly lineLimit = UPSTREAM_SSE_LINE_LIMIT_BYTES) {}

  get cost(): number | undefined {
    return this.usage?.cost;
  }

  /** Feeds raw bytes; returns the chunks they completed. */
  push(bytes: Uint8Array): ChatChunk[] {
    if (this.done) return [];
    this.bound(bytes);
    const before = this.pending.length;
    this.parser.feed(this.utf8.decode(bytes, { stream: true }));
    if (this.pending.length > before) this.eventBytes = this.lineBytes;
    return this.drain();
  }

  /** The parser buffers an unfinished line and an unfinished event: past the limit the stream is refused. */
  private bound(bytes: Uint8Array): void {
    const end = Math.max(bytes.lastIndexOf(0x0a), bytes.lastIndexOf(0x0d));
    this.lineBytes = end < 0 ? this.lineBytes + bytes.length : bytes.length - end - 1;
    this.eventBytes += bytes.length;
    if (this.lineBytes > this.lineLimit || this.eventBytes > this.lineLimit) {
      this.done = true;
      throw upstreamLineTooLong(this.lineLimit, this.text);
    }
  }

  /** The body ended: flushes a last unterminated event, then checks the stream really finished. */
  end(): ChatChunk[] {
    if (this.done) return [];
    // Lenient with a last event missing its blank line: end it rather than drop it.
    this.parser.feed(`${this.utf8.decode()}\n\n`);
    const chunks = this.drain();
    if (!this.done && this.finishReason === null) {
      throw midStreamError('The stream ended before the completion finished.', this.text, { truncated: true });
    }
    this.done = true;
    return chunks;
  }

  summary(error?: AppErrorData): StreamSummary {
    const s: StreamSummary = {
      text: this.text,
      finishReason: this.finishReason,
      usage: this.usage,
      cost: this.cost,
      completed: this.done || this.finishReason !== null,
    };
    if (error) s.error = error;
    return s;
  }

  private drain(): ChatChunk[] {
    const out: ChatChunk[] = [];
    while (this.pending.length > 0 && !this.done) {
      const ev = this.pending.shift() as EventSourceMessage;
      const data = ev.data.trim();
      if (data === '') continue;
      if (data === '[DONE]') {
        this.done = true;
        break;
      }
      out.push(this.accept(data));
    }
    this.pending.length = 0;
    return out;
  }

  private accept(data: string): ChatChunk {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw midStreamError('The stream sent a chunk that is not JSON.', this.text, { invalidChunk: data.slice(0, 200) });
    }
    const parsed = chatChunkSchema.safeParse(json);
    if (!parsed.success) {
      throw midStreamError('The stream sent a chunk of an unexpected shape.', this.text, { invalidChunk: data.slice(0, 200) });
    }
    const chunk = parsed.data;
    if (chunk.usage) this.usage = chunk.usage;
    if (chunk.error) {
      this.done = true;
      const e = chunk.error;
      const providerCode = e.metadata?.provider_code;
      const message = e.message ?? 'The stream failed.';
      const errorType = typeof e.metadata?.error_type === 'string' ? e.metadata.error_type : undefined;
      throw midStreamError(
        message,
        this.text,
        {
          errorCode: e.code ?? undefined,
          providerCode: typeof providerCode === 'string' || typeof providerCode === 'number' ? providerCode : undefined,
          errorType,
          finishReason: chunk.choices?.[0]?.finish_reason ?? undefined,
          // The same facts an HTTP 402/429 carries, so the limit banner can say which limit it was.
          ...(e.code === 402 ? { creditLimit: classifyCreditLimit(message) } : {}),
          ...(e.code === 429 ? { rateLimitSource: errorType === 'rate_limit_exceeded' ? 'platform' : 'upstream' } : {}),
        },
        typeof e.code === 'number' ? e.code : undefined,
      );
    }
    for (const c of chunk.choices ?? []) {
      if (c.delta?.content) this.text += c.delta.content;
      if (c.finish_reason) this.finishReason = c.finish_reason;
    }
    return chunk;
  }
}

/** Marks the idle timer firing, told apart from a read that failed. */
class Stalled extends Error {}

/** The stream went quiet: an error that keeps what arrived, so the caller can show it and offer a retry. */
function stalledError(idleMs: number, partialText: string): AppError {
  const secs = Math.max(1, Math.round(idleMs / 1000));
  return midStreamError(`The model stopped sending for ${secs} s; the answer is cut short.`, partialText, { truncated: true, idle: true, idleMs });
}

export interface ChatStreamOptions {
  /**
   * The longest wait for the next bytes once the headers arrived (STREAM_IDLE_TIMEOUT_MS);
   * past it the body is cancelled and iteration ends with `mid_stream_error` (`details.idle`,
   * `details.partialText`). 0 or absent: no limit.
   */
  idleMs?: number;
  /** The longest line or event the stream may send (default UPSTREAM_SSE_LINE_LIMIT_BYTES). */
  lineLimitBytes?: number;
}

function cancelled(partialText: string): AppError {
  return new AppError({ code: 'cancelled', message: 'cancelled', details: { partialText } });
}

/**
 * A stream of parsed chunks. Iterate it once; afterwards (or meanwhile) `text`,
 * `usage`, `cost` and `finishReason` hold what arrived. Leaving the loop early
 * cancels the body.
 */
export class ChatStream implements AsyncIterable<ChatChunk> {
  private readonly decoder: ChatStreamDecoder;
  private used = false;

  constructor(
    private readonly body: ReadableStream<Uint8Array>,
    private readonly signal?: AbortSignal,
    /** Called once when iteration ends, however it ended (the cost of a finished stream is known here). */
    private readonly onEnd?: (summary: StreamSummary) => void,
    private readonly options: ChatStreamOptions = {},
  ) {
    this.decoder = new ChatStreamDecoder(options.lineLimitBytes);
  }

  /** The next read, bounded by the idle limit when there is one. */
  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]> {
    const idleMs = this.options.idleMs;
    if (!idleMs) return reader.read();
    let timer: NodeJS.Timeout | undefined;
    const stall = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Stalled()), idleMs);
    });
    try {
      return await Promise.race([reader.read(), stall]);
    } finally {
      clearTimeout(timer);
    }
  }

  get text(): string {
    return this.decoder.text;
  }
  get usage(): ChatUsage | undefined {
    return this.decoder.usage;
  }
  get cost(): number | undefined {
    return this.decoder.cost;
  }
  get finishReason(): string | null {
    return this.decoder.finishReason;
  }

  summary(): StreamSummary {
    return this.decoder.summary();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ChatChunk> {
    if (this.used) throw new Error('a ChatStream can be iterated only once');
    this.used = true;
    const reader = this.body.getReader();
    let bodyClosed = false;
    const onAbort = (): void => {
      reader.cancel(this.signal?.reason).catch(() => undefined);
    };
    this.signal?.addEventListener('abort', onAbort, { once: true });
    let failure: AppErrorData | undefined;
    try {
      for (;;) {
        if (this.signal?.aborted) throw cancelled(this.decoder.text);
        let step: Awaited<ReturnType<typeof reader.read>>;
        try {
          step = await this.read(reader);
        } catch (e) {
          if (this.signal?.aborted) throw cancelled(this.decoder.text);
          // The body is cancelled on the way out (finally): the connection is let go.
          if (e instanceof Stalled) throw stalledError(this.options.idleMs ?? 0, this.decoder.text);
          const why = e instanceof Error ? e.message : String(e);
          throw midStreamError(`The stream broke off: ${why}`, this.decoder.text, { truncated: true });
        }
        if (this.signal?.aborted) throw cancelled(this.decoder.text);
        if (step.done) {
          bodyClosed = true;
          yield* this.decoder.end();
          return;
        }
        yield* this.decoder.push(step.value);
        if (this.decoder.done) return;
      }
    } catch (e) {
      failure = e instanceof AppError ? e.data : { code: 'internal', message: String(e) };
      throw e;
    } finally {
      this.signal?.removeEventListener('abort', onAbort);
      this.onEnd?.(this.decoder.summary(failure));
      // Early exit, error or [DONE] before the body closed: let go of the connection.
      if (bodyClosed) reader.releaseLock();
      else await reader.cancel().catch(() => undefined);
    }
  }

  /** Reads to the end; resolves with the summary or rejects with the stream's AppError. */
  async collect(): Promise<StreamSummary> {
    for await (const _chunk of this) {
      // draining: the decoder keeps the text and usage
    }
    return this.summary();
  }
}

export function parseChatStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): ChatStream {
  return new ChatStream(body, signal);
}

/**
 * For a layer that forwards the raw SSE bytes to its own client: yields every
 * chunk unchanged while decoding alongside, and tells `onEnd` once what the
 * stream amounted to (cost, a mid-stream error chunk, a break or the consumer
 * stopping early). A plain async generator: no web stream on the forwarding path.
 */
export async function* observeChunks(source: AsyncIterable<Uint8Array>, onEnd: (summary: StreamSummary) => void): AsyncGenerator<Uint8Array, void, undefined> {
  const decoder = new ChatStreamDecoder();
  let failure: AppErrorData | undefined;
  let finished = false;
  const observe = (fn: () => void): void => {
    if (failure) return;
    try {
      fn();
    } catch (e) {
      failure = e instanceof AppError ? e.data : { code: 'mid_stream_error', message: String(e) };
    }
  };
  try {
    try {
      for await (const bytes of source) {
        observe(() => decoder.push(bytes));
        // A line without an end is not passed on either: the forwarder ends the stream with the error.
        if (failure?.details?.line === true) throw new AppError(failure);
        yield bytes;
      }
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      failure ??= midStreamError(`The stream broke off: ${why}`, decoder.text, { truncated: true }).data;
      throw e;
    }
    observe(() => decoder.end());
    finished = true;
  } finally {
    // Neither the end nor a failure: the consumer let go early.
    if (!finished) failure ??= cancelled(decoder.text).data;
    onEnd(decoder.summary(failure));
  }
}

const completionSchema = z.looseObject({
  id: z.string().optional(),
  model: z.string().optional(),
  provider: z.string().optional(),
  choices: z.array(
    z.looseObject({
      index: z.number().optional(),
      message: z.looseObject({ role: z.string().optional(), content: z.string().nullable().optional() }).optional(),
      finish_reason: z.string().nullish(),
      error: streamErrorSchema.optional(),
    }),
  ),
  usage: usageSchema.nullish(),
});
export type ChatCompletion = z.infer<typeof completionSchema>;
export { completionSchema as chatCompletionSchema };

// Built once: zod compiles a schema on its first parse, which costs far more than the parse itself.
const usageOnlySchema = z.object({ usage: usageSchema });

/** `usage` (tokens, cost) of a non-streamed completion body (any JSON), when it has a valid one. */
export function completionUsage(json: unknown): ChatUsage | undefined {
  const parsed = usageOnlySchema.safeParse(json);
  return parsed.success ? parsed.data.usage : undefined;
}

/** `usage.cost` of a non-streamed completion body (any JSON), when it has one. */
export function completionCost(json: unknown): number | undefined {
  return completionUsage(json)?.cost;
}
