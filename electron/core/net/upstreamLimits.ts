/**
 * How much of an upstream answer is read: a gateway's JSON (after gzip/brotli
 * decoding) and synthesized audio. Bytes are counted while they arrive and the read
 * stops past the cap, so a huge or endless body (or a small compressed one that
 * inflates to gigabytes) cannot exhaust memory.
 */
import { AppError } from '../../../shared/result';

const MiB = 1024 * 1024;

/** Chat completions, key records, Gemini error bodies: far below this in practice. */
export const UPSTREAM_JSON_LIMIT_BYTES = 16 * MiB;
/** One synthesis (Gemini's JSON with base64 audio, or Edge's MP3 frames), 5,000 characters of speech. */
export const UPSTREAM_AUDIO_LIMIT_BYTES = 32 * MiB;

/** One line (or one event) of a chat stream: a delta is a few hundred bytes; a server that never ends a line must not grow memory. */
export const UPSTREAM_SSE_LINE_LIMIT_BYTES = 4 * MiB;

/** The error a capped read ends with: upstream_error, 502, the limit in the message. */
export function upstreamTooLarge(limitBytes: number): AppError {
  const mib = Math.round((limitBytes / MiB) * 10) / 10;
  return new AppError({
    code: 'upstream_error',
    message: `上游响应过大（超过 ${mib} MiB），已停止读取`,
    status: 502,
    details: { reason: 'too_large', tooLarge: true, limitBytes },
  });
}

/** A stream line (or event) past UPSTREAM_SSE_LINE_LIMIT_BYTES without its end: upstream_error, 502. */
export function upstreamLineTooLong(limitBytes: number, partialText: string): AppError {
  const mib = Math.round((limitBytes / MiB) * 10) / 10;
  return new AppError({
    code: 'upstream_error',
    message: `上游流中的一行过长（超过 ${mib} MiB 仍未结束），已停止读取`,
    status: 502,
    details: { reason: 'too_large', tooLarge: true, limitBytes, line: true, partialText },
  });
}

export function isUpstreamTooLarge(e: unknown): e is AppError {
  return e instanceof AppError && e.data.details?.tooLarge === true;
}
