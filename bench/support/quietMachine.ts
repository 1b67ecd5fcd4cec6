/**
 * Waits until the machine is quiet: less than `busyBelow` of all CPUs busy over two windows in a
 * row (from /proc/stat), at most `maxMs`. A timed browser interaction started while the harness is
 * still collecting garbage from an earlier step, or a server is still warming up, measures those
 * and not the app. Where /proc/stat is missing it does not wait.
 */
import fs from 'node:fs';

function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait! };
  } catch {
    return null;
  }
}

export async function quietMachine({ busyBelow = 0.15, windowMs = 250, maxMs = 10_000 } = {}): Promise<void> {
  const end = Date.now() + maxMs;
  let quiet = 0;
  let before = cpuTimes();
  if (!before) return;
  while (Date.now() < end && quiet < 2) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = cpuTimes()!;
    const busy = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    quiet = busy < busyBelow ? quiet + 1 : 0;
    before = now;
  }
}
