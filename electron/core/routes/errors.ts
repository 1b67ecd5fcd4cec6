import type http from 'node:http';
import { APP_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';
import { HttpError } from '../http/body';
import { httpStatusOf } from '../rpc/errorStatus';

/** Our own limits speak Chinese like every other error body; upstream messages pass through raw. */
function seedMessage(e: AppError): string {
  const d = e.data;
  if (d.code === 'free_model_limit') {
    const s = Math.ceil((d.retryAfterMs ?? 0) / 1000);
    return `免费模型请求已达上限，请在 ${s} 秒后重试`;
  }
  if (d.code === 'offline' || (d.code === 'upstream_unavailable' && d.status === undefined)) return `${APP_MESSAGES.upstreamUnreachable}：${d.message}`;
  return d.message;
}

/** Sends an error from the core as the routes' `{ error: { message } }` (status from rpc/errorStatus.ts), or rethrows what is not ours. */
export function sendRouteError(res: http.ServerResponse, e: unknown): void {
  if (!(e instanceof AppError)) throw e;
  if (e.data.code === 'cancelled') {
    // The client went away; nobody is listening.
    if (!res.writableEnded) res.destroy();
    return;
  }
  const status = e.data.code === 'offline' ? 502 : httpStatusOf(e.data);
  const headers: http.OutgoingHttpHeaders = {};
  if (e.data.retryAfterMs !== undefined && status === 429) headers['Retry-After'] = String(Math.max(1, Math.ceil(e.data.retryAfterMs / 1000)));
  throw new HttpError(status, seedMessage(e), headers);
}
