// The PNG rows' own deflate (generator/print/raster/deflate-rows.ts): whatever a canvas holds,
// zlib reads back exactly its rows (Adler-32 included, which zlib checks), whole or cropped; its
// Huffman codes are never longer than deflate allows, and always complete.
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { Canvas, type Frame } from '../../generator/print/raster/canvas.js';
import { codeLengths, deflateRows, deflateRowsPair } from '../../generator/print/raster/deflate-rows.js';
import { paintCard } from '../../generator/print/raster/paint-card.js';
import { filteredRows } from '../../generator/print/raster/png.js';
import type { DisplayList } from '../../generator/print/layout/display-list.js';

/** The rows of the frame with filter byte 0 before each: what the stream must hold. */
const rowsOf = filteredRows;

function roundTrips(c: Canvas, f: Frame = { left: 0, top: 0, width: c.width, height: c.height }): void {
  const back = inflateSync(deflateRows(c, f));
  expect(back.equals(rowsOf(c, f))).toBe(true);
}

/** Both frames of a pair, each read back whole, and each the same stream as deflating it alone gives the same rows. */
function pairRoundTrips(c: Canvas, outer: Frame, inner: Frame): void {
  const [o, i] = deflateRowsPair(c, outer, inner).map((z) => inflateSync(z));
  expect(o!.equals(rowsOf(c, outer))).toBe(true);
  expect(i!.equals(rowsOf(c, inner))).toBe(true);
}

/** A canvas painted pixel by pixel from a few colours, in runs, repeated rows and copies of the row above. */
function patterned(w: number, h: number, seed: number): Canvas {
  const c = new Canvas(w, h);
  let s = seed;
  const rand = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
  const colours = [
    [246, 240, 225],
    [134, 51, 201],
    [20, 20, 20],
    [246, 240, 226],
  ];
  for (let y = 0; y < h; y++) {
    const kind = rand(4);
    for (let x = 0; x < w; x++) {
      const at = (y * w + x) * 3;
      if (kind === 0 && y > 0) c.pixels.copyWithin(at, at - w * 3, at - w * 3 + 3);
      else if (kind === 1) c.pixels.set(colours[(x >> 3) % 4]!, at);
      else if (rand(5) === 0) c.pixels.set([rand(256), rand(256), rand(256)], at);
      else c.pixels.set(colours[rand(2)]!, at);
    }
  }
  return c;
}

describe('deflateRows', () => {
  it('gives back the rows of canvases of every kind: noise, one colour, one pixel wide, one row high', () => {
    const noise = new Canvas(37, 23);
    for (let i = 0; i < noise.pixels.length; i++) noise.pixels[i] = (i * 7919) % 251;
    roundTrips(noise);
    const flat = new Canvas(825, 40);
    flat.pixels.fill(200);
    roundTrips(flat);
    roundTrips(new Canvas(1, 50));
    roundTrips(patterned(1, 50, 3));
    roundTrips(patterned(300, 1, 4));
    roundTrips(patterned(5, 5, 5));
  });

  it('gives back rows of 10,000 pixels, where a long match to the row above takes more than 24 bits to say', () => {
    // Noise makes the bytes' codes short and the match lengths' codes long; a row 30,001 bytes
    // back takes 13 extra bits: such a match takes up to 48 bits, which the kernel writes whole.
    const w = 10_000;
    const c = new Canvas(w, 3);
    let s = 7;
    const rand = (n: number) => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s % n;
    };
    for (let i = 0; i < w * 3; i++) c.pixels[i] = rand(256);
    for (let x = 0; x < w; x++) {
      const at = (w + x) * 3;
      if (x % 80 < 3) c.pixels.set([rand(256), rand(256), rand(256)], at);
      else c.pixels.copyWithin(at, at - w * 3, at - w * 3 + 3);
    }
    c.pixels.copyWithin(2 * w * 3, w * 3, 2 * w * 3);
    for (let x = 0; x < w; x += 97) c.pixels[(2 * w + x) * 3] ^= 1;
    roundTrips(c);
    pairRoundTrips(c, { left: 0, top: 0, width: w, height: 3 }, { left: 1, top: 0, width: w - 2, height: 3 });
  });

  it('gives back any part of a canvas, at any offset (the MakePlayingCards crop)', () => {
    const c = patterned(120, 90, 11);
    roundTrips(c, { left: 1, top: 1, width: 117, height: 87 });
    roundTrips(c, { left: 0, top: 45, width: 120, height: 45 });
    roundTrips(c, { left: 119, top: 0, width: 1, height: 90 });
    roundTrips(c, { left: 13, top: 7, width: 50, height: 1 });
  });

  it('gives back random patterned canvases and crops (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.nat(),
        fc.nat(),
        (w, h, seed, l, t) => {
          const c = patterned(w, h, seed);
          const left = l % w;
          const top = t % h;
          roundTrips(c, { left, top, width: w - left, height: h - top });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives back both of a pair: a frame and one inside it, read once for both (the generic and MakePlayingCards PNGs)', () => {
    const c = patterned(120, 90, 17);
    const whole = { left: 0, top: 0, width: 120, height: 90 };
    pairRoundTrips(c, whole, { left: 1, top: 1, width: 117, height: 87 });
    pairRoundTrips(c, whole, whole);
    pairRoundTrips(c, whole, { left: 0, top: 0, width: 1, height: 1 });
    pairRoundTrips(c, { left: 5, top: 4, width: 100, height: 80 }, { left: 40, top: 30, width: 20, height: 50 });
    expect(() => deflateRowsPair(c, { left: 5, top: 5, width: 10, height: 10 }, whole)).toThrow();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1 << 30 }),
        fc.array(fc.nat({ max: 3 }), { minLength: 4, maxLength: 4 }),
        (w, h, seed, [l, t, r, b]) => {
          const c = patterned(w + l! + r!, h + t! + b!, seed);
          pairRoundTrips(c, { left: 0, top: 0, width: c.width, height: c.height }, { left: l!, top: t!, width: w, height: h });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives back a painted card, with long runs and long repeats of the row above', () => {
    const list: DisplayList = {
      width: 63.5,
      height: 88.9,
      bleed: 3.175,
      background: '#f6f0e1',
      items: [
        { kind: 'rect', x: -3.175, y: -3.175, w: 19, h: 95.25, fill: '#541b5f' },
        { kind: 'circle', cx: 9, cy: 12, r: 6.5, fill: '#f6f0e1', stroke: '#b8913a', line: 2 },
        { kind: 'rect', x: 22, y: 14, w: 34, h: 16, radius: 2, fill: '#e0d6d8', stroke: '#8f7fa0', line: 0.6 },
        { kind: 'line', x1: 25, y1: 50, x2: 55, y2: 50, stroke: '#70644f', line: 0.5 },
      ],
    };
    const c = new Canvas(825, 1125);
    paintCard(c, { left: 0, top: 0, width: 825, height: 1125 }, list, { x: -3.175, y: -3.175, w: 69.85, h: 95.25 }, new Map());
    roundTrips(c);
    roundTrips(c, { left: 1, top: 1, width: 822, height: 1122 });
    pairRoundTrips(c, { left: 0, top: 0, width: 825, height: 1125 }, { left: 1, top: 1, width: 822, height: 1122 });
  });

  it('never makes a code longer than deflate allows, and every code it makes is complete', () => {
    const kraft = (lens: Uint8Array) => [...lens].reduce((s, l) => s + (l ? 2 ** -l : 0), 0);
    // Fibonacci frequencies make the deepest optimal trees: 30 symbols would need 29 bits.
    const fib = new Uint32Array(30);
    fib[0] = 1;
    fib[1] = 1;
    for (let i = 2; i < 30; i++) fib[i] = fib[i - 1]! + fib[i - 2]!;
    const lens = codeLengths(fib, 15);
    expect(Math.max(...lens)).toBe(15);
    expect(kraft(lens)).toBe(1);
    // The two alphabets as deflate uses them: 286 symbols in 15 bits, the code-length code's 19 in 7.
    for (const [symbols, maxBits] of [
      [286, 15],
      [19, 7],
    ] as const)
      fc.assert(
        fc.property(fc.array(fc.oneof(fc.constant(0), fc.nat({ max: 1_000_000 }), fc.nat({ max: 3 })), { minLength: 2, maxLength: symbols }), (freqs) => {
          const f = Uint32Array.from(freqs);
          const l = codeLengths(f, maxBits);
          const used = freqs.filter((x) => x > 0).length;
          expect(Math.max(0, ...l)).toBeLessThanOrEqual(maxBits);
          if (used > 1) expect(kraft(l)).toBe(1);
          for (let i = 0; i < f.length; i++) expect(l[i]! > 0).toBe(f[i]! > 0);
        }),
        { numRuns: 300 },
      );
  });
});
