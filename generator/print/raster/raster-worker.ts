// Worker thread entry of the raster pool (raster-pool.ts): runs the tasks it is handed, in order,
// and says when each batch is done. It loads the painting code and the typefaces while the build
// still lays out its cards.
import { parentPort } from 'node:worker_threads';
import type { ProcessedImage } from '../layout/display-list.js';
import { adoptShaped, fontFace, FONT_NAMES, type ShapedChunks } from '../fonts.js';
import { RasterKit, type RasterTask } from './tasks.js';

export type ToWorker =
  | { kind: 'setup'; images: Map<string, ProcessedImage>; cacheDir?: string }
  | { kind: 'tasks'; batch: number; tasks: RasterTask[]; shaped: ShapedChunks[] };
export type FromWorker = { kind: 'done'; batch: number } | { kind: 'failed'; batch: number; message: string; stack?: string };

for (const name of FONT_NAMES) fontFace(name);

let kit = new RasterKit(new Map());
// Batches are painted one after another: a worker is one core's worth of work. A batch is done
// when its files are written; the next is painted meanwhile.
let queue = Promise.resolve();

parentPort!.on('message', (m: ToWorker) => {
  if (m.kind === 'setup') {
    kit = new RasterKit(m.images, m.cacheDir);
    return;
  }
  const failed = (e: unknown) => {
    const err = e instanceof Error ? e : new Error(String(e));
    parentPort!.postMessage({ kind: 'failed', batch: m.batch, message: err.message, stack: err.stack } satisfies FromWorker);
  };
  queue = queue.then(async () => {
    try {
      adoptShaped(m.shaped);
      for (const t of m.tasks) await kit.run(t);
    } catch (e) {
      return failed(e);
    }
    kit.written().then(() => parentPort!.postMessage({ kind: 'done', batch: m.batch } satisfies FromWorker), failed);
  });
});
