/**
 * One image limit through every door: IMAGE_DATA_MAX_BYTES (shared/limits.ts) for
 * `/api/image-to-text`, for `ocr.extract` over `/rpc` (browser mode) and over the
 * dispatcher as Electron's IPC reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract';
import { IMAGE_DATA_MAX_BYTES } from '../../../shared/limits';
import { APP_MESSAGES } from '../../../shared/messages';
import { streamEvents } from '../../support/dispatch';
import { chatRequests, errorBody, postRaw, startRoutesEnv, type RoutesEnv } from '../../support/routesHarness';

let env: RoutesEnv;

beforeAll(async () => {
  env = await startRoutesEnv();
});
afterAll(async () => {
  await env.close();
});

const PREFIX = 'data:image/png;base64,';
/** A well-formed PNG data URL of exactly `bytes` bytes. */
const imageOf = (bytes: number) => PREFIX + 'A'.repeat(bytes - PREFIX.length);
const justOver = imageOf(IMAGE_DATA_MAX_BYTES + 1);
const justUnder = imageOf(IMAGE_DATA_MAX_BYTES - 1);

/** `/rpc/ocr.extract` in browser mode: the status, and the SSE text or the JSON error. */
async function rpcOcr(imageData: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${env.url}/rpc/ocr.extract`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ imageData }]) });
  return { status: res.status, text: await res.text() };
}

const ipcOcr = (imageData: string): Promise<StreamEvent[]> => streamEvents(env.server.core, 'ocr.extract', [{ imageData, refresh: true }]);

describe('the image limit is the same through both doors', () => {
  it('is 8 MiB', () => {
    expect(IMAGE_DATA_MAX_BYTES).toBe(8 * 1024 * 1024);
  });

  it('an image just over the limit is refused by /api/image-to-text, by /rpc/ocr.extract and over IPC, before any upstream call', async () => {
    const before = chatRequests(env.gw).length;

    const api = await postRaw(env.url, '/api/image-to-text', JSON.stringify({ imageData: justOver }));
    expect(api.status).toBe(413);
    expect(api.json).toEqual(errorBody(APP_MESSAGES.imageTooLarge));

    const rpc = await rpcOcr(justOver);
    expect(rpc.status).toBe(400);
    expect(JSON.parse(rpc.text)).toMatchObject({ error: { code: 'bad_request', details: { issues: [{ path: ['0', 'imageData'] }] } } });

    const ipc = await ipcOcr(justOver);
    expect(ipc).toHaveLength(1);
    expect(ipc[0]).toMatchObject({ type: 'error', error: { code: 'bad_request', details: { issues: [{ path: ['0', 'imageData'] }] } } });

    expect(chatRequests(env.gw).length).toBe(before);
  });

  it('an image just under the limit passes validation through all three and reaches the model', async () => {
    const before = chatRequests(env.gw).length;

    const api = await postRaw(env.url, '/api/image-to-text', JSON.stringify({ imageData: justUnder }));
    expect(api.status).toBe(200);

    const rpc = await rpcOcr(justUnder);
    expect(rpc.status).toBe(200);
    expect(rpc.text).toContain('event: done');

    const ipc = await ipcOcr(justUnder);
    expect(ipc.at(-1)).toMatchObject({ type: 'done', result: { source: 'model' } });

    expect(chatRequests(env.gw).length).toBe(before + 3);
  });
});
