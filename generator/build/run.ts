// Runs a build: takes the output folder's lock, runs the enabled stages into a staging folder
// (each as soon as the products it needs are made), and swaps the finished build in for out/
// (io/output.ts). If any stage fails, the others stop at their next step, nothing is swapped
// in, and out/ stays as it was.
import type { BuildOptions, StageEnv } from '../stage.js';
import { Output } from '../io/output.js';
import { acquireLock, describeHolder } from '../io/lock.js';
import { stoppable, type Progress } from '../progress.js';
import type { ProductName, Products } from './products.js';
import { STAGES, type StageEntry } from './stages.js';

export interface BuildResult {
  files: string[];
  warnings: string[];
}

/** How long `--wait` waits for another build of the same folder. */
export const WAIT_MS = 30 * 60_000;

/** What a stage waits for: its inputs, then the products it only starts after. */
const waitsFor = (e: StageEntry): ProductName[] => [...e.needs, ...(e.after ?? [])];

/** Checks that every enabled stage's inputs are made by an enabled stage (or are the game). */
export function checkWiring(entries: readonly StageEntry[], options: BuildOptions): void {
  const made = new Set<ProductName>(['game', 'art']);
  for (const e of entries) if (e.when(options) && e.makes) made.add(e.makes);
  for (const e of entries) {
    if (!e.when(options)) continue;
    const missing = waitsFor(e).filter((n) => !made.has(n));
    if (missing.length > 0) throw new Error(`the build stage "${e.name}" needs ${missing.join(', ')}, which no enabled stage makes`);
  }
}

/** Runs the stages side by side as their inputs become ready; rejects with the first failure. */
export async function runStages(
  entries: readonly StageEntry[],
  content: Pick<Products, 'game' | 'art'>,
  env: Omit<StageEnv, 'signal' | 'progress'> & { progress: Progress },
): Promise<void> {
  checkWiring(entries, env.options);
  const controller = new AbortController();
  const stageEnv: StageEnv = { ...env, progress: stoppable(env.progress, controller.signal), signal: controller.signal };
  const made = new Map<ProductName, Promise<unknown>>([
    ['game', Promise.resolve(content.game)],
    ['art', Promise.resolve(content.art)],
  ]);
  const runs: Promise<unknown>[] = [];
  for (const entry of entries) {
    if (!entry.when(env.options)) continue;
    const names = entry.needs;
    // The product is ready when the stage hands it over early, or else when the stage ends.
    let handOver!: (product: unknown) => void;
    const early = new Promise<unknown>((resolve) => {
      handOver = resolve;
    });
    const run = Promise.all(waitsFor(entry).map((n) => made.get(n)!)).then(async (values) => {
      controller.signal.throwIfAborted();
      const stage = await entry.load();
      controller.signal.throwIfAborted();
      const input = Object.fromEntries(names.map((n, i) => [n, values[i]]));
      return stage.run(input as never, stageEnv, handOver);
    });
    // The first failure stops the rest: it becomes the abort reason every other stage throws.
    run.catch((e: unknown) => {
      if (!controller.signal.aborted) controller.abort(e);
    });
    if (entry.makes) {
      const product = Promise.race([early, run]);
      product.catch(() => undefined); // a failure is reported through `run`, even when no stage needs the product
      made.set(entry.makes, product);
    }
    runs.push(run);
  }
  await Promise.allSettled(runs);
  if (controller.signal.aborted) throw controller.signal.reason;
}

export async function runBuild(content: Pick<Products, 'game' | 'art'>, options: BuildOptions, progress: Progress): Promise<BuildResult> {
  const lock = await acquireLock(options.outDir, {
    command: 'build',
    waitMs: options.wait ? WAIT_MS : 0,
    waitForRemote: options.wait,
    onWait: (holder) => progress.notice(`  Waiting for ${describeHolder(holder)} to finish writing this folder…`),
  });
  let out: Output | undefined;
  // Ctrl+C (or a polite kill) removes the unfinished build and gives the lock back; out/ stays
  // as it was. Only a hard kill leaves them, for the next build to clear.
  const interrupted = (signal: NodeJS.Signals) => {
    out?.abandon();
    lock.release();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    out = Output.begin(options.outDir, lock);
    const warnings: string[] = [];
    try {
      await runStages(STAGES, content, { out, progress, options, warn: (w) => warnings.push(w) });
    } catch (e) {
      out.abandon();
      throw e;
    }
    const files = out.commit();
    return { files, warnings: warnings.sort() };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    lock.release();
  }
}
