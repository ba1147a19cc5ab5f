// A filled shape: outlines (moves, lines, quadratic and cubic curves) placed on the canvas by an
// affine transform, flattened to straight edges within a tenth of a pixel, then filled in one
// colour by the non-zero rule (coverage.ts). A shape may gather many outlines — all the glyphs
// of a run of text — and is filled once.
import { Coverage } from './coverage.js';
import type { Canvas, Frame } from './canvas.js';
import type { Mask } from './mask.js';

/** Outline operators as stored in an Outline: each followed by its coordinates. */
export const MOVE = 0;
export const LINE = 1;
export const QUAD = 2;
export const CUBIC = 3;
export const CLOSE = 4;

/** A path in its own units: operators and their coordinates, one flat list. */
export type Outline = Float64Array;

/** Curves are cut into edges no more than this far (pixels) from the true curve. */
const TOLERANCE = 0.1;

const coverage = new Coverage();

export class Shape {
  private edges = new Float64Array(4096);
  private count = 0;
  private minX = Infinity;
  private minY = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;
  // The transform from outline units to canvas pixels: x' = a x + c y + e, y' = b x + d y + f.
  private a = 1;
  private b = 0;
  private c = 0;
  private d = 1;
  private e = 0;
  private f = 0;
  private startX = 0;
  private startY = 0;
  private atX = 0;
  private atY = 0;
  private open = false;

  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    this.e = e;
    this.f = f;
    return this;
  }

  /** Adds an outline under the current transform. */
  trace(o: Outline): this {
    const { a, b, c, d, e, f } = this;
    const X = (x: number, y: number) => a * x + c * y + e;
    const Y = (x: number, y: number) => b * x + d * y + f;
    for (let i = 0; i < o.length; ) {
      const op = o[i]!;
      if (op === MOVE) {
        this.moveTo(X(o[i + 1]!, o[i + 2]!), Y(o[i + 1]!, o[i + 2]!));
        i += 3;
      } else if (op === LINE) {
        this.lineTo(X(o[i + 1]!, o[i + 2]!), Y(o[i + 1]!, o[i + 2]!));
        i += 3;
      } else if (op === QUAD) {
        this.quadTo(X(o[i + 1]!, o[i + 2]!), Y(o[i + 1]!, o[i + 2]!), X(o[i + 3]!, o[i + 4]!), Y(o[i + 3]!, o[i + 4]!));
        i += 5;
      } else if (op === CUBIC) {
        this.cubicTo(
          X(o[i + 1]!, o[i + 2]!),
          Y(o[i + 1]!, o[i + 2]!),
          X(o[i + 3]!, o[i + 4]!),
          Y(o[i + 3]!, o[i + 4]!),
          X(o[i + 5]!, o[i + 6]!),
          Y(o[i + 5]!, o[i + 6]!),
        );
        i += 7;
      } else {
        this.close();
        i += 1;
      }
    }
    return this;
  }

  // The drawing operators below take canvas pixels.

  moveTo(x: number, y: number): this {
    this.close();
    this.startX = this.atX = x;
    this.startY = this.atY = y;
    this.open = true;
    return this;
  }

  lineTo(x: number, y: number): this {
    this.push(this.atX, this.atY, x, y);
    this.atX = x;
    this.atY = y;
    return this;
  }

  quadTo(cx: number, cy: number, x: number, y: number): this {
    // n edges leave a quadratic at most |p0 − 2p1 + p2| / 4n² from the curve.
    const ddx = this.atX - 2 * cx + x;
    const ddy = this.atY - 2 * cy + y;
    const n = steps(Math.sqrt(ddx * ddx + ddy * ddy) / (4 * TOLERANCE));
    const x0 = this.atX;
    const y0 = this.atY;
    for (let k = 1; k < n; k++) {
      const t = k / n;
      const u = 1 - t;
      this.lineTo(u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y);
    }
    return this.lineTo(x, y);
  }

  cubicTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    // …and a cubic at most ¾ of its larger second difference / n².
    const d1 = Math.hypot(this.atX - 2 * c1x + c2x, this.atY - 2 * c1y + c2y);
    const d2 = Math.hypot(c1x - 2 * c2x + x, c1y - 2 * c2y + y);
    const n = steps((0.75 * Math.max(d1, d2)) / TOLERANCE);
    const x0 = this.atX;
    const y0 = this.atY;
    for (let k = 1; k < n; k++) {
      const t = k / n;
      const u = 1 - t;
      const p = u * u * u;
      const q = 3 * u * u * t;
      const r = 3 * u * t * t;
      const s = t * t * t;
      this.lineTo(p * x0 + q * c1x + r * c2x + s * x, p * y0 + q * c1y + r * c2y + s * y);
    }
    return this.lineTo(x, y);
  }

  close(): this {
    if (this.open && (this.atX !== this.startX || this.atY !== this.startY)) this.push(this.atX, this.atY, this.startX, this.startY);
    this.atX = this.startX;
    this.atY = this.startY;
    this.open = false;
    return this;
  }

  /** Fills everything traced so far onto the canvas, inside the frame, and empties the shape. */
  fill(canvas: Canvas, frame: Frame, rgb: readonly [number, number, number]): void {
    this.close();
    const x0 = Math.max(frame.left, Math.floor(this.minX));
    const y0 = Math.max(frame.top, Math.floor(this.minY));
    const x1 = Math.min(frame.left + frame.width, Math.ceil(this.maxX));
    const y1 = Math.min(frame.top + frame.height, Math.ceil(this.maxY));
    if (this.count > 0 && x1 > x0 && y1 > y0) {
      coverage.begin(x0, y0, x1 - x0, y1 - y0);
      const e = this.edges;
      for (let i = 0; i < this.count; i += 4) coverage.edge(e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!);
      coverage.paint(canvas, rgb);
    }
    this.count = 0;
    this.minX = this.minY = Infinity;
    this.maxX = this.maxY = -Infinity;
  }

  /** Everything traced so far as a mask (not clipped to any frame), and empties the shape. */
  mask(): Mask {
    this.close();
    let mask: Mask = { spans: new Int32Array(0), alpha: new Uint8Array(0) };
    if (this.count > 0) {
      const x0 = Math.floor(this.minX);
      const y0 = Math.floor(this.minY);
      coverage.begin(x0, y0, Math.ceil(this.maxX) - x0, Math.ceil(this.maxY) - y0);
      const e = this.edges;
      for (let i = 0; i < this.count; i += 4) coverage.edge(e[i]!, e[i + 1]!, e[i + 2]!, e[i + 3]!);
      mask = coverage.mask();
    }
    this.count = 0;
    this.minX = this.minY = Infinity;
    this.maxX = this.maxY = -Infinity;
    return mask;
  }

  private push(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by) return; // a level edge covers no area
    if (this.count + 4 > this.edges.length) {
      const grown = new Float64Array(this.edges.length * 2);
      grown.set(this.edges);
      this.edges = grown;
    }
    const e = this.edges;
    e[this.count++] = ax;
    e[this.count++] = ay;
    e[this.count++] = bx;
    e[this.count++] = by;
    if (ax < this.minX) this.minX = ax;
    if (bx < this.minX) this.minX = bx;
    if (ax > this.maxX) this.maxX = ax;
    if (bx > this.maxX) this.maxX = bx;
    if (ay < this.minY) this.minY = ay;
    if (by < this.minY) this.minY = by;
    if (ay > this.maxY) this.maxY = ay;
    if (by > this.maxY) this.maxY = by;
  }
}

function steps(n: number): number {
  return Math.max(1, Math.min(64, Math.ceil(Math.sqrt(n))));
}
