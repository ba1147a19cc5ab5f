// A shape's coverage, kept to be painted again: the runs of pixels it covers, row by row, each
// either wholly covered or with each pixel's share. Cards repeat the same shapes in the same
// places (a deck's medallions, frames and emblems) and the same few glyphs at a few sizes, so
// the painter keeps each one's mask and paints it in any colour without working it out again.
import type { Canvas, Frame } from './canvas.js';
import { blend } from './coverage.js';

export interface Mask {
  /** Four numbers a run: row, first column, length, and -1 for a covered run or the index of its first share in `alpha`. */
  spans: Int32Array;
  /** Each partly covered pixel's share, in 255ths: a byte a pixel keeps thousands of masks small. */
  alpha: Uint8Array;
}

/** Paints the mask in one colour, moved by (dx, dy) whole pixels, inside the frame. */
export function paintMask(canvas: Canvas, frame: Frame, mask: Mask, dx: number, dy: number, rgb: readonly [number, number, number]): void {
  const { spans, alpha } = mask;
  const px = canvas.pixels;
  const [r, g, b] = rgb;
  const top = frame.top;
  const bottom = frame.top + frame.height;
  const left = frame.left;
  const right = frame.left + frame.width;
  for (let i = 0; i < spans.length; i += 4) {
    const y = spans[i]! + dy;
    if (y < top || y >= bottom) continue;
    const x0 = spans[i + 1]! + dx;
    const from = x0 < left ? left : x0;
    const to = x0 + spans[i + 2]! > right ? right : x0 + spans[i + 2]!;
    const shares = spans[i + 3]!;
    let at = (y * canvas.width + from) * 3;
    if (shares < 0) {
      for (let x = from; x < to; x++, at += 3) {
        px[at] = r;
        px[at + 1] = g;
        px[at + 2] = b;
      }
      continue;
    }
    for (let x = from; x < to; x++, at += 3) {
      const a = alpha[shares + x - x0]! / 255;
      px[at] = blend(px[at]!, r, a);
      px[at + 1] = blend(px[at + 1]!, g, a);
      px[at + 2] = blend(px[at + 2]!, b, a);
    }
  }
}
