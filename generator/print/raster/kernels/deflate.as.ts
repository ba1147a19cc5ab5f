// AssemblyScript, compiled to WebAssembly by scripts/compile-kernels.mjs (see kernels.as.ts).
//
// The two loops of deflate-rows.ts that every byte of a print-shop PNG passes through: saying a
// card's rows as deflate symbols (`scanCrop`, `scanOuter`) and writing those symbols' bits
// (`emitSymbols`). They do here what they did in JavaScript, symbol for symbol — the same runs,
// spans of the row above, literal bytes and repeated rows — in about a third of the time: a pixel
// is read as one 32-bit word instead of three bytes, a run is followed sixteen bytes at a time,
// a row is compared with the row above sixteen bytes at a time, and the bits are gathered 64 at
// a time. The Huffman codes are still fitted in JavaScript (deflate-rows.ts), from the counts
// `countSymbols` makes.
//
// Symbols are 16-bit: a byte 0…255, or 256 + 2·length + k for a match of 3…258 bytes, k = 0 the
// pixel to the left (3 bytes back) and k = 1 the row above (a row back). Every pointer is a byte
// address in this module's memory, which deflate-rows.ts lays out (kernels.ts).

/** A pixel that repeats the pixel to its left this many times ends a span of the row above. */
const RUN_BREAK: i32 = 8;
const ADLER: u64 = 65521;

/** The sums of the bytes the last scan read: added up, and each weighted by its place from the end. */
let sumA: u64 = 0;
let sumB: u64 = 0;

/** The pixel at p as one number (its three bytes; the byte after it is masked off). */
function pix(p: usize): u32 {
  return load<u32>(p) & 0xffffff;
}

/** Whether the `len` bytes at a and at b are the same. */
function same(a: usize, b: usize, len: usize): bool {
  let i: usize = 0;
  while (i + 16 <= len) {
    if (i8x16.bitmask(i8x16.eq(v128.load(a + i), v128.load(b + i))) !== 0xffff) return false;
    i += 16;
  }
  while (i < len) {
    if (load<u8>(a + i) !== load<u8>(b + i)) return false;
    i++;
  }
  return true;
}

/** Adds a match of `len` bytes (k: 0 the pixel to the left, 1 the row above), cut into pieces of 3…258. Returns the new count. */
function addMatch(S: usize, n: i32, len: i32, k: i32): i32 {
  let left = len;
  while (left > 0) {
    let l = left > 258 ? 258 : left;
    if (left - l > 0 && left - l < 3) l = left - 3;
    store<u16>(S + ((<usize>n) << 1), <u16>(256 + 2 * l + k));
    n++;
    left -= l;
  }
  return n;
}

/**
 * Says the pixels from `start` to `end` as symbols from S[n0]: runs of the pixel to the left
 * (where `leftKnown`, or after the first pixel), spans of the row above (where `above`), literal
 * bytes; leaves their sums in sumA and sumB (a run's in closed form). Returns the new count.
 */
function scanRow(start: usize, end: usize, stride: usize, above: bool, leftKnown: bool, S: usize, n0: i32): i32 {
  let n = n0;
  let ra: u64 = 0;
  let rb: u64 = 0;
  let weight = <i64>(end - start);
  let p = start;
  let prev: u32 = leftKnown ? pix(p - 3) : 0xffffffff;
  while (p < end) {
    const c = pix(p);
    if (c === prev) {
      // The run goes on while each byte repeats the byte three back, sixteen at a time.
      let q = p;
      while (true) {
        const m = i8x16.bitmask(i8x16.eq(v128.load(q), v128.load(q - 3)));
        if (m !== 0xffff) {
          q += <usize>ctz(~m & 0xffff);
          break;
        }
        q += 16;
        if (q >= end) break;
      }
      if (q > end) q = end;
      q = p + ((q - p) / 3) * 3;
      const len = <i64>(q - p);
      const m = len / 3;
      const r = <i64>(c & 255);
      const g = <i64>((c >> 8) & 255);
      const b = <i64>(c >> 16);
      ra += <u64>(m * (r + g + b));
      const w = m * weight - (3 * m * (m - 1)) / 2;
      rb += <u64>(r * w + g * (w - m) + b * (w - 2 * m));
      weight -= len;
      n = addMatch(S, n, <i32>len, 0);
      p = q;
      continue;
    }
    if (above && c === pix(p - stride)) {
      let q = p + 3;
      let repeats = 0;
      while (q < end) {
        const d = pix(q);
        if (d !== pix(q - stride)) break;
        if (d === pix(q - 3)) {
          if (++repeats >= RUN_BREAK) {
            q -= 3 * (RUN_BREAK - 1);
            break;
          }
        } else repeats = 0;
        q += 3;
      }
      for (let i = p; i < q; i++) {
        const v = <u64>load<u8>(i);
        ra += v;
        rb += <u64>weight * v;
        weight--;
      }
      n = addMatch(S, n, <i32>(q - p), 1);
      prev = pix(q - 3);
      p = q;
      continue;
    }
    const r = c & 255;
    const g = (c >> 8) & 255;
    const b = c >> 16;
    // Three literal symbols in one store (the fourth is written over next).
    store<u64>(S + ((<usize>n) << 1), <u64>r | ((<u64>g) << 16) | ((<u64>b) << 32));
    n += 3;
    ra += <u64>(r + g + b);
    rb += <u64>(weight * <i64>r + (weight - 1) * <i64>g + (weight - 2) * <i64>b);
    weight -= 3;
    prev = c;
    p += 3;
  }
  sumA = ra;
  sumB = rb;
  return n;
}

/** The Adler-32 sums of the stream so far, and the last row's sums (for a row that repeats it). */
let adA: u64 = 1;
let adB: u64 = 0;
let lastA: u64 = 0;
let lastB: u64 = 0;

function rowDone(rowLen: u64, a: u64, b: u64): void {
  adB = (adB + rowLen * adA + b) % ADLER;
  adA = (adA + a) % ADLER;
  lastA = a;
  lastB = b;
}

/** The Adler-32 of the last stream scanned. */
export function adler(): u32 {
  return <u32>((adB << 16) | adA);
}

/**
 * The rows of a crop of the canvas at `px` (`stride` bytes a row) as symbols at S, each row
 * after its filter byte (0): `w` × `h` pixels from byte `first`. When `rowStarts` is not 0, it
 * keeps where each row's symbols start (i32, h + 1 of them), `repeats` whether each row repeats
 * the row above (u8), and `sums` each row's two sums (u64 pairs): scanOuter reads them. Returns
 * the number of symbols; adler() gives the stream's check.
 */
export function scanCrop(first: usize, stride: usize, w: i32, h: i32, S: usize, rowStarts: usize, repeats: usize, sums: usize): i32 {
  const rowBytes = <usize>w * 3;
  const rowLen = <u64>rowBytes + 1;
  adA = 1;
  adB = 0;
  let n = 0;
  for (let y = 0; y < h; y++) {
    const start = first + <usize>y * stride;
    if (rowStarts !== 0) store<i32>(rowStarts + ((<usize>y) << 2), n);
    const again = y > 0 && same(start - stride, start, rowBytes);
    if (again) {
      n = addMatch(S, n, <i32>rowLen, 1);
      rowDone(rowLen, lastA, lastB);
    } else {
      store<u16>(S + ((<usize>n) << 1), 0);
      n = scanRow(start, start + rowBytes, stride, y > 0, false, S, n + 1);
      rowDone(rowLen, sumA % ADLER, sumB % ADLER);
    }
    if (rowStarts !== 0) {
      store<u8>(repeats + <usize>y, again ? 1 : 0);
      store<u64>(sums + ((<usize>y) << 4), lastA);
      store<u64>(sums + ((<usize>y) << 4) + 8, lastB);
    }
  }
  if (rowStarts !== 0) store<i32>(rowStarts + ((<usize>h) << 2), n);
  return n;
}

/**
 * The rows of an outer crop whose inner crop `scanCrop` said last (with its row records at
 * rowStarts, repeats and sums, and its symbols at SI): each outer row is the inner row's symbols
 * with the border pixels' before and after, so the card is read once for both. The outer crop is
 * `w` × `h` pixels from byte `first`; the inner one lies `dl` pixels in and `dt` rows down, `iw`
 * × `ih` pixels. Returns the number of symbols at SO; adler() gives the outer stream's check.
 */
export function scanOuter(
  first: usize,
  stride: usize,
  w: i32,
  h: i32,
  dl: i32,
  dt: i32,
  iw: i32,
  ih: i32,
  SI: usize,
  SO: usize,
  rowStarts: usize,
  repeats: usize,
  sums: usize,
): i32 {
  const outerBytes = <usize>w * 3;
  const innerBytes = <usize>iw * 3;
  const rowLen = <u64>outerBytes + 1;
  adA = 1;
  adB = 0;
  let n = 0;
  for (let y = 0; y < h; y++) {
    const start = first + <usize>y * stride;
    const end = start + outerBytes;
    if (y > 0 && same(start - stride, start, outerBytes)) {
      n = addMatch(SO, n, <i32>rowLen, 1);
      rowDone(rowLen, lastA, lastB);
      continue;
    }
    store<u16>(SO + ((<usize>n) << 1), 0);
    n++;
    const iy = y - dt;
    if (iy < 0 || iy >= ih) {
      n = scanRow(start, end, stride, y > 0, false, SO, n);
      rowDone(rowLen, sumA % ADLER, sumB % ADLER);
      continue;
    }
    // The left border, the inner row as it was said, the right border; their sums joined.
    const bodyStart = start + <usize>dl * 3;
    const bodyEnd = bodyStart + innerBytes;
    n = scanRow(start, bodyStart, stride, y > 0, false, SO, n);
    let a = sumA;
    let b = sumB;
    if (load<u8>(repeats + <usize>iy)) {
      // A repeated inner row is said as the row above, which the outer row above holds too.
      n = addMatch(SO, n, <i32>innerBytes, 1);
    } else {
      const from = load<i32>(rowStarts + ((<usize>iy) << 2)) + 1; // after its filter byte
      const to = load<i32>(rowStarts + ((<usize>(iy + 1)) << 2));
      memory.copy(SO + ((<usize>n) << 1), SI + ((<usize>from) << 1), (<usize>(to - from)) << 1);
      n += to - from;
    }
    b = b + <u64>innerBytes * a + load<u64>(sums + ((<usize>iy) << 4) + 8);
    a = a + load<u64>(sums + ((<usize>iy) << 4));
    n = scanRow(bodyEnd, end, stride, y > 0, true, SO, n);
    b = b + <u64>(end - bodyEnd) * a + sumB;
    a = a + sumA;
    rowDone(rowLen, a % ADLER, b % ADLER);
  }
  return n;
}

/** Counts each symbol of S[0…n) into `uses` (u32 a symbol, 774 of them, zeroed here first). */
export function countSymbols(S: usize, n: i32, uses: usize): void {
  memory.fill(uses, 0, 774 << 2);
  for (let i = 0; i < n; i++) {
    const at = uses + ((<usize>load<u16>(S + ((<usize>i) << 1))) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
}

/** The bits still waiting after emitSymbols (fewer than 8), and how many. */
let restBits: u64 = 0;
let restCount: i32 = 0;

export function pendingBits(): u32 {
  return <u32>restBits;
}

export function pendingCount(): i32 {
  return restCount;
}

/**
 * Writes the bits of S[0…n) at byte `at` of `out`, least significant first, after `nb0` bits
 * `acc0` already waiting: each symbol's code is `codes` (u64 a symbol: its length code or byte
 * code, with any extra bits and distance code, as one) of `lens` (u8) bits — at most 48, so with
 * at most 7 waiting it fits in one 64-bit store. Returns where the next byte goes; the bits left
 * over are pendingBits().
 */
export function emitSymbols(S: usize, n: i32, out: usize, at: usize, acc0: u32, nb0: i32, codes: usize, lens: usize): usize {
  let acc = <u64>acc0;
  let nb = <u64>nb0;
  let o = out + at;
  for (let i = 0; i < n; i++) {
    const v = <usize>load<u16>(S + ((<usize>i) << 1));
    acc |= load<u64>(codes + (v << 3)) << nb;
    nb += <u64>load<u8>(lens + v);
    store<u64>(o, acc);
    const whole = nb >> 3;
    o += <usize>whole;
    acc >>= whole << 3;
    nb &= 7;
  }
  restBits = acc;
  restCount = <i32>nb;
  return o - out;
}
