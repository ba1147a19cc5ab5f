// Runs a simulation on worker threads, one per core: the main thread hands out batches of games
// as threads come free and adds up what they send back. With `threads: 0` everything is played on
// the calling thread (tests that import the TypeScript directly, and tiny runs).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Setup } from '../../engine/index.js';
import { playBatch, type Batch, type BatchResult, type Games } from './batch.js';
import { addTally, emptyTally, type Tally } from './tally.js';
import type { Habits } from './watch.js';

export interface RunOptions {
  games: Games;
  settings: Setup[];
  /** Games per setting. */
  count: number;
  seed: string;
  habits: Habits;
  /** Worker threads; the machine's cores when left out, 0 to play on this thread. */
  threads?: number;
  /** Games per batch (smaller: smoother progress; larger: less talk between threads). */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SettingResult {
  setup: Setup;
  base: Tally;
  pack?: Tally;
}

export interface RunResult {
  settings: SettingResult[];
  games: number;
  /** Wall-clock seconds the games took (not in the report: it differs from run to run). */
  seconds: number;
  threads: number;
}

type Message = { kind: 'done'; result: BatchResult } | { kind: 'failed'; message: string; stack?: string };

function batchesOf(o: RunOptions): Batch[] {
  const size = o.batch ?? 200;
  const out: Batch[] = [];
  o.settings.forEach((setup, setting) => {
    for (let from = 0; from < o.count; from += size) out.push({ setting, setup, seed: o.seed, from, to: Math.min(o.count, from + size), habits: o.habits });
  });
  return out;
}

function newWorker(games: Games): Worker {
  // A simulated game makes many short-lived objects: a larger young generation lets most of them
  // die before a scavenge copies them (about 2–3% more games a second, within the noise of one run).
  return new Worker(new URL('./sim-worker.js', import.meta.url), { workerData: games, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
}

export async function runSimulation(o: RunOptions): Promise<RunResult> {
  const start = performance.now();
  const batches = batchesOf(o);
  const total = batches.reduce((s, b) => s + (b.to - b.from) * (o.games.pack ? 2 : 1), 0);
  const results = o.settings.map((setup): SettingResult => ({ setup, base: emptyTally(), ...(o.games.pack ? { pack: emptyTally() } : {}) }));
  let done = 0;
  const add = (r: BatchResult) => {
    const into = results[r.setting]!;
    addTally(into.base, r.base);
    if (r.pack && into.pack) addTally(into.pack, r.pack);
    done += r.games * (r.pack ? 2 : 1);
    o.onProgress?.(done, total);
  };
  const threads = Math.min(o.threads ?? availableParallelism(), batches.length);
  if (threads <= 0) {
    for (const b of batches) add(playBatch(o.games, b));
  } else {
    let next = 0;
    const workers = Array.from({ length: threads }, () => newWorker(o.games));
    try {
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve, reject) => {
              const give = () => {
                const b = batches[next++];
                if (b) worker.postMessage(b);
                else resolve();
              };
              worker.on('message', (m: Message) => {
                if (m.kind === 'failed') reject(Object.assign(new Error(m.message), { stack: m.stack }));
                else {
                  add(m.result);
                  give();
                }
              });
              worker.once('error', reject);
              worker.once('exit', (code) => reject(new Error(`a simulation thread stopped unexpectedly (exit code ${code})`)));
              give();
            }),
        ),
      );
    } finally {
      await Promise.all(workers.map((w) => w.terminate()));
    }
  }
  return { settings: results, games: total, seconds: (performance.now() - start) / 1000, threads: Math.max(0, threads) };
}
