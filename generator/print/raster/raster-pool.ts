// The threads that paint pixels. Rasterising is most of the work of the print-shop export and
// the Tabletop Simulator sheets, and it is pure computation, so it runs on one worker thread per
// core (raster-worker.ts) while this thread writes the PDFs. Both stages hand their tasks to the
// same pool; the pool hands them out a few at a time, so a thread that finishes early takes more.
// Idle workers do not keep the process alive; the last stage to let go of the pool ends them.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type FontName, shapedSince } from '../fonts.js';
import type { ProcessedImage } from '../layout/display-list.js';
import type { FromWorker, ToWorker } from './raster-worker.js';
import type { RasterTask } from './tasks.js';

/** About this many cards' work goes to a worker at a time: enough to keep messages few, few enough to share out the end. */
const BATCH_CARDS = 6;

interface Batch {
  id: number;
  tasks: RasterTask[];
  settle(error?: Error): void;
}

interface Thread {
  worker: Worker;
  /** Batches handed to it and not yet done: the one it paints, and the next, so it never waits for work. */
  busy: Batch[];
  /** How many of each face's shaped words it has been handed (they go with its batches). */
  shaped: Map<FontName, number>;
}

const AHEAD = 2;

export class RasterPool {
  private readonly threads: Thread[] = [];
  private readonly waiting: Batch[] = [];
  private nextId = 1;
  private users = 0;
  private failure?: Error;
  private images?: Map<string, ProcessedImage>;

  constructor(size: number) {
    for (let i = 0; i < size; i++) this.threads.push(this.start());
  }

  get stopped(): boolean {
    return this.threads.length === 0;
  }

  /**
   * Hands every worker the pictures the cards show (decoded there once, on first use) and the
   * image cache to keep what they paint in, if any (raster-cache.ts); once per table.
   */
  setImages(images: Map<string, ProcessedImage>, cacheDir: string | undefined): void {
    if (this.images === images) return;
    this.images = images;
    for (const t of this.threads) t.worker.postMessage({ kind: 'setup', images, ...(cacheDir ? { cacheDir } : {}) } satisfies ToWorker);
  }

  /** A stage that will use the pool; `release` when it is done. */
  acquire(): void {
    this.users++;
  }

  /** When the last stage lets go, the workers end. */
  release(): void {
    if (--this.users <= 0) this.stop();
  }

  /** Runs the tasks; resolves when all are done, rejects with the first failure. */
  async run(tasks: RasterTask[]): Promise<void> {
    if (this.failure) throw this.failure;
    const runs: Promise<void>[] = [];
    for (let i = 0; i < tasks.length; ) {
      const batch: RasterTask[] = [];
      let cards = 0;
      while (i < tasks.length && cards < BATCH_CARDS) {
        const t = tasks[i++]!;
        batch.push(t);
        cards += t.kind === 'png' ? 1 : t.lists.length;
      }
      runs.push(
        new Promise<void>((resolve, reject) => {
          this.waiting.push({ id: this.nextId++, tasks: batch, settle: (e) => (e ? reject(e) : resolve()) });
        }),
      );
    }
    this.dispatch();
    await Promise.all(runs);
  }

  /** Ends the workers; work not yet done is abandoned. The next `rasterPool()` starts new ones. */
  stop(): void {
    const stopped = new Error('the raster workers were stopped');
    for (const b of this.waiting.splice(0)) b.settle(stopped);
    for (const t of this.threads.splice(0)) {
      for (const b of t.busy.splice(0)) b.settle(stopped);
      void t.worker.terminate();
    }
  }

  private start(): Thread {
    const worker = new Worker(new URL('./raster-worker.js', import.meta.url));
    worker.unref();
    const thread: Thread = { worker, busy: [], shaped: new Map() };
    worker.on('message', (m: FromWorker) => {
      if (m.kind === 'failed') return this.fail(Object.assign(new Error(m.message), { stack: m.stack }));
      const at = thread.busy.findIndex((b) => b.id === m.batch);
      if (at >= 0) thread.busy.splice(at, 1)[0]!.settle();
      this.dispatch();
    });
    const lost = (e: Error) => this.fail(e);
    worker.once('error', lost);
    worker.once('exit', (code) => {
      if (this.threads.includes(thread)) lost(new Error(`a raster worker stopped unexpectedly (exit code ${code})`));
    });
    return thread;
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const b of this.waiting.splice(0)) b.settle(e);
    for (const t of this.threads) for (const b of t.busy.splice(0)) b.settle(e);
    this.stop();
  }

  private dispatch(): void {
    for (let round = 0; round < AHEAD; round++) {
      for (const t of this.threads) {
        if (t.busy.length > round) continue;
        const next = this.waiting.shift();
        if (!next) break;
        t.busy.push(next);
        t.worker.ref();
        // The words this thread shaped laying the cards out, so the worker need not shape them again.
        t.worker.postMessage({ kind: 'tasks', batch: next.id, tasks: next.tasks, shaped: shapedSince(t.shaped) } satisfies ToWorker);
      }
    }
    for (const t of this.threads) if (t.busy.length === 0) t.worker.unref();
  }
}

let shared: RasterPool | undefined;

/** The build's pool, started now if it is not running. */
export function rasterPool(): RasterPool {
  if (!shared || shared.stopped) shared = new RasterPool(Math.max(1, availableParallelism()));
  return shared;
}
