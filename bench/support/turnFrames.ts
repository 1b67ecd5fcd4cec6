/**
 * What Chromium did in each page turn's frame, read from a trace of the turns
 * (`browser.startTracing` with the devtools.timeline categories): the frame
 * after each keydown on the page's main thread (its BeginMainFrame) and the
 * time its phases took. Which phases run at all (a style recalculation, a
 * layout, a large paint) does not depend on the machine's load; their times do.
 */
import fs from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string }; num_non_cached_new_items?: number };
}

export interface TurnFrame {
  /** The whole frame (BeginMainFrame), ms. */
  frame: number;
  /** Event listeners and animation frame callbacks in it (scroll, rAF). */
  script: number;
  style: number;
  layout: number;
  paint: number;
  layerize: number;
  commit: number;
  /** Display items painted anew in it (not reused from the last paint): how much of the book was repainted, whatever the load. */
  repainted: number;
  /** Hit tests in it (the pointer resting over the text is tested again after a scroll), ms. */
  hitTest: number;
}

/** Sum of the durations of the outermost events called `name` among `events` (sorted by time), ms. */
function total(events: TraceEvent[], name: string | string[]): number {
  const names = new Set([name].flat());
  let sum = 0;
  let until = -Infinity;
  for (const e of events) {
    if (!names.has(e.name) || e.ts < until) continue;
    sum += e.dur ?? 0;
    until = e.ts + (e.dur ?? 0);
  }
  return sum / 1000;
}

export function turnFrames(tracePath: string): TurnFrame[] {
  const json = JSON.parse(fs.readFileSync(tracePath, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const all = Array.isArray(json) ? json : json.traceEvents;
  const firstKey = all.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (!firstKey) return [];
  const main = all.filter((e) => e.ph === 'X' && e.pid === firstKey.pid && e.tid === firstKey.tid).sort((a, b) => a.ts - b.ts);
  const keys = main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const frames: TurnFrame[] = [];
  for (const key of keys) {
    const frame = main.find((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ts > key.ts);
    if (!frame) continue;
    const inside = main.filter((e) => e.ts >= frame.ts && e.ts < frame.ts + (frame.dur ?? 0));
    const repainted = inside.filter((e) => e.name === 'PaintController::commitNewDisplayItems').reduce((n, e) => n + (e.args?.num_non_cached_new_items ?? 0), 0);
    frames.push({
      frame: (frame.dur ?? 0) / 1000,
      script: total(inside, ['EventDispatch', 'FireAnimationFrame']),
      style: total(inside, 'UpdateLayoutTree'),
      layout: total(inside, 'Layout'),
      paint: total(inside, 'Paint'),
      layerize: total(inside, 'Layerize'),
      commit: total(inside, 'Commit'),
      repainted,
      hitTest: total(inside, 'LayoutView::HitTest'),
    });
  }
  return frames;
}
