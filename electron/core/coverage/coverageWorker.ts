/**
 * The coverage worker: holds each loaded book's index and known flags and answers its figures,
 * off the main thread (a novel's index is ~10k words and sentences; sorting and walking them
 * stays out of the way of page turns and hovers).
 *
 * Run from a source string, as the analyzer's worker is (analyzer/worker.ts explains why: it
 * runs the same from TypeScript under vitest and from the electron-vite bundle). The
 * arithmetic is `createCoverageState` itself, embedded by its source text.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/result';
import type { CoverageIndex } from './coverageIndex';
import { createCoverageState, type CoverageFigures } from './coverageState';

type Request =
  | { type: 'load'; slot: string; index: CoverageIndex; known: Uint8Array }
  | { type: 'set'; slot: string; changes: Array<[number, boolean]> }
  | { type: 'drop'; slot: string }
  | { type: 'figures'; id: number; slot: string }
  | { type: 'once'; id: number; index: CoverageIndex; known: Uint8Array };

type Reply = { type: 'result'; id: number; figures: CoverageFigures | null } | { type: 'error'; id: number; message: string };

export const COVERAGE_WORKER_SOURCE = /* js */ `
'use strict';
const { parentPort } = require('node:worker_threads');
const createCoverageState = ${createCoverageState.toString()};
const states = new Map();
parentPort.on('message', (m) => {
  try {
    switch (m.type) {
      case 'load': states.set(m.slot, createCoverageState(m.index, m.known)); break;
      case 'set': { const s = states.get(m.slot); if (s) s.set(m.changes); break; }
      case 'drop': states.delete(m.slot); break;
      case 'figures': { const s = states.get(m.slot); parentPort.postMessage({ type: 'result', id: m.id, figures: s ? s.figures() : null }); break; }
      case 'once': parentPort.postMessage({ type: 'result', id: m.id, figures: createCoverageState(m.index, m.known).figures() }); break;
    }
  } catch (e) {
    if (m.id !== undefined) parentPort.postMessage({ type: 'error', id: m.id, message: String((e && e.message) || e) });
  }
});
`;

export class CoverageWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (f: CoverageFigures | null) => void; reject: (e: AppError) => void }>();
  /** Bumped whenever the worker starts: slots loaded into an older one are gone. */
  generation = 0;

  constructor(private readonly opts: { maxHeapMb?: number } = {}) {}

  private get live(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(COVERAGE_WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb ?? 512 } });
    this.generation += 1;
    w.on('message', (msg: Reply) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.type === 'result') p.resolve(msg.figures);
      else p.reject(new AppError({ code: 'internal', message: `coverage worker: ${msg.message}` }));
      this.updateRef();
    });
    const fail = (message: string) => {
      if (this.worker !== w) return;
      this.worker = null;
      for (const p of this.pending.values()) p.reject(new AppError({ code: 'internal', message }));
      this.pending.clear();
      void w.terminate().catch(() => undefined);
    };
    w.on('error', (e) => fail(`coverage worker stopped: ${e.message}`));
    w.on('exit', (code) => fail(`coverage worker exited (code ${code})`));
    this.worker = w;
    return w;
  }

  /** Keeps the process alive only while someone waits for an answer. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  private post(req: Request): void {
    this.live.postMessage(req);
    this.updateRef();
  }

  private ask(req: Extract<Request, { id: number }>): Promise<CoverageFigures | null> {
    const p = new Promise<CoverageFigures | null>((resolve, reject) => this.pending.set(req.id, { resolve, reject }));
    this.post(req);
    return p;
  }

  /** Loads an index and returns the generation it lives in. */
  load(slot: string, index: CoverageIndex, known: Uint8Array): number {
    this.post({ type: 'load', slot, index, known });
    return this.generation;
  }

  set(slot: string, changes: Array<[number, boolean]>): void {
    if (this.worker) this.post({ type: 'set', slot, changes });
  }

  drop(slot: string): void {
    if (this.worker) this.post({ type: 'drop', slot });
  }

  /** A loaded slot's figures; null when the slot is not loaded (the worker restarted). */
  figures(slot: string): Promise<CoverageFigures | null> {
    return this.ask({ type: 'figures', id: this.nextId++, slot });
  }

  /** Figures of an index not kept (a pasted text). */
  async once(index: CoverageIndex, known: Uint8Array): Promise<CoverageFigures> {
    const f = await this.ask({ type: 'once', id: this.nextId++, index, known });
    if (!f) throw new AppError({ code: 'internal', message: 'coverage worker gave no figures' });
    return f;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new AppError({ code: 'internal', message: 'coverage worker closed' }));
    this.pending.clear();
    if (w) await w.terminate();
  }
}
