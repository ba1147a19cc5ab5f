// The raster work of a build, as tasks a worker thread can run from plain data: a card painted
// to a PNG file (print-shop export), or a sheet of cards painted to a JPEG file (Tabletop
// Simulator). Each task writes its own files — into the build's staging folder, which the build
// swaps in whole (io/output.ts) — so pixels never travel back between threads.
import { copyFileSync, linkSync, writeFileSync } from 'node:fs';
import type { DisplayList, ProcessedImage } from '../layout/display-list.js';
import { Canvas, type Frame } from './canvas.js';
import { paintCard, type View } from './paint-card.js';
import { decodePictures, type Picture } from './picture.js';
import { encodePngs, iccForPng, type PngTags } from './png.js';
import { RasterCache } from './raster-cache.js';
import { Scratch } from './kernels.js';

/**
 * One card painted at `width` × `height` px showing `view` (mm), saved as PNGs: the whole of it,
 * or a part (`crop`: a shop whose size is a few pixels less at the same resolution), each to
 * every file in its `files`, and to the image cache under `key` when it has one.
 */
export interface PngTask {
  kind: 'png';
  list: DisplayList;
  view: View;
  width: number;
  height: number;
  saves: { crop?: Frame; files: string[]; key?: string }[];
}

/** Cards trimmed and painted into cells of `cell` px, `cols` to a row, as one JPEG (cached under `key`). */
export interface SheetTask {
  kind: 'sheet';
  lists: DisplayList[];
  cell: { w: number; h: number };
  cols: number;
  file: string;
  key?: string;
}

export type RasterTask = PngTask | SheetTask;

/** The resolution print shops are told a PNG has. */
export const PNG_DPI = 300;
/**
 * Tabletop Simulator sheets: quality 88, the colour at half resolution each way (4:2:0, as
 * Tabletop Simulator's own decks are), the brightness at full. Full-resolution colour (4:4:4)
 * took half as long again to encode — a 10,000-card pack's 300 sheets are a fifth of its build —
 * for a difference seen only at four times the size, as a faint tint at the edges of light letters
 * on a dark colour; in the game the card is a texture the graphics card filters and compresses.
 */
export const SHEET_JPEG = { quality: 88, chromaSubsampling: '4:2:0', optimiseCoding: false } as const;

type Sharp = typeof import('sharp').default;

const WRITES_AHEAD = 64;

/** What running tasks needs, made once per thread: sharp, the sRGB profile, decoded pictures, the cache to keep images in. */
export class RasterKit {
  private sharp?: Sharp;
  private tags?: PngTags;
  private readonly pictures = new Map<string, Picture>();
  private readonly memory = new Scratch();
  private readonly cache?: RasterCache;
  constructor(
    private readonly images: ReadonlyMap<string, ProcessedImage>,
    cacheDir?: string,
  ) {
    if (cacheDir) this.cache = new RasterCache(cacheDir);
  }

  /**
   * Copies being kept in the image cache: they wait on the disk, not on this thread, which
   * paints the next card meanwhile. At most WRITES_AHEAD are in flight (their bytes are held till
   * written). The build's own files are written at once (`keep`).
   */
  private writes: Promise<void>[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  /** The cache's writes started since the last call: those of the tasks run since then. */
  written(): Promise<unknown> {
    return Promise.all(this.writes.splice(0));
  }

  async run(task: RasterTask): Promise<void> {
    while (this.inFlight.size >= WRITES_AHEAD) await Promise.race(this.inFlight);
    const lists = task.kind === 'png' ? [task.list] : task.lists;
    await this.decodeFor(lists);
    if (task.kind === 'png') {
      const canvas = this.canvas(task.width, task.height);
      paintCard(canvas, { left: 0, top: 0, width: task.width, height: task.height }, task.list, task.view, this.pictures);
      const tags = await this.pngTags();
      const whole = { left: 0, top: 0, width: task.width, height: task.height };
      const pngs = encodePngs(
        canvas,
        tags,
        task.saves.map((s) => s.crop ?? whole),
      );
      task.saves.forEach((save, i) => this.keep(pngs[i]!, save.files, save.key));
      return;
    }
    const { w, h } = task.cell;
    const cols = Math.min(task.cols, task.lists.length);
    const rows = Math.ceil(task.lists.length / cols);
    const canvas = this.canvas(cols * w, rows * h);
    // Every card paints the whole of its cell; only the cells after the last card are left white.
    const filled = task.lists.length;
    if (filled < cols * rows) {
      const lastRow = (rows - 1) * h;
      for (let y = lastRow; y < rows * h; y++) canvas.pixels.fill(0xff, (y * canvas.width + (filled % cols) * w) * 3, (y + 1) * canvas.width * 3);
    }
    // A sheet of backs repeats a few backs many times (a deck's books have one per century), and
    // the thread that laid them out made each distinct back once, so the same back arrives here
    // as the same list: it is painted once per sheet and its cell's pixels copied to the others.
    // A card is painted inside its cell only, from the same white, so the copy is what painting
    // it again would give.
    const painted = new Map<DisplayList, Frame>();
    task.lists.forEach((list, i) => {
      const frame = { left: (i % cols) * w, top: Math.floor(i / cols) * h, width: w, height: h };
      const same = painted.get(list);
      if (same) return copyCell(canvas, same, frame);
      paintCard(canvas, frame, list, { x: 0, y: 0, w: list.width, h: list.height }, this.pictures);
      painted.set(list, frame);
    });
    const sharp = await this.loadSharp();
    const jpeg = await sharp(canvas.pixels, { raw: { width: canvas.width, height: canvas.height, channels: 3 } })
      .jpeg(SHEET_JPEG)
      .toBuffer();
    this.keep(jpeg, [task.file], task.key);
  }

  /**
   * Writes the image to its files, and to the cache under `key`. The same image in several
   * folders (the generic and The Game Crafter PNGs) is written once and linked from the others:
   * a 10,000-card pack's second copies were 1.3 GB written again. Where links are refused, the
   * file is copied. The files are written here and now: into the staging folder, which the system
   * keeps in memory, that takes a few hundredths of a millisecond, where handing each file to
   * Node's file threads and back cost several times as much.
   */
  private keep(bytes: Uint8Array, files: string[], key: string | undefined): void {
    const [first, ...others] = files;
    if (first) {
      writeFileSync(first, bytes);
      for (const f of others) {
        try {
          linkSync(first, f);
        } catch {
          copyFileSync(first, f);
        }
      }
    }
    if (key) this.track(this.cache!.store(key, bytes));
  }

  private track(write: Promise<void>): void {
    this.writes.push(write);
    this.inFlight.add(write);
    const done = () => this.inFlight.delete(write);
    write.then(done, done);
  }

  /**
   * A canvas of this size, painted in one block of memory that every task reuses: each task
   * paints all of its canvas, and tasks run one after another. A Tabletop Simulator sheet is about
   * 50 MB; one canvas kept per size (a card, a sheet, the last sheet of each deck) held three of
   * them, 150 MB a thread, where one block the size of the largest does.
   */
  private canvas(width: number, height: number): Canvas {
    const bytes = width * height * 3;
    const at = this.memory.ensure(bytes);
    return new Canvas(width, height, { at, size: this.memory.size });
  }

  private async loadSharp(): Promise<Sharp> {
    if (!this.sharp) {
      const { default: sharp } = await import('sharp');
      // Every image is made once: libvips's cache of recent operations would only hold memory.
      sharp.cache(false);
      this.sharp = sharp;
    }
    return this.sharp;
  }

  /** 300 DPI and libvips's own sRGB profile, the one sharp embedded before these PNGs were painted here. */
  private async pngTags(): Promise<PngTags> {
    if (!this.tags) {
      const sharp = await this.loadSharp();
      const probe = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
        .withIccProfile('srgb')
        .png()
        .toBuffer();
      const { icc } = await sharp(probe).metadata();
      if (!icc) throw new Error('sharp no longer embeds an sRGB profile with withIccProfile("srgb")');
      this.tags = { dpi: PNG_DPI, icc: iccForPng('sRGB', icc) };
    }
    return this.tags;
  }

  private async decodeFor(lists: DisplayList[]): Promise<void> {
    const wanted = new Map<string, ProcessedImage>();
    for (const list of lists)
      for (const it of list.items) {
        if (it.kind !== 'image' || this.pictures.has(it.key)) continue;
        const img = this.images.get(it.key);
        if (!img) throw new Error(`image ${it.key} was not prepared`);
        wanted.set(it.key, img);
      }
    for (const [key, pic] of await decodePictures(wanted)) this.pictures.set(key, pic);
  }
}

/** Copies one cell's pixels to another of the same size on the same canvas. */
function copyCell(canvas: Canvas, from: Frame, to: Frame): void {
  const row = from.width * 3;
  for (let y = 0; y < from.height; y++) {
    const src = ((from.top + y) * canvas.width + from.left) * 3;
    canvas.pixels.copyWithin(((to.top + y) * canvas.width + to.left) * 3, src, src + row);
  }
}
