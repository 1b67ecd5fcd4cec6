/** Writing a JSON answer or the gateway's error body `{ error: { code, message, metadata? } }`, noting the status in the log entry. */
import type http from 'node:http';
import type { FakeRequest } from './types';

export function sendJson(res: http.ServerResponse, entry: FakeRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
  entry.status = status;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

export function sendError(
  res: http.ServerResponse,
  entry: FakeRequest,
  status: number,
  message: string,
  metadata?: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  sendJson(res, entry, status, { error: { code: status, message, ...(metadata ? { metadata } : {}) } }, headers);
}
