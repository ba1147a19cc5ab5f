// Runs a stage's raster tasks: every image the cache already holds is copied from it (on this
// thread: it is only file copying), and only the rest are painted, on the raster workers — which
// are started only when something is left to paint. When the last stage using the cache is done,
// the cache drops what no build has used lately (raster-cache.ts).
import { createHash } from 'node:crypto';
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';
import { pruneRasterCache, rasterCache, rasterCacheDir, type RasterCache } from './raster-cache.js';
import { rasterPool } from './raster-pool.js';
import type { PngTask, RasterTask } from './tasks.js';

export interface Painted {
  /** Images painted now, and images copied from the cache. */
  painted: number;
  copied: number;
}

const pictureHashes = new WeakMap<ProcessedImage, string>();

/** The hashes of the pictures the lists show (a picture's key names its file and size, not its bytes). */
export function picturesOf(lists: DisplayList[], images: ReadonlyMap<string, ProcessedImage>): string[] {
  const out: string[] = [];
  for (const list of lists)
    for (const it of list.items) {
      if (it.kind !== 'image') continue;
      const img = images.get(it.key);
      if (!img) throw new Error(`image ${it.key} was not prepared`);
      let h = pictureHashes.get(img);
      if (!h) pictureHashes.set(img, (h = createHash('sha256').update(img.jpeg).digest('hex')));
      out.push(h);
    }
  return out;
}

/** A task as its cache key sees it: what is painted, not where it goes. */
function describe(task: RasterTask, save?: PngTask['saves'][number]): unknown {
  if (task.kind === 'sheet') return { kind: task.kind, lists: task.lists, cell: task.cell, cols: task.cols };
  return { kind: task.kind, list: task.list, view: task.view, width: task.width, height: task.height, crop: save?.crop };
}

/** The task with only what the cache could not give, each part with its key; undefined when nothing is left. */
async function lookUp(task: RasterTask, cache: RasterCache, images: ReadonlyMap<string, ProcessedImage>): Promise<RasterTask | undefined> {
  const pictures = picturesOf(task.kind === 'png' ? [task.list] : task.lists, images);
  if (task.kind === 'sheet') {
    const key = cache.keyOf(describe(task), pictures);
    return (await cache.fetch(key, [task.file])) ? undefined : { ...task, key };
  }
  const saves = await Promise.all(
    task.saves.map(async (save) => {
      const key = cache.keyOf(describe(task, save), pictures);
      return (await cache.fetch(key, save.files)) ? undefined : { ...save, key };
    }),
  );
  const missing = saves.filter((s): s is NonNullable<typeof s> => s !== undefined);
  return missing.length > 0 ? { ...task, saves: missing } : undefined;
}

let users = 0;
let used = 0;
const started = Date.now();

/** Copies or paints every task's images; stops the workers if `signal` aborts. */
export async function paintOrCopy(tasks: RasterTask[], images: Map<string, ProcessedImage>, signal: AbortSignal): Promise<Painted> {
  const cache = rasterCache();
  const images_ = tasks.reduce((n, t) => n + (t.kind === 'png' ? t.saves.length : 1), 0);
  users++;
  used += images_;
  try {
    const left = cache ? (await Promise.all(tasks.map((t) => lookUp(t, cache, images)))).filter((t): t is RasterTask => t !== undefined) : tasks;
    signal.throwIfAborted();
    const painted = left.reduce((n, t) => n + (t.kind === 'png' ? t.saves.length : 1), 0);
    if (left.length > 0) {
      const pool = rasterPool();
      pool.acquire();
      const stop = () => pool.stop();
      signal.addEventListener('abort', stop, { once: true });
      try {
        pool.setImages(images, cache ? rasterCacheDir() : undefined);
        await pool.run(left);
      } finally {
        signal.removeEventListener('abort', stop);
        pool.release();
      }
    }
    return { painted, copied: images_ - painted };
  } finally {
    if (--users === 0 && cache && !signal.aborted) pruneRasterCache(rasterCacheDir(), started, used);
  }
}

/** How a progress line says what came from the cache: "" when everything was painted. */
export function fromCache(r: Painted): string {
  if (r.copied === 0) return '';
  return r.painted === 0 ? '; all from the cache' : `; ${r.copied} of ${r.copied + r.painted} from the cache`;
}
