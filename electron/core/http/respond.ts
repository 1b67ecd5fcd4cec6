import type http from 'node:http';

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** The /api error shape: `{ error: { message } }`, plus optional fields for /rpc. */
export function sendError(
  res: http.ServerResponse,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: http.OutgoingHttpHeaders = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { error: { message, ...extra } }, headers);
}

/** Starts a Server-Sent Events response. */
export function startSse(res: http.ServerResponse, headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    ...headers,
  });
  res.flushHeaders();
}

export function sseData(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}
