/**
 * What each key press costs the renderer's main thread, read from a Chromium trace: the CPU time
 * (thread time, `tdur`: what the thread ran, not how long it waited for a core) of the key's own
 * task and of the frame after it, how many elements that frame restyled and how many layouts it
 * ran. Unlike wall-clock times these hardly move with the machine's load.
 */
import type { Page } from '@playwright/test';

export interface PressCost {
  /** The task the keydown ran in: every listener, and the microtasks after them. */
  keyCpuMs: number;
  /** The next frame's main-thread work (style, layout, paint, commit). */
  frameCpuMs: number;
  /** Elements restyled from the key to the end of that frame. */
  styled: number;
  /** Layouts from the key to the end of that frame. */
  layouts: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string }; elementCount?: number };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink', 'cc'];

/** Runs `presses` with tracing on; one PressCost per keydown seen. */
export async function tracePresses(page: Page, presses: () => Promise<void>): Promise<PressCost[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // Chromium's trace events, typed loosely by the protocol's own types.
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  try {
    await presses();
  } finally {
    const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return pressCosts(events);
}

export function pressCosts(all: readonly TraceEvent[]): PressCost[] {
  const keys = all.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  if (keys.length === 0) return [];
  const main = all.filter((e) => e.pid === keys[0]!.pid && e.tid === keys[0]!.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const cpu = (e: TraceEvent | undefined) => (e?.tdur ?? e?.dur ?? 0) / 1000;
  const within = (outer: TraceEvent, e: TraceEvent) => e.ts >= outer.ts && e.ts + (e.dur ?? 0) <= outer.ts + (outer.dur ?? 0);
  return keys.map((k) => {
    const task = main.find((e) => e.name === 'ThreadControllerImpl::RunTask' && within(e, k)) ?? k;
    const frame = main.find((e) => e.name === 'ProxyMain::BeginMainFrame' && e.ts > k.ts);
    const end = frame ? frame.ts + (frame.dur ?? 0) : k.ts + (k.dur ?? 0);
    const span = main.filter((e) => e.ts >= k.ts && e.ts <= end);
    return {
      keyCpuMs: cpu(task),
      frameCpuMs: cpu(frame),
      styled: span.filter((e) => e.name === 'UpdateLayoutTree').reduce((n, e) => n + (e.args?.elementCount ?? 0), 0),
      layouts: span.filter((e) => e.name === 'Layout').length,
    };
  });
}
