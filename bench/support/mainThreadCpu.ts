/**
 * The CPU time the page's main thread spent in a Chromium trace: the thread time (`tdur`) of its
 * top-level tasks. Unlike wall times (and Chromium's TaskDuration, a wall time too), it barely
 * moves with the machine's load: a task descheduled for 100 ms counts only the time it ran.
 */
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The trace categories `mainThreadCpuMs` needs (few: a trace per step stays small). */
export const MAIN_THREAD_CATEGORIES = ['toplevel', '__metadata'];

export function mainThreadCpuMs(trace: Buffer): number {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
  let cpuUs = 0;
  const endOf = new Map<string, number>();
  for (const t of tasks) {
    const thread = `${t.pid}:${t.tid}`;
    if (t.ts < (endOf.get(thread) ?? -Infinity)) continue; // a task run inside another (a nested loop) is in its time already
    endOf.set(thread, t.ts + (t.dur ?? 0));
    cpuUs += t.tdur ?? 0;
  }
  return cpuUs / 1000;
}

/** Runs `step` with the page traced; its result and the page's main-thread CPU (ms) meanwhile. */
export async function withMainThreadCpu<T>(browser: Browser, page: Page, step: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  await browser.startTracing(page, { categories: MAIN_THREAD_CATEGORIES });
  const value = await step();
  return { value, cpuMs: mainThreadCpuMs(await browser.stopTracing()) };
}
