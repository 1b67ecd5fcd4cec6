import type { AppErrorData, ErrorCode } from '../../../shared/result';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unknown_method: 404,
  not_found: 404,
  unauthorized: 401,
  missing_key: 401,
  invalid_key: 401,
  insufficient_credits: 402,
  forbidden: 403,
  rate_limited: 429,
  free_model_limit: 429,
  timeout: 504,
  upstream_error: 502,
  upstream_unavailable: 503,
  mid_stream_error: 502,
  offline: 503,
  keychain_unavailable: 503,
  storage_error: 500,
  cancelled: 499,
  too_large: 413,
  anki_unavailable: 503,
  anki_no_notes: 404,
  anki_no_field: 400,
  internal: 500,
};

/** The HTTP status an error value travels with over `/rpc`. */
export function httpStatusOf(error: AppErrorData): number {
  return error.status ?? STATUS[error.code] ?? 500;
}
