// The raster kernels (generator/print/raster/kernels/*.as.ts, WebAssembly) and the memory they
// share with JavaScript (kernels.ts): a glyph's mask painted by the kernel blends exactly as
// coverage.ts's `blend` does, for every background, colour and share; a covered run paints its
// own pixels and not one byte beside them; canvases keep their pixels when the memory grows;
// and masks painted after the kernels' copy of them was let go are painted right.
import { describe, expect, it } from 'vitest';
import { Canvas } from '../../generator/print/raster/canvas.js';
import { blend } from '../../generator/print/raster/coverage.js';
import { kernels } from '../../generator/print/raster/kernels.js';
import { type Mask, paintMask } from '../../generator/print/raster/mask.js';

/** A mask of one run per row: `rows` runs of `len` pixels from column `x0`, each pixel's share given by `share(row, col)` (or covered, when `covered`). */
function runs(rows: number, len: number, x0: number, covered: boolean, share: (row: number, col: number) => number): Mask {
  const spans: number[] = [];
  const alpha: number[] = [];
  for (let y = 0; y < rows; y++) {
    spans.push(y, x0, len, covered ? -1 : alpha.length);
    if (!covered) for (let x = 0; x < len; x++) alpha.push(share(y, x));
  }
  return { spans: Int32Array.from(spans), alpha: Uint8Array.from(alpha) };
}

describe('raster kernels', () => {
  it('blend every background with every colour by every share exactly as coverage.ts does', () => {
    // Row d holds background d; column a is painted with share a: every (dst, share) once per colour.
    const c = new Canvas(256, 256);
    const mask = runs(256, 256, 0, false, (_, col) => col);
    const frame = { left: 0, top: 0, width: 256, height: 256 };
    let wrong = 0;
    for (let src = 0; src < 256; src++) {
      const px = c.pixels;
      for (let d = 0; d < 256; d++) px.fill(d, d * 256 * 3, (d + 1) * 256 * 3);
      paintMask(c, frame, mask, 0, 0, [src, 255 - src, src]);
      const after = c.pixels;
      for (let d = 0; d < 256; d++)
        for (let a = 0; a < 256; a++) {
          const at = (d * 256 + a) * 3;
          if (after[at] !== blend(d, src, a / 255) || after[at + 1] !== blend(d, 255 - src, a / 255)) wrong++;
        }
    }
    expect(wrong).toBe(0);
  });

  it('paint a covered run of any length on its own pixels, and on no byte beside them', () => {
    for (let len = 1; len <= 40; len++)
      for (const x0 of [0, 1, 2, 7]) {
        const c = new Canvas(60, 3);
        c.pixels.fill(9);
        paintMask(c, { left: 0, top: 0, width: 60, height: 3 }, { spans: Int32Array.from([1, x0, len, -1]), alpha: new Uint8Array(0) }, 0, 0, [200, 100, 50]);
        const px = c.pixels;
        for (let i = 0; i < px.length; i++) {
          const pixel = Math.floor(i / 3);
          const inside = pixel >= 60 + x0 && pixel < 60 + x0 + len;
          expect(px[i], `run of ${len} from ${x0}, byte ${i}`).toBe(inside ? [200, 100, 50][i % 3] : 9);
        }
      }
  });

  it('keep only the part of a mask inside the frame', () => {
    const c = new Canvas(20, 20);
    c.pixels.fill(0);
    paintMask(
      c,
      { left: 5, top: 5, width: 10, height: 10 },
      runs(20, 20, 0, true, () => 0),
      0,
      0,
      [255, 255, 255],
    );
    const px = c.pixels;
    for (let y = 0; y < 20; y++)
      for (let x = 0; x < 20; x++) expect(px[(y * 20 + x) * 3], `pixel ${x}, ${y}`).toBe(x >= 5 && x < 15 && y >= 5 && y < 15 ? 255 : 0);
  });

  it('keep a canvas’s pixels when the memory grows under it, and give freed memory out again', () => {
    const k = kernels();
    const c = new Canvas(100, 100);
    c.pixels.fill(77);
    const before = k.bytes.buffer.byteLength;
    const big = k.alloc(64 * 1024 * 1024);
    expect(k.bytes.buffer.byteLength).toBeGreaterThan(before);
    expect(c.pixels.length).toBe(30_000);
    expect(c.pixels.every((v) => v === 77)).toBe(true);
    k.release(big);
    const again = k.alloc(32 * 1024 * 1024);
    expect(again.at).toBe(big.at);
    k.release(again);
  });

  it('paint a mask again after the kernels let its copy go (more masks than their arena holds)', () => {
    const c = new Canvas(64, 64);
    const frame = { left: 0, top: 0, width: 64, height: 64 };
    const first = runs(64, 64, 0, false, (y, x) => (x * 4 + y) & 255);
    c.pixels.fill(0);
    paintMask(c, frame, first, 0, 0, [255, 255, 255]);
    const painted = Buffer.from(c.pixels);
    // About 20 MB of other masks, each painted once: the arena is filled and begun again.
    for (let i = 0; i < 300; i++)
      paintMask(
        c,
        frame,
        runs(1024, 64, 0, false, () => i & 255),
        0,
        -2000,
        [1, 2, 3],
      );
    c.pixels.fill(0);
    paintMask(c, frame, first, 0, 0, [255, 255, 255]);
    expect(Buffer.from(c.pixels).equals(painted)).toBe(true);
  });
});
