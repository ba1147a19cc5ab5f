// AssemblyScript, compiled to WebAssembly by scripts/compile-kernels.mjs (see kernels.as.ts).
//
// Painting a kept mask (mask.ts) onto a canvas: every glyph of every card goes through here.
// The sums give what coverage.ts's `blend` gives, so a pixel painted here is the pixel
// JavaScript would paint.

/**
 * `dst` moved toward `src` by the share A/255, rounded to the nearest level: coverage.ts's `blend`,
 * (dst + (src − dst)·A/255 + 0.5) rounded down, in whole numbers. Times 510 that is
 * dst·(510 − 2A) + 2A·src + 255, which never falls on a multiple of 510 exactly: so the floating
 * point sum never rounds across one, and the two agree for every dst, src and A (checked for all
 * of them in tests/print/raster-kernels.test.ts).
 *
 * The division is a multiplication: 8421505 is 2³² / 510 rounded up, and for every sum below 2¹⁸
 * (the largest is 260,355) the product's top half is the quotient exactly — the error, under
 * 5·10⁻⁵, is less than the 1/510 a quotient's fraction always leaves. With three divisions a
 * pixel, a print-shop card took 1.84–2.12 ms to paint; with this, 1.48–1.66 ms (raster-bench).
 */
function blend(dst: u32, keep: u32, add: u32): u8 {
  return <u8>((<u64>(dst * keep + add) * 8421505) >> 32);
}

/** Sets `n` pixels from `at` to the colour whose bytes repeat in `five` (r, g, b five times and r). */
function fillRun(at: usize, n: i32, five: v128, r: i32, g: i32, b: i32): void {
  // Five pixels a store (sixteen bytes: five pixels and the next one's first byte, which the
  // next store writes again), then the last few a byte at a time.
  const end = at + <usize>n * 3;
  while (at + 16 <= end) {
    v128.store(at, five);
    at += 15;
  }
  while (at < end) {
    store<u8>(at, <u8>r);
    store<u8>(at, <u8>g, 1);
    store<u8>(at, <u8>b, 2);
    at += 3;
  }
}

function fiveOf(r: i32, g: i32, b: i32): v128 {
  return i8x16(<i8>r, <i8>g, <i8>b, <i8>r, <i8>g, <i8>b, <i8>r, <i8>g, <i8>b, <i8>r, <i8>g, <i8>b, <i8>r, <i8>g, <i8>b, <i8>r);
}

/**
 * Paints the mask whose runs are at `spans` (`count` runs of four i32: row, first column, length,
 * and -1 for a covered run or the index of its first share at `alpha`) in the colour r, g, b,
 * moved by (dx, dy) whole pixels, onto the canvas at `px` (`width` pixels a row), inside the
 * frame from (left, top) to (right, bottom).
 */
export function paintMask(
  px: usize,
  width: i32,
  left: i32,
  top: i32,
  right: i32,
  bottom: i32,
  spans: usize,
  count: i32,
  alpha: usize,
  dx: i32,
  dy: i32,
  r: i32,
  g: i32,
  b: i32,
): void {
  const five = fiveOf(r, g, b);
  for (let i = 0; i < count; i++) {
    const run = spans + ((<usize>i) << 4);
    const y = load<i32>(run) + dy;
    if (y < top || y >= bottom) continue;
    const x0 = load<i32>(run, 4) + dx;
    const len = load<i32>(run, 8);
    const shares = load<i32>(run, 12);
    const from = x0 < left ? left : x0;
    const to = x0 + len > right ? right : x0 + len;
    if (to <= from) continue;
    let at = px + (<usize>y * <usize>width + <usize>from) * 3;
    if (shares < 0) {
      fillRun(at, to - from, five, r, g, b);
      continue;
    }
    let s = alpha + <usize>(shares + from - x0);
    for (let x = from; x < to; x++) {
      const a2 = (<u32>load<u8>(s)) << 1;
      const keep = 510 - a2;
      store<u8>(at, blend(load<u8>(at), keep, a2 * <u32>r + 255));
      store<u8>(at, blend(load<u8>(at, 1), keep, a2 * <u32>g + 255), 1);
      store<u8>(at, blend(load<u8>(at, 2), keep, a2 * <u32>b + 255), 2);
      at += 3;
      s++;
    }
  }
}
