/**
 * What a learner sees of the furigana while paging: each paragraph that enters
 * the book's view, and whether its readings (the analyzer's ruby, not the
 * author's) were already in it when it did, else how long until they showed.
 * A paragraph whose every kanji carries the author's ruby (or that has none)
 * expects no readings and is left out. Installed with `page.evaluate`;
 * `check()` looks at the view now (call it after a frame is painted), and
 * every frame while a paragraph in view still waits for its readings.
 */
export interface EntryRecord {
  id: string;
  /** Its readings were in it when it entered the view. */
  ready: boolean;
  /** From entering the view to its readings in a painted frame, ms (0 when ready). */
  wait: number;
}

/** The page-side watcher (self-contained: Playwright serializes it); records into `window.__entries`. `everyFrame` checks in each frame, else only when `__checkEntries()` is called. */
export function installEntryWatch(everyFrame: boolean): void {
  const w = window as unknown as { __entries: EntryRecord[]; __checkEntries: () => void };
  const entries: EntryRecord[] = [];
  w.__entries = entries;
  const seen = new Set<string>();
  const waiting = new Map<string, number>();
  const hasKanji = /[\u3400-\u9fff\uf900-\ufaff々〆]/;
  /** Its text outside the author's ruby (and outside any reading). */
  const bare = (p: Element) => {
    let s = '';
    const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!n.parentElement?.closest('rt, .author-ruby')) s += n.textContent ?? '';
    return s;
  };
  const readings = (p: Element) => p.querySelector('ruby:not(.author-ruby)') !== null;
  const check = () => {
    const scroll = document.querySelector('[data-testid="book-scroll"]');
    if (!scroll) return;
    const view = scroll.getBoundingClientRect();
    const now = performance.now();
    for (const p of scroll.querySelectorAll('.book-paragraph[data-paragraph-id]')) {
      const id = (p as HTMLElement).dataset.paragraphId!;
      // One that entered without its readings waits until they are in it, in the view or not: paged past before they
      // came, it would otherwise count until the end of the run (a 7.7 s "wait" for readings that came in 0.5 s).
      const since = waiting.get(id);
      if (since !== undefined) {
        if (readings(p)) {
          waiting.delete(id);
          entries.push({ id, ready: false, wait: now - since });
        }
        continue;
      }
      const box = p.getBoundingClientRect();
      const inView = box.left < view.right - 1 && box.right > view.left + 1 && box.top < view.bottom - 1 && box.bottom > view.top + 1;
      if (!inView) continue;
      if (seen.has(id)) continue;
      seen.add(id);
      if (!hasKanji.test(bare(p))) continue;
      if (readings(p)) entries.push({ id, ready: true, wait: 0 });
      else waiting.set(id, now);
    }
  };
  w.__checkEntries = check;
  // Collected at the end: a paragraph still waiting for its readings entered the view without them.
  (window as unknown as { __entriesNow: () => EntryRecord[] }).__entriesNow = () => [...entries, ...[...waiting].map(([id, since]) => ({ id, ready: false, wait: performance.now() - since }))];
  // After each frame is painted (a task queued from its rAF), while anything waits or in every frame.
  const frame = () =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        check();
        frame();
      };
      ch.port2.postMessage(0);
    });
  if (everyFrame) frame();
  else {
    // Only the waiting ones are followed, every 16 ms while there are any (a check per frame would add to the turns being timed).
    let following = false;
    const follow = () => {
      if (following || waiting.size === 0) return;
      following = true;
      setTimeout(() => {
        following = false;
        check();
        follow();
      }, 16);
    };
    w.__checkEntries = () => {
      check();
      follow();
    };
  }
}

/** Median of `xs` (NaN when empty). */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The bench rows for what `installEntryWatch` recorded. */
export function entryRows(label: string, entries: EntryRecord[]): { name: string; value: number; unit: string; target?: string; pass?: boolean }[] {
  const late = entries.filter((e) => !e.ready);
  const waits = entries.map((e) => e.wait);
  return [
    {
      name: `${label}: paragraphs entering the view without their readings (of ${entries.length} with kanji)`,
      value: late.length,
      unit: 'paragraphs',
      target: '0',
      pass: late.length === 0,
    },
    { name: `${label}: paragraph enters the view → its readings shown, median (max ${Math.round(Math.max(0, ...waits))} ms)`, value: Math.round(median(waits) * 10) / 10, unit: 'ms', target: '0 ms', pass: median(waits) === 0 },
  ];
}
