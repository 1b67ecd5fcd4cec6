import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { AppError } from '../../../shared/result';
import { createAnalyzer, type Analyzer, type AnalyzerOptions } from '../../../electron/core/analyzer/analyzer';

/** Loading, queueing, cancellation, closing and failures of the analyzer worker. */

const cacheDir = path.join(os.tmpdir(), 'yomimono-test-kuromoji');
const open: Analyzer[] = [];
function make(opts: AnalyzerOptions = {}): Analyzer {
  const a = createAnalyzer({ cacheDir, ...opts });
  open.push(a);
  return a;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected a rejection');
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'yomimono-analyzer-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
function fakeWorker(name: string, source: string): URL {
  const file = path.join(tmp, `${name}.mjs`);
  writeFileSync(file, source);
  return pathToFileURL(file);
}
const ECHO = `import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ type: 'ready', dictionaryMs: 1, fromCache: false });
parentPort.on('message', (m) => parentPort.postMessage({ type: 'result', id: m.id,
  tokens: m.segments.map((s) => [{ surface_form: s, pos: '名詞', pos_detail_1: '一般', basic_form: s, reading: 'テスト' }]) }));`;

describe('loading', () => {
  test('lazy: no worker until the first call', async () => {
    const a = make();
    expect(a.stats()).toEqual({ workerStarts: 0, loaded: false, queued: 0 });
    expect(await a.tokenize('')).toEqual([]);
    expect(a.stats().workerStarts).toBe(0);
  });

  test('loads once: concurrent calls queue behind one load and share it', async () => {
    const a = make();
    const [cat, dog, ready] = await Promise.all([a.tokenize('猫'), a.tokenize('犬です'), a.ready(), a.tokenize('鳥')]);
    expect(cat).toEqual([{ word: '猫', pos: 'noun', furigana: 'ねこ', lemma: '猫', key: { term: '猫', reading: 'ねこ' } }]);
    expect(dog.map((t) => t.word)).toEqual(['犬', 'です']);
    expect(ready.loadMs).toBeGreaterThan(0);
    expect(await a.ready()).toBe(ready);
    await a.tokenize('もう一度');
    expect(a.stats()).toEqual({ workerStarts: 1, loaded: true, queued: 0 });
  }, 60_000);

  test('a dictionary that cannot be read is an AppError, and the next call tries again', async () => {
    const a = make({ dictPath: path.join(tmp, 'no-such-dict'), cacheDir: path.join(tmp, 'cache-unused') });
    const e = await rejection(a.tokenize('猫'));
    expect(e.data.code).toBe('internal');
    expect(e.data.message).toMatch(/failed to load/);
    expect(e.data.details).toEqual({ dictPath: path.join(tmp, 'no-such-dict') });
    expect((await rejection(a.ready())).data.code).toBe('internal');
    expect(a.stats().workerStarts).toBe(2);
  });

  test('a missing kuromoji package is an AppError, not a crash', async () => {
    const a = make({ kuromojiPackageJson: path.join(tmp, 'nothing', 'package.json') });
    expect((await rejection(a.tokenize('猫'))).data.code).toBe('internal');
  });
});

describe('closing', () => {
  test('tokenize and ready after close fail cleanly; close twice is fine', async () => {
    const a = make();
    await a.tokenize('猫');
    await a.close();
    await a.close();
    const e = await rejection(a.tokenize('猫'));
    expect(e.data).toEqual({ code: 'internal', message: 'offline analyzer is closed' });
    expect((await rejection(a.ready())).data.code).toBe('internal');
  }, 60_000);

  test('calls still waiting when closed reject as cancelled', async () => {
    const a = make();
    const pending = rejection(a.tokenize('猫が好き'));
    const ready = rejection(a.ready());
    await a.close();
    expect((await pending).data.code).toBe('cancelled');
    expect((await ready).data.code).toBe('cancelled');
  });
});

describe('cancellation', () => {
  test('an already aborted signal rejects at once without loading', async () => {
    const a = make();
    const e = await rejection(a.tokenize('猫', AbortSignal.abort()));
    expect(e.data.code).toBe('cancelled');
    expect(a.stats().workerStarts).toBe(0);
  });

  test('aborting a queued call rejects it and leaves the others', async () => {
    const a = make();
    const ac = new AbortController();
    const cancelled = rejection(a.tokenize('猫', ac.signal));
    const kept = a.tokenize('犬');
    ac.abort();
    expect((await cancelled).data.code).toBe('cancelled');
    expect((await kept).map((t) => t.word)).toEqual(['犬']);
  }, 60_000);

  test('aborting a long text mid-way stops it; the analyzer keeps working', async () => {
    const a = make({ chunkChars: 1_000 });
    await a.ready();
    const ac = new AbortController();
    let longSettled = false;
    const long = rejection(a.tokenize('吾輩は猫である。名前はまだ無い。\n'.repeat(20_000), ac.signal)).finally(() => {
      longSettled = true;
    });
    const short = a.tokenize('短い文です。');
    // Jobs take turns by chunk, so the short one finishes while the long one is still going.
    expect((await short).map((t) => t.word).join('')).toBe('短い文です。');
    expect(longSettled).toBe(false);
    ac.abort();
    expect((await long).data.code).toBe('cancelled');
    expect(a.stats().queued).toBeLessThanOrEqual(1);
    expect((await a.tokenize('まだ動く')).map((t) => t.word).join('')).toBe('まだ動く');
    expect(a.stats()).toMatchObject({ workerStarts: 1, queued: 0 });
  }, 60_000);
});

describe('background work', () => {
  /** The echo worker, writing each chunk's text (one line each) to a file in the order it got them. */
  const logging = (log: string) => `import fs from 'node:fs';
${ECHO.replace("parentPort.on('message', (m) => ", `parentPort.on('message', (m) => fs.appendFileSync(${JSON.stringify(log)}, m.segments.join('') + '\\n') ?? `)}`;

  test('a call someone waits on goes before the rest of background work, which runs in its own smaller chunks', async () => {
    const log = path.join(tmp, 'order.log');
    const a = make({ workerUrl: fakeWorker('logging', logging(log)), chunkChars: 12, backgroundChunkChars: 6 });
    await a.ready();
    // A whole book measured for coverage: its first chunk goes to the worker at once.
    const book = a.tokenize('ああああ。\n'.repeat(6), undefined, { background: true });
    // The reader's paragraph (two chunks) and a hover's lookup, while the book is in the worker.
    const paragraph = a.tokenize('いいいい。\n'.repeat(4));
    const lookup = a.tokenize('ねこ');
    expect((await paragraph).map((t) => t.word).join('')).toBe('いいいい。\n'.repeat(4));
    await lookup;
    expect((await book).map((t) => t.word).join('')).toBe('ああああ。\n'.repeat(6));
    // Round robin between the two calls someone waits on; the book only when neither waits.
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'ああああ。',
      'いいいい。いいいい。',
      'ねこ',
      'いいいい。いいいい。',
      ...Array<string>(5).fill('ああああ。'),
    ]);
    expect(a.stats()).toMatchObject({ queued: 0 });
  });

  test('aborting queued background work leaves the rest', async () => {
    const a = make({ workerUrl: fakeWorker('echo-bg', ECHO), backgroundChunkChars: 6 });
    await a.ready();
    const ac = new AbortController();
    const book = rejection(a.tokenize('ああああ。\n'.repeat(6), ac.signal, { background: true }));
    const kept = a.tokenize('ねこ');
    ac.abort();
    expect((await book).data.code).toBe('cancelled');
    expect((await kept).map((t) => t.word)).toEqual(['ねこ']);
    expect(a.stats()).toMatchObject({ queued: 0 });
  });
});

describe('limits and custom workers', () => {
  test('text over maxChars is too_large', async () => {
    const a = make({ maxChars: 10 });
    const e = await rejection(a.tokenize('あ'.repeat(11)));
    expect(e.data.code).toBe('too_large');
    expect(a.stats().workerStarts).toBe(0);
  });

  test('workerUrl runs another worker file speaking the same messages', async () => {
    const a = make({ workerUrl: fakeWorker('echo', ECHO) });
    const tokens = await a.tokenize('ねこ\nいぬ 😀');
    expect(tokens).toEqual([
      { word: 'ねこ', pos: 'noun', furigana: 'ねこ', lemma: 'ねこ', key: { term: 'ねこ', reading: 'ねこ' } },
      { word: '\n', pos: 'linebreak', furigana: '' },
      { word: 'いぬ', pos: 'noun', furigana: 'いぬ', lemma: 'いぬ', key: { term: 'いぬ', reading: 'いぬ' } },
      { word: ' ', pos: 'symbol', furigana: '' },
      { word: '😀', pos: 'symbol', furigana: '' },
    ]);
  });

  test('a worker that dies mid-request is an AppError; the next call starts a new one', async () => {
    const url = fakeWorker(
      'dies',
      `import { parentPort } from 'node:worker_threads';
       parentPort.postMessage({ type: 'ready', dictionaryMs: 1, fromCache: false });
       parentPort.on('message', () => process.exit(3));`,
    );
    const a = make({ workerUrl: url });
    const e = await rejection(a.tokenize('猫'));
    expect(e.data.code).toBe('internal');
    expect(e.data.message).toMatch(/exited/);
    await rejection(a.tokenize('猫'));
    expect(a.stats().workerStarts).toBe(2);
  });

  test('a worker that throws while starting is an AppError', async () => {
    const a = make({ workerUrl: fakeWorker('throws', `throw new Error('broken worker');`) });
    const e = await rejection(a.ready());
    expect(e.data.code).toBe('internal');
    expect(e.data.message).toMatch(/broken worker/);
  });

  test('garbage messages from a worker are ignored', async () => {
    const a = make({
      workerUrl: fakeWorker(
        'noisy',
        `import { parentPort } from 'node:worker_threads';
         parentPort.postMessage(42); parentPort.postMessage(null); parentPort.postMessage({ type: 'result', id: 999, tokens: [] });
         ${ECHO.replace("import { parentPort } from 'node:worker_threads';", '')}`,
      ),
    });
    expect((await a.tokenize('ねこ')).map((t) => t.word)).toEqual(['ねこ']);
  });
});
