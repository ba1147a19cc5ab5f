// A picture being painted: 8-bit RGB pixels, row by row, no alpha (a card is opaque). A card is
// painted into a frame of it — the whole canvas for a print-shop PNG, one cell of a Tabletop
// Simulator sheet — and nothing it draws lands outside its frame. The pixels are a block of the
// raster kernels' memory (kernels.ts), so that the kernels paint and deflate them where they are.
import { blend } from './coverage.js';
import { type Block, kernels } from './kernels.js';

/** A canvas made without a block of its own gives its memory back when it is collected. */
const collected = new FinalizationRegistry<Block>((block) => kernels().release(block));

export class Canvas {
  /** Where the pixels start in the kernels' memory. */
  readonly at: number;
  private view?: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    /** A block of the kernels' memory to paint in, at least width × height × 3 bytes (a reused buffer); a new one when not given. */
    block?: Block,
  ) {
    const bytes = width * height * 3;
    if (block && block.size < bytes) throw new Error(`a ${width} × ${height} canvas needs ${bytes} bytes, not ${block.size}`);
    if (block) this.at = block.at;
    else {
      const own = kernels().alloc(bytes);
      this.at = own.at;
      collected.register(this, own);
    }
  }

  /** The pixels, width × height × 3 bytes (a view made again when the memory has grown). */
  get pixels(): Uint8Array {
    const memory = kernels().bytes;
    if (this.view?.buffer !== memory.buffer) this.view = memory.subarray(this.at, this.at + this.width * this.height * 3);
    return this.view;
  }
}

/** A rectangle of a canvas, in whole pixels. */
export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The colour "#rrggbb" as its three channels. */
export function rgbOf(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1, 7), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Fills the frame with one colour. */
export function fillFrame(canvas: Canvas, frame: Frame, rgb: readonly [number, number, number]): void {
  fillSpan(canvas, frame.top, frame.left, frame.width, frame.height, rgb);
}

/** Sets `rows` rows of `width` pixels from (left, top) to one colour: one row by hand, the rest copied. */
function fillSpan(canvas: Canvas, top: number, left: number, width: number, rows: number, rgb: readonly [number, number, number]): void {
  if (width <= 0 || rows <= 0) return;
  const px = canvas.pixels;
  const first = (top * canvas.width + left) * 3;
  px[first] = rgb[0];
  px[first + 1] = rgb[1];
  px[first + 2] = rgb[2];
  // Doubling copies fill the row in a few memmoves.
  for (let done = 1; done < width; done *= 2) px.copyWithin(first + done * 3, first, first + Math.min(done, width - done) * 3);
  for (let y = 1; y < rows; y++) px.copyWithin(first + y * canvas.width * 3, first, first + width * 3);
}

/**
 * Fills an axis-aligned rectangle given in canvas pixels (fractional edges are blended by the
 * share of each pixel they cover), clipped to the frame. Most of a card's area is such
 * rectangles: this is the cheap way to paint them.
 */
export function fillBox(canvas: Canvas, frame: Frame, x0: number, y0: number, x1: number, y1: number, rgb: readonly [number, number, number]): void {
  const left = Math.max(x0, frame.left);
  const top = Math.max(y0, frame.top);
  const right = Math.min(x1, frame.left + frame.width);
  const bottom = Math.min(y1, frame.top + frame.height);
  if (right <= left || bottom <= top) return;
  // Whole pixels inside, and the partly covered rows and columns around them.
  const inL = Math.ceil(left);
  const inT = Math.ceil(top);
  const inR = Math.floor(right);
  const inB = Math.floor(bottom);
  fillSpan(canvas, inT, inL, inR - inL, inB - inT, rgb);
  const share = (p: number, lo: number, hi: number) => Math.min(p + 1, hi) - Math.max(p, lo);
  const px = canvas.pixels;
  const edge = (x: number, y: number, a: number) => {
    if (a < 0.002) return;
    const at = (y * canvas.width + x) * 3;
    px[at] = blend(px[at]!, rgb[0], a);
    px[at + 1] = blend(px[at + 1]!, rgb[1], a);
    px[at + 2] = blend(px[at + 2]!, rgb[2], a);
  };
  for (let y = Math.floor(top); y < Math.ceil(bottom); y++) {
    const cy = share(y, top, bottom);
    if (y >= inT && y < inB) {
      // A full row: only its end pixels are partly covered.
      if (Math.floor(left) < inL) edge(Math.floor(left), y, share(Math.floor(left), left, right));
      if (inR < Math.ceil(right) && inR >= inL) edge(inR, y, share(inR, left, right));
      continue;
    }
    for (let x = Math.floor(left); x < Math.ceil(right); x++) edge(x, y, cy * share(x, left, right));
  }
}
