// How much of each pixel a filled outline covers, exactly, from its edges alone: the signed-area
// accumulation of Raph Levien's font-rs. Each edge adds, to the cells it crosses, the area it
// leaves on its right; a running sum along each row then gives every pixel's coverage, inside
// included, without ever deciding what is "inside". Summing signed areas is the non-zero rule
// (what PDF and SVG fill with): contours wound the same way add up and are clamped to full,
// contours wound against them (the counter of an "o") cancel.
//
// One window (a shape's pixel bounds, clipped to the canvas) is accumulated at a time; edges
// are given in canvas pixels and cut to the window here.
import type { Canvas } from './canvas.js';
import type { Mask } from './mask.js';

export class Coverage {
  private acc = new Float32Array(0);
  /** The window, in canvas pixels; `stride` is its row length in the buffer (two spare cells). */
  private x0 = 0;
  private y0 = 0;
  private w = 0;
  private h = 0;
  private stride = 0;

  /** Starts a shape whose edges lie in the canvas window (x0, y0, w, h). */
  begin(x0: number, y0: number, w: number, h: number): void {
    this.x0 = x0;
    this.y0 = y0;
    this.w = w;
    this.h = h;
    this.stride = w + 2;
    const need = this.stride * h;
    // The buffer is left zeroed by `paint`, so it is only ever cleared when it grows.
    if (this.acc.length < need) this.acc = new Float32Array(Math.max(need, this.acc.length * 2));
  }

  /** An edge from (ax, ay) to (bx, by), canvas pixels; its parts beyond the window's sides count at the side. */
  edge(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by) return;
    const left = this.x0;
    const right = this.x0 + this.w;
    if (ax >= left && ax <= right && bx >= left && bx <= right) {
      this.accumulate(ax - left, ay - this.y0, bx - left, by - this.y0);
      return;
    }
    // Cut where the edge crosses a side; a piece outside lies along that side (for the non-zero
    // sum, an edge left of the window covers all of every row it crosses, like one at its side).
    const cuts = [0, 1];
    if (ax !== bx) {
      for (const x of [left, right]) {
        const t = (x - ax) / (bx - ax);
        if (t > 0 && t < 1) cuts.push(t);
      }
    }
    cuts.sort((p, q) => p - q);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const t0 = cuts[i]!;
      const t1 = cuts[i + 1]!;
      const clamp = (x: number) => (x < left ? left : x > right ? right : x);
      this.accumulate(clamp(ax + (bx - ax) * t0) - left, ay + (by - ay) * t0 - this.y0, clamp(ax + (bx - ax) * t1) - left, ay + (by - ay) * t1 - this.y0);
    }
  }

  /** font-rs's draw_line, in window coordinates (0 ≤ x ≤ w); rows outside the window are skipped. */
  private accumulate(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by) return;
    const acc = this.acc;
    const stride = this.stride;
    let dir = 1;
    let x0 = ax;
    let y0 = ay;
    let x1 = bx;
    let y1 = by;
    if (ay > by) {
      dir = -1;
      x0 = bx;
      y0 = by;
      x1 = ax;
      y1 = ay;
    }
    const dxdy = (x1 - x0) / (y1 - y0);
    let x = x0;
    let yStart = Math.floor(y0);
    if (y0 < 0) {
      x -= y0 * dxdy;
      yStart = 0;
    }
    const yEnd = Math.min(this.h, Math.ceil(y1));
    for (let y = yStart; y < yEnd; y++) {
      const row = y * stride;
      const dy = Math.min(y + 1, y1) - Math.max(y, y0);
      const xNext = x + dxdy * dy;
      const d = dy * dir;
      const lo = x < xNext ? x : xNext;
      const hi = x < xNext ? xNext : x;
      const loFloor = Math.floor(lo);
      const loI = loFloor;
      const hiCeil = Math.ceil(hi);
      const hiI = hiCeil;
      if (hiI <= loI + 1) {
        const xmf = 0.5 * (x + xNext) - loFloor;
        acc[row + loI] += d - d * xmf;
        acc[row + loI + 1] += d * xmf;
      } else {
        const s = 1 / (hi - lo);
        const loF = lo - loFloor;
        const a0 = 0.5 * s * (1 - loF) * (1 - loF);
        const hiF = hi - hiCeil + 1;
        const am = 0.5 * s * hiF * hiF;
        acc[row + loI] += d * a0;
        if (hiI === loI + 2) acc[row + loI + 1] += d * (1 - a0 - am);
        else {
          const a1 = s * (1.5 - loF);
          acc[row + loI + 1] += d * (a1 - a0);
          for (let xi = loI + 2; xi < hiI - 1; xi++) acc[row + xi] += d * s;
          const a2 = a1 + (hiI - loI - 3) * s;
          acc[row + hiI - 1] += d * (1 - a2 - am);
        }
        acc[row + hiI] += d * am;
      }
      x = xNext;
    }
  }

  /** Sums the rows into coverage, blends `rgb` onto the canvas by it, and clears the window. */
  paint(canvas: Canvas, rgb: readonly [number, number, number]): void {
    const acc = this.acc;
    const px = canvas.pixels;
    const [r, g, b] = rgb;
    for (let y = 0; y < this.h; y++) {
      const row = y * this.stride;
      let at = ((this.y0 + y) * canvas.width + this.x0) * 3;
      let sum = 0;
      for (let x = 0; x < this.w; x++, at += 3) {
        sum += acc[row + x]!;
        acc[row + x] = 0;
        let a = sum < 0 ? -sum : sum;
        if (a < 0.002) continue;
        if (a >= 0.998) {
          px[at] = r;
          px[at + 1] = g;
          px[at + 2] = b;
          continue;
        }
        if (a > 1) a = 1;
        px[at] = blend(px[at]!, r, a);
        px[at + 1] = blend(px[at + 1]!, g, a);
        px[at + 2] = blend(px[at + 2]!, b, a);
      }
      acc[row + this.w] = 0;
      acc[row + this.w + 1] = 0;
    }
  }

  /** Sums the rows into coverage kept as a mask (runs of covered pixels), and clears the window. */
  mask(): Mask {
    const acc = this.acc;
    const spans: number[] = [];
    const alpha: number[] = [];
    for (let y = 0; y < this.h; y++) {
      const row = y * this.stride;
      let sum = 0;
      // The run being gathered: 0 none, 1 full, 2 partly covered pixels.
      let kind = 0;
      let from = 0;
      let first = 0;
      const close = (x: number) => {
        if (kind !== 0) spans.push(this.y0 + y, this.x0 + from, x - from, kind === 1 ? -1 : first);
      };
      for (let x = 0; x < this.w; x++) {
        sum += acc[row + x]!;
        acc[row + x] = 0;
        const a = sum < 0 ? -sum : sum;
        const k = a < 0.002 ? 0 : a >= 0.998 ? 1 : 2;
        if (k !== kind) {
          close(x);
          kind = k;
          from = x;
          first = alpha.length;
        }
        if (k === 2) alpha.push(Math.round((a > 1 ? 1 : a) * 255));
      }
      close(this.w);
      acc[row + this.w] = 0;
      acc[row + this.w + 1] = 0;
    }
    return { spans: Int32Array.from(spans), alpha: Uint8Array.from(alpha) };
  }
}

/** `dst` moved toward `src` by the share `a`, rounded to the nearest level. */
export function blend(dst: number, src: number, a: number): number {
  return (dst + (src - dst) * a + 0.5) | 0;
}
