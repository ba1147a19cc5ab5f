// A shape's coverage, kept to be painted again: the runs of pixels it covers, row by row, each
// either wholly covered or with each pixel's share. Cards repeat the same shapes in the same
// places (a deck's medallions, frames and emblems) and the same few glyphs at a few sizes, so
// the painter keeps each one's mask and paints it in any colour without working it out again.
import type { Canvas, Frame } from './canvas.js';
import { kernels, Scratch } from './kernels.js';

export interface Mask {
  /** Four numbers a run: row, first column, length, and -1 for a covered run or the index of its first share in `alpha`. */
  spans: Int32Array;
  /** Each partly covered pixel's share, in 255ths: a byte a pixel keeps thousands of masks small. */
  alpha: Uint8Array;
  /** Where the kernels' copy of the mask is in the arena, and which filling of the arena it belongs to. */
  at?: number;
  filling?: number;
}

/**
 * The masks as the paint kernel reads them: copied into one stretch of the kernels' memory the
 * first time each is painted, one after another. When the stretch is full it is emptied and
 * begun again (a new filling: the masks kept before are copied again when next painted), so it
 * never outgrows the few thousand masks a build paints again and again.
 */
const arena = new Scratch();
/**
 * Room for every glyph mask of both scales a worker paints (about 21 MB), so a filling lasts. The
 * glyph cache (paint-card.ts) is bounded by it too: what the cache keeps fits in one filling.
 */
export const ARENA_BYTES = 32 * 1024 * 1024;
/** The filling under way (masks of an earlier one are no longer there), where the arena starts, and how much of it is taken. */
let filling = 0;
let base = 0;
let used = 0;

/** The room a mask takes in the arena: its spans and its coverage, to a whole 8 bytes. */
export function maskBytes(mask: Mask): number {
  return (mask.spans.byteLength + mask.alpha.byteLength + 7) & ~7;
}

function placed(mask: Mask): number {
  if (mask.filling === filling && mask.at !== undefined) return mask.at;
  const spans = new Uint8Array(mask.spans.buffer, mask.spans.byteOffset, mask.spans.byteLength);
  const bytes = maskBytes(mask);
  if (filling === 0 || used + bytes > arena.size) {
    base = arena.ensure(Math.max(ARENA_BYTES, bytes));
    filling++;
    used = 0;
  }
  const at = base + used;
  const memory = kernels().bytes;
  memory.set(spans, at);
  memory.set(mask.alpha, at + spans.length);
  used += bytes;
  mask.at = at;
  mask.filling = filling;
  return at;
}

/** How many times the arena has been begun (filled afresh) so far on this thread: the tests hold it to lasting. */
export function arenaFillings(): number {
  return filling;
}

/** Paints the mask in one colour, moved by (dx, dy) whole pixels, inside the frame. */
export function paintMask(canvas: Canvas, frame: Frame, mask: Mask, dx: number, dy: number, rgb: readonly [number, number, number]): void {
  const runs = mask.spans.length >> 2;
  if (runs === 0) return;
  const at = placed(mask);
  kernels().x.paintMask(
    canvas.at,
    canvas.width,
    frame.left,
    frame.top,
    frame.left + frame.width,
    frame.top + frame.height,
    at,
    runs,
    at + mask.spans.byteLength,
    dx,
    dy,
    rgb[0],
    rgb[1],
    rgb[2],
  );
}
