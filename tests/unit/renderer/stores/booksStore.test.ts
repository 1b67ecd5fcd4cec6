/** Opening a chapter in parts: the saved place first with the outline, the rest in the background or when scrolled to. */
import { describe, expect, it, vi } from 'vitest';
import type { BookChapterPart, BookParagraph, OpenedBook } from '../../../../shared/contract/books';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
(globalThis as unknown as { localStorage: Pick<Storage, 'getItem' | 'setItem'> }).localStorage ??= { getItem: () => null, setItem: () => undefined };

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useBooks, missingChunks, withPart } = await import('../../../../renderer/src/stores/booksStore');

const N = 600;
const all: BookParagraph[] = Array.from({ length: N }, (_, i) => ({ id: 1000 + i, text: `段落${i}` }));
const opened: OpenedBook = {
  book: { id: 7, title: '本', author: '', format: 'text', chars: 1, addedAt: 1, openedAt: 1, progress: 0.5, read: 0 },
  chapters: [{ id: 70, title: '一', chars: 1 }],
  position: { chapterId: 70, paragraphId: 1000 + 450, offset: 0 },
};
b.answers.set('books.open', () => ({ ok: true, value: opened }));
const chapterPart = (opts: { around?: number; from?: number; limit: number; outline?: boolean } | undefined): BookChapterPart => {
  const from = opts?.around ? all.findIndex((p) => p.id === opts.around) - 8 : (opts?.from ?? 0);
  return {
    title: '一',
    paragraphs: all.slice(from, from + (opts?.limit ?? N)),
    from,
    count: N,
    ...(opts?.outline ? { outline: { ids: all.map((p) => p.id), chars: all.map((p) => p.text.length) } } : {}),
  };
};
b.answers.set('books.chapter', (...args: unknown[]) => ({ ok: true, value: chapterPart(args[2] as Parameters<typeof chapterPart>[0]) }));
const chapterCalls = () => b.calls.filter((c) => c.method === 'books.chapter').map((c) => c.args[2]);

describe('a chapter opened in parts', () => {
  it('asks for the stretch around the saved paragraph with the outline, and shows it before the rest', async () => {
    vi.useFakeTimers();
    await useBooks.getState().open(7);
    expect(chapterCalls()).toEqual([{ around: 1450, limit: 40, outline: true }]);
    const chapter = useBooks.getState().chapter!;
    expect(chapter.ids).toHaveLength(N);
    expect(chapter.paragraphs[450]).toEqual(all[450]);
    expect(chapter.paragraphs[441]).toBeUndefined();
    expect(chapter.paragraphs[0]).toBeUndefined();

    // The rest comes in the background, from the place on, then what lies before it.
    await vi.advanceTimersByTimeAsync(400);
    vi.useRealTimers();
    await settle(20);
    expect(chapterCalls().slice(1)).toEqual([
      { from: 250, limit: 250 },
      { from: 500, limit: 250 },
      { from: 0, limit: 250 },
    ]);
    expect(useBooks.getState().chapter!.paragraphs).toEqual(all);
  });

  it('shows the first part that comes with books.open without asking for it again', async () => {
    const before = chapterCalls().length;
    b.answers.set('books.open', (...args: unknown[]) => {
      expect(args[1]).toEqual({ firstPart: 40 });
      return { ok: true, value: { ...opened, part: { chapterId: 70, ...chapterPart({ around: 1450, limit: 40, outline: true }) } } };
    });
    vi.useFakeTimers();
    try {
      await useBooks.getState().open(7);
      expect(chapterCalls().length).toBe(before);
      expect(useBooks.getState().chapter!.paragraphs[450]).toEqual(all[450]);
      expect(useBooks.getState().chapter!.ids).toHaveLength(N);
      expect(useBooks.getState().opened).not.toHaveProperty('part');
    } finally {
      vi.useRealTimers();
      b.answers.set('books.open', () => ({ ok: true, value: opened }));
      useBooks.getState().close();
    }
  });

  it('knows which chunks a range still lacks, and places a part only where the ids agree', () => {
    const empty = { title: '', ids: all.map((p) => p.id), chars: all.map(() => 1), paragraphs: new Array<BookParagraph | undefined>(N).fill(undefined) };
    const some = withPart(empty, { from: 250, paragraphs: all.slice(250, 500) });
    expect(missingChunks(some, 0, N - 1, new Set())).toEqual([0, 2]);
    expect(missingChunks(some, 260, 300, new Set())).toEqual([]);
    expect(missingChunks(some, 0, 10, new Set([0]))).toEqual([]);
    // A part for another chapter (ids differ) changes nothing.
    expect(withPart(empty, { from: 0, paragraphs: [{ id: 1, text: 'x' }] }).paragraphs[0]).toBeUndefined();
  });

  it('asks for tokens two requests at a time, and sends nothing of what waited once the book is closed', async () => {
    const answers: Array<() => void> = [];
    b.answers.set('books.tokens', ((...args: unknown[]) => new Promise((resolve) => answers.push(() => resolve({ ok: true, value: Object.fromEntries((args[1] as number[]).map((id) => [id, []])) })))) as never);
    const tokenCalls = () => b.calls.filter((c) => c.method === 'books.tokens').map((c) => c.args[1]);
    const before = tokenCalls().length;
    vi.useFakeTimers();
    try {
      await useBooks.getState().open(7);
    } finally {
      vi.useRealTimers();
    }
    useBooks.getState().wantTokens([1450, 1451], [1452], [1453]);
    expect(tokenCalls().slice(before)).toEqual([[1450, 1451], [1452]]);
    answers[0]!();
    await settle();
    expect(useBooks.getState().tokens[1450]).toEqual([]);
    expect(tokenCalls().slice(before)).toEqual([[1450, 1451], [1452], [1453]]);
    useBooks.getState().wantTokens([1460]);
    useBooks.getState().close();
    for (const a of answers.slice(1)) a();
    await settle();
    expect(tokenCalls().slice(before)).toHaveLength(3);
    expect(useBooks.getState().tokens).toEqual({});
  });
});
