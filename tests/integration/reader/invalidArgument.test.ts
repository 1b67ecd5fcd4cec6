/**
 * A model task's validation failure reaches an IPC caller with its real code
 * (`bad_request`, the task's message), not as `internal`: the contract handlers
 * call the typed tasks (core/models/modelTasks.ts), whose errors are AppErrors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailResult } from '../../../shared/contract/reader';
import type { WordDetail } from '../../../shared/domain';
import { APP_MESSAGES } from '../../../shared/messages';
import { streamEvents, streamResult } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let core: ReturnType<typeof makeTestCore>;

beforeAll(async () => {
  // A key, so the tasks get as far as their own checks; no request ever leaves (the checks come first).
  core = makeTestCore({ OPENROUTER_API_URL: 'http://127.0.0.1:9' });
  await core.secrets.set('openrouter', 'sk-or-test');
});
afterAll(() => core.cleanupDir());

describe('an invalid argument over IPC is reported with its code', () => {
  it('ocr.extract with data that is not an image URL: bad_request with the task message', async () => {
    const events = await streamEvents(core, 'ocr.extract', [{ imageData: 'data:text/plain;base64,AAAA' }]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', error: { code: 'bad_request', message: APP_MESSAGES.invalidImage } });
  });

  it('reader.wordDetail with a blank word: the offline detail, and the model error says bad_request', async () => {
    const { result } = await streamResult<unknown, DetailResult<WordDetail>>(core, 'reader.wordDetail', [{ word: '  ', sentence: '猫が好きです。', pos: '名詞' }]);
    expect(result.source).toBe('offline');
    expect(result.modelError).toMatchObject({ code: 'bad_request', message: APP_MESSAGES.missingParam('word') });
  });
});
