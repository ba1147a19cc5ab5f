// The raster kernels: the loops every pixel of a print-shop PNG and a Tabletop Simulator sheet
// passes through (saying a card's rows as deflate symbols and writing their bits, painting a
// glyph's mask), written in AssemblyScript (kernels/*.as.ts) and compiled to WebAssembly by
// `npm run compile` (scripts/compile-kernels.mjs) into dist/raster-kernels.wasm. There they run in
// about a third of the time they took as JavaScript: a 10,000-card pack paints 20,000 PNGs and
// 300 sheets, most of a build's work. No compiler is needed on the teacher's machine: the
// AssemblyScript compiler is an npm package, itself JavaScript and WebAssembly.
//
// Each thread that paints has one instance and one memory, which this file lays out: the
// canvases painted into (canvas.ts), the masks painted from (mask.ts) and the deflate's buffers
// (deflate-rows.ts) are blocks of it, so the kernels read and write them where they are, with
// nothing copied in or out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../paths.js';

/** Where `npm run compile` writes the kernels. */
export const KERNELS_FILE = join(projectRoot, 'dist', 'raster-kernels.wasm');

/** What the module exports (kernels/kernels.as.ts); pointers are byte addresses in `memory`. */
interface KernelExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  scanCrop(first: number, stride: number, w: number, h: number, S: number, rowStarts: number, repeats: number, sums: number): number;
  scanOuter(
    first: number,
    stride: number,
    w: number,
    h: number,
    dl: number,
    dt: number,
    iw: number,
    ih: number,
    SI: number,
    SO: number,
    rowStarts: number,
    repeats: number,
    sums: number,
  ): number;
  adler(): number;
  countSymbols(S: number, n: number, uses: number): void;
  emitSymbols(S: number, n: number, out: number, at: number, acc: number, nb: number, codes: number, lens: number): number;
  pendingBits(): number;
  pendingCount(): number;
  paintMask(
    px: number,
    width: number,
    left: number,
    top: number,
    right: number,
    bottom: number,
    spans: number,
    count: number,
    alpha: number,
    dx: number,
    dy: number,
    r: number,
    g: number,
    b: number,
  ): void;
}

/** Blocks start on 64-byte lines; the kernels read up to 16 bytes past a block's end, which this slack keeps inside it. */
const ALIGN = 64;
const SLACK = 32;
const PAGE = 65_536;

let bytesOfKernels: Uint8Array<ArrayBuffer> | undefined;

/** The compiled kernels, read once: the image cache's key includes them (raster-cache.ts). */
export function kernelBytes(): Uint8Array<ArrayBuffer> {
  if (!bytesOfKernels) {
    try {
      bytesOfKernels = new Uint8Array(readFileSync(KERNELS_FILE));
    } catch {
      throw new Error(`the raster kernels (${KERNELS_FILE}) are missing: run npm run compile`);
    }
  }
  return bytesOfKernels;
}

/** A block of the kernels' memory: its first byte and its size. */
export interface Block {
  readonly at: number;
  readonly size: number;
}

/** This thread's instance of the kernels, and the blocks of its memory in use. */
export class Kernels {
  readonly x: KernelExports;
  private view: Uint8Array;
  /** Free stretches of memory above the module's own data, by address: [at, size] pairs. */
  private free: [number, number][] = [];
  private top: number;

  constructor() {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(kernelBytes()), {
      env: {
        abort: () => {
          throw new Error('a raster kernel stopped on a failed check');
        },
      },
    });
    this.x = instance.exports as unknown as KernelExports;
    this.top = Math.ceil(this.x.heapBase() / ALIGN) * ALIGN;
    this.view = new Uint8Array(this.x.memory.buffer);
  }

  /** The whole memory as bytes. A new view after the memory grows (which detaches the old). */
  get bytes(): Uint8Array {
    if (this.view.buffer !== this.x.memory.buffer) this.view = new Uint8Array(this.x.memory.buffer);
    return this.view;
  }

  /** A block of at least `size` bytes (zeroed only when new memory), first fit among the freed. */
  alloc(size: number): Block {
    const need = Math.ceil((size + SLACK) / ALIGN) * ALIGN;
    for (let i = 0; i < this.free.length; i++) {
      const [at, room] = this.free[i]!;
      if (room < need) continue;
      if (room === need) this.free.splice(i, 1);
      else this.free[i] = [at + need, room - need];
      return { at, size: need };
    }
    const at = this.top;
    this.top += need;
    const have = this.x.memory.buffer.byteLength;
    if (this.top > have) this.x.memory.grow(Math.ceil((this.top - have) / PAGE));
    return { at, size: need };
  }

  /** Gives a block back; neighbouring free stretches are joined, and one at the top lowers it. */
  release(block: Block): void {
    this.free.push([block.at, block.size]);
    this.free.sort((a, b) => a[0] - b[0]);
    const joined: [number, number][] = [];
    for (const [at, size] of this.free) {
      const last = joined.at(-1);
      if (last && last[0] + last[1] === at) last[1] += size;
      else joined.push([at, size]);
    }
    const last = joined.at(-1);
    if (last && last[0] + last[1] === this.top) {
      this.top = last[0];
      joined.pop();
    }
    this.free = joined;
  }
}

let shared: Kernels | undefined;

/** This thread's kernels, instantiated on first use. */
export function kernels(): Kernels {
  shared ??= new Kernels();
  return shared;
}

/**
 * A block kept for one use and grown when asked for more (a scratch buffer of the deflate, the
 * masks' arena): `ensure` gives its address, with at least `size` bytes.
 */
export class Scratch {
  private block?: Block;
  /** Counts the times the block moved: whatever was kept in it must be written again. */
  moves = 0;
  ensure(size: number): number {
    if (!this.block || this.block.size < size + SLACK) {
      const k = kernels();
      if (this.block) k.release(this.block);
      this.block = k.alloc(Math.max(size, (this.block?.size ?? 0) * 2));
      this.moves++;
    }
    return this.block.at;
  }
  get size(): number {
    return this.block ? this.block.size - SLACK : 0;
  }
}
