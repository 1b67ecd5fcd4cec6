/**
 * Browser mode's streamed upload (`POST /upload/<kind>`, electron/core/http/uploadRoutes.ts):
 * the file goes as the raw body, read from disk by the browser as it is sent, never turned
 * into base64 or held whole in the page.
 */
import type { Result } from '../../../shared/result';
import { errorFrom, offline } from './httpTransport';

export async function uploadFile(path: string, file: Blob, name: string, signal?: AbortSignal): Promise<Result<unknown>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(name) },
      body: file,
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    return { ok: false, error: signal?.aborted ? { code: 'cancelled', message: 'cancelled' } : offline(e) };
  }
  if (!res.ok) return { ok: false, error: await errorFrom(res) };
  return { ok: true, value: (await res.json()) as unknown };
}
