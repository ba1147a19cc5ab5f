// The zlib stream of a PNG's rows (RFC 1950/1951; every row with filter 0), written from what a
// painted card is made of rather than searched for. Nearly half of a card's rows repeat the row
// above (the gaps between lines of type), and the rest are long runs of one colour broken by the
// anti-aliased edges of letters and shapes. So each row is said as: the whole row above again,
// or a sequence of runs of the pixel to the left, spans of the pixels above, and literal bytes —
// in one block, with Huffman codes fitted to the card. zlib's level 1 searched a hash table for
// the same repeats at every byte and copied every row first; this is about twice as fast on a
// card for 5–10 % more bytes (tests/bench/png-bench.mjs; 20,000 PNGs are half of a 10,000-card
// build's work). Any reader of zlib streams reads it: the tests inflate it with zlib itself.
import type { Canvas, Frame } from './canvas.js';

// Deflate's length codes 257…285 (their base lengths and extra bits) and distance codes 0…29.
const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order the code-length code's lengths are written in (RFC 1951, 3.2.7). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Each match length's code (0…28, for 257 + code). */
const LCODE = new Uint8Array(259);
for (let c = 0; c < 29; c++) for (let l = LBASE[c]!; l < (c < 28 ? LBASE[c + 1]! : 259); l++) LCODE[l] = c;

function distanceCode(d: number): number {
  let c = 29;
  while (DBASE[c]! > d) c--;
  return c;
}

/** The farthest back a match may reach: rows longer than this are deflated by zlib instead (png.ts). */
export const MAX_ROW_BYTES = 32_768;

/** A pixel that repeats the pixel to its left this many times ends a span of the row above: a run says it in fewer bits. */
const RUN_BREAK = 8;
const ADLER = 65521;
/** Symbols: bytes, and matches of 3…258 bytes two ways. */
const SYMBOLS = 256 + 2 * 259;

/**
 * A zlib stream being made: its symbols — a byte (0…255), or a match of length l as 256 + 2l + k,
 * k = 0 for the pixel to the left (distance 3) and 1 for the row above (distance: a row) — and
 * the Adler-32 sums of its bytes so far. The memory is kept from card to card.
 */
class Stream {
  symbols = new Uint16Array(0);
  n = 0;
  rowLen = 0;
  private a = 1;
  private b = 0;
  /** The Adler sums of the last row's pixel bytes, for a row that repeats it. */
  lastA = 0;
  lastB = 0;

  begin(rowLen: number, rows: number): void {
    if (rowLen > MAX_ROW_BYTES) throw new Error(`rows of ${rowLen} bytes are too long to be deflated here`);
    if (this.symbols.length < rowLen * rows + 16) this.symbols = new Uint16Array(rowLen * rows + 16);
    this.n = 0;
    this.rowLen = rowLen;
    this.a = 1;
    this.b = 0;
  }

  /** A row is done whose pixel bytes add up to `sumA` (and `sumB`, each weighted by its place from the row's end). */
  row(sumA: number, sumB: number): void {
    this.b = (this.b + this.rowLen * this.a + sumB) % ADLER;
    this.a = (this.a + sumA) % ADLER;
    this.lastA = sumA;
    this.lastB = sumB;
  }

  /** The same row as the one above it: one match a row long. */
  repeatRow(): void {
    this.n = match(this.symbols, this.n, this.rowLen, 1);
    this.row(this.lastA, this.lastB);
  }

  get adler(): number {
    return ((this.b << 16) | this.a) >>> 0;
  }
}

const single = new Stream();
const outer = new Stream();
const inner = new Stream();
const outBuffers = [new Uint8Array(0), new Uint8Array(0)];

/** The rows of `crop` as one zlib stream, each row preceded by filter byte 0: a view of memory the next call reuses. */
export function deflateRows(canvas: Canvas, crop: Frame): Uint8Array {
  const s = single;
  s.begin(crop.width * 3 + 1, crop.height);
  const view = viewOf(canvas);
  const stride = canvas.width * 3;
  const rowBytes = crop.width * 3;
  for (let y = 0; y < crop.height; y++) {
    const start = (crop.top + y) * stride + crop.left * 3;
    if (y > 0 && view.bytes.compare(view.bytes, start - stride, start - stride + rowBytes, start, start + rowBytes) === 0) {
      s.repeatRow();
      continue;
    }
    s.symbols[s.n++] = 0; // the row's filter byte
    s.n = scanRow(view, start, start + rowBytes, stride, y > 0, false, s.symbols, s.n);
    s.row(sumA % ADLER, sumB % ADLER);
  }
  return encode(s, 0);
}

/**
 * Two PNGs' rows from one canvas: `outer`, and `inner` inside it (MakePlayingCards' crop of the
 * generic card: a pixel or two less on each side). The inner rows are worked out once; each outer
 * row is the inner row's symbols with the border pixels' before and after it, so the card is
 * read once for both. Views of memory the next call reuses.
 */
export function deflateRowsPair(canvas: Canvas, outerFrame: Frame, innerFrame: Frame): [Uint8Array, Uint8Array] {
  const dl = innerFrame.left - outerFrame.left;
  const dt = innerFrame.top - outerFrame.top;
  const dr = outerFrame.left + outerFrame.width - (innerFrame.left + innerFrame.width);
  const db = outerFrame.top + outerFrame.height - (innerFrame.top + innerFrame.height);
  if (dl < 0 || dt < 0 || dr < 0 || db < 0) throw new Error('the inner frame must lie inside the outer one');
  const view = viewOf(canvas);
  const stride = canvas.width * 3;
  const o = outer;
  const i = inner;
  const innerBytes = innerFrame.width * 3;
  const outerBytes = outerFrame.width * 3;
  i.begin(innerBytes + 1, innerFrame.height);
  o.begin(outerBytes + 1, outerFrame.height);
  // Where each inner row's symbols start, whether it repeats the row above, and its sums.
  if (rowStarts.length < innerFrame.height + 1) {
    rowStarts = new Int32Array(innerFrame.height + 1);
    rowRepeats = new Uint8Array(innerFrame.height);
    innerA = new Float64Array(innerFrame.height);
    innerB = new Float64Array(innerFrame.height);
  }
  for (let y = 0; y < innerFrame.height; y++) {
    const start = (innerFrame.top + y) * stride + innerFrame.left * 3;
    rowStarts[y] = i.n;
    rowRepeats[y] = 0;
    if (y > 0 && view.bytes.compare(view.bytes, start - stride, start - stride + innerBytes, start, start + innerBytes) === 0) {
      rowRepeats[y] = 1;
      i.repeatRow();
    } else {
      i.symbols[i.n++] = 0;
      i.n = scanRow(view, start, start + innerBytes, stride, y > 0, false, i.symbols, i.n);
      i.row(sumA % ADLER, sumB % ADLER);
    }
    innerA[y] = i.lastA;
    innerB[y] = i.lastB;
  }
  rowStarts[innerFrame.height] = i.n;
  for (let y = 0; y < outerFrame.height; y++) {
    const start = (outerFrame.top + y) * stride + outerFrame.left * 3;
    const end = start + outerBytes;
    if (y > 0 && view.bytes.compare(view.bytes, start - stride, end - stride, start, end) === 0) {
      o.repeatRow();
      continue;
    }
    o.symbols[o.n++] = 0;
    const iy = y - dt;
    if (iy < 0 || iy >= innerFrame.height) {
      o.n = scanRow(view, start, end, stride, y > 0, false, o.symbols, o.n);
      o.row(sumA % ADLER, sumB % ADLER);
      continue;
    }
    // The left border, the inner row as it was said, the right border; their sums joined.
    const bodyStart = start + dl * 3;
    const bodyEnd = bodyStart + innerBytes;
    o.n = scanRow(view, start, bodyStart, stride, y > 0, false, o.symbols, o.n);
    let a = sumA;
    let b = sumB;
    if (rowRepeats[iy]) {
      // A repeated inner row is said as the row above, which the outer row above holds too.
      o.n = match(o.symbols, o.n, innerBytes, 1);
    } else {
      const from = rowStarts[iy]! + 1; // after its filter byte
      const to = rowStarts[iy + 1]!;
      o.symbols.set(i.symbols.subarray(from, to), o.n);
      o.n += to - from;
    }
    b = b + innerBytes * a + innerB[iy]!;
    a = a + innerA[iy]!;
    o.n = scanRow(view, bodyEnd, end, stride, y > 0, true, o.symbols, o.n);
    b = b + (end - bodyEnd) * a + sumB;
    a = a + sumA;
    o.row(a % ADLER, b % ADLER);
  }
  return [encode(o, 0), encode(i, 1)];
}

let rowStarts = new Int32Array(0);
let rowRepeats = new Uint8Array(0);
/** The inner rows' sums, kept by row for the outer rows that use them. */
let innerA = new Float64Array(0);
let innerB = new Float64Array(0);

interface View {
  px: Uint8Array;
  words: Uint32Array;
  bytes: Buffer;
}

function viewOf(canvas: Canvas): View {
  const px = canvas.pixels;
  if (px.byteOffset % 4 !== 0) throw new Error('a canvas to deflate must start on a 4-byte boundary');
  // Runs are followed four pixels (three 32-bit words) at a time where they are long.
  return { px, words: new Uint32Array(px.buffer, px.byteOffset, px.length >> 2), bytes: Buffer.from(px.buffer, px.byteOffset, px.length) };
}

/** The sums of the bytes `scanRow` read last: added up, and each weighted by its place from the end. */
let sumA = 0;
let sumB = 0;

/**
 * Says the pixels from `start` to `end` as symbols: runs of the pixel to the left (where `leftKnown`
 * or after the first pixel), spans of the row above (where `above`), literal bytes; leaves their
 * Adler sums in sumA and sumB (a run's in closed form). Returns the new symbol count.
 */
function scanRow(view: View, start: number, end: number, stride: number, above: boolean, leftKnown: boolean, S: Uint16Array, n0: number): number {
  const px = view.px;
  const words = view.words;
  let n = n0;
  let ra = 0;
  let rb = 0;
  let weight = end - start;
  let p = start;
  let pr = leftKnown ? px[p - 3]! : -1;
  let pg = leftKnown ? px[p - 2]! : -1;
  let pb = leftKnown ? px[p - 1]! : -1;
  while (p < end) {
    const r = px[p]!;
    const g = px[p + 1]!;
    const bl = px[p + 2]!;
    if (r === pr && g === pg && bl === pb) {
      let q = p + 3;
      while (q < end && q % 12 !== 0 && px[q] === r && px[q + 1] === g && px[q + 2] === bl) q += 3;
      if (q % 12 === 0 && q + 12 <= end) {
        // Four pixels of this colour are these three words (little-endian, as typed arrays are here).
        const w0 = (r | (g << 8) | (bl << 16) | (r << 24)) >>> 0;
        const w1 = (g | (bl << 8) | (r << 16) | (g << 24)) >>> 0;
        const w2 = (bl | (r << 8) | (g << 16) | (bl << 24)) >>> 0;
        let k = q >> 2;
        const last = (end >> 2) - 2;
        while (k < last && words[k] === w0 && words[k + 1] === w1 && words[k + 2] === w2) k += 3;
        q = k << 2;
        while (q < end && px[q] === r && px[q + 1] === g && px[q + 2] === bl) q += 3;
      }
      const len = q - p;
      const m = len / 3;
      ra += m * (r + g + bl);
      const w = m * weight - (3 * m * (m - 1)) / 2;
      rb += r * w + g * (w - m) + bl * (w - 2 * m);
      weight -= len;
      n = match(S, n, len, 0);
      p = q;
      continue;
    }
    if (above && r === px[p - stride] && g === px[p + 1 - stride] && bl === px[p + 2 - stride]) {
      let q = p + 3;
      let repeats = 0;
      while (q < end && px[q] === px[q - stride] && px[q + 1] === px[q + 1 - stride] && px[q + 2] === px[q + 2 - stride]) {
        if (px[q] === px[q - 3] && px[q + 1] === px[q - 2] && px[q + 2] === px[q - 1]) {
          if (++repeats >= RUN_BREAK) {
            q -= 3 * (RUN_BREAK - 1);
            break;
          }
        } else repeats = 0;
        q += 3;
      }
      for (let i = p; i < q; i++) {
        const v = px[i]!;
        ra += v;
        rb += weight * v;
        weight--;
      }
      n = match(S, n, q - p, 1);
      pr = px[q - 3]!;
      pg = px[q - 2]!;
      pb = px[q - 1]!;
      p = q;
      continue;
    }
    S[n++] = r;
    S[n++] = g;
    S[n++] = bl;
    ra += r + g + bl;
    rb += weight * r + (weight - 1) * g + (weight - 2) * bl;
    weight -= 3;
    pr = r;
    pg = g;
    pb = bl;
    p += 3;
  }
  sumA = ra;
  sumB = rb;
  return n;
}

/** Adds a match of `len` bytes (k: 0 the pixel to the left, 1 the row above), cut into pieces of 3…258. */
function match(S: Uint16Array, at: number, len: number, k: number): number {
  let n = at;
  let left = len;
  while (left > 0) {
    let l = left > 258 ? 258 : left;
    if (left - l > 0 && left - l < 3) l = left - 3;
    S[n++] = 256 + 2 * l + k;
    left -= l;
  }
  return n;
}

/** Writes the zlib stream: header, one block with dynamic Huffman codes, the Adler-32. */
function encode(stream: Stream, buffer: 0 | 1): Uint8Array {
  const { n, rowLen, symbols: S } = stream;
  const rowCode = distanceCode(rowLen);
  // How often each symbol is used, counted as the symbols are (a branch per symbol cost as much
  // as the counting), then gathered into bytes, match lengths and the two distances.
  const uses = new Uint32Array(SYMBOLS);
  for (let i = 0; i < n; i++) uses[S[i]!]!++;
  const litFreq = new Uint32Array(286);
  const distFreq = new Uint32Array(30);
  for (let v = 0; v < 256; v++) litFreq[v] = uses[v]!;
  let left = 0;
  let up = 0;
  for (let l = 3; l <= 258; l++) {
    const k0 = uses[256 + 2 * l]!;
    const k1 = uses[257 + 2 * l]!;
    litFreq[257 + LCODE[l]!]! += k0 + k1;
    left += k0;
    up += k1;
  }
  litFreq[256] = 1; // the end of the block
  distFreq[2] = left;
  distFreq[rowCode]! += up;
  // Two distance codes at least, so that every reader takes the code as complete.
  if (distFreq[2] === 0) distFreq[2] = 1;
  if (distFreq[rowCode] === 0) distFreq[rowCode === 2 ? 3 : rowCode] = 1;
  const litLens = codeLengths(litFreq, 15);
  const distLens = codeLengths(distFreq, 15);
  const litCodes = canonicalCodes(litLens, 15);
  const distCodes = canonicalCodes(distLens, 15);
  let hlit = 286;
  while (hlit > 257 && litLens[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && distLens[hdist - 1] === 0) hdist--;

  // The code lengths, run-length coded with symbols 16 (repeat the last), 17 and 18 (zeros).
  const lens = [...litLens.subarray(0, hlit), ...distLens.subarray(0, hdist)];
  const runs: [number, number][] = [];
  for (let i = 0; i < lens.length; ) {
    const v = lens[i]!;
    let r = 1;
    while (i + r < lens.length && lens[i + r] === v) r++;
    if (v === 0 && r >= 3) {
      const t = Math.min(r, 138);
      runs.push(t >= 11 ? [18, t - 11] : [17, t - 3]);
      i += t;
    } else if (v !== 0 && r >= 4) {
      const t = Math.min(r - 1, 6);
      runs.push([v, 0], [16, t - 3]);
      i += 1 + t;
    } else {
      runs.push([v, 0]);
      i++;
    }
  }
  const clFreq = new Uint32Array(19);
  for (const [s] of runs) clFreq[s]!++;
  // A code-length code must be complete: give it a second symbol if it has one.
  if (clFreq.filter((f) => f > 0).length < 2) clFreq[clFreq[0] ? 1 : 0] = 1;
  const clLens = codeLengths(clFreq, 7);
  const clCodes = canonicalCodes(clLens, 7);
  let hclen = 19;
  while (hclen > 4 && clLens[CL_ORDER[hclen - 1]!] === 0) hclen--;

  // A symbol takes at most 48 bits, and `emit` stores four bytes ahead; the header is under 400.
  const need = 5 * n + 1024;
  if (outBuffers[buffer]!.length < need) outBuffers[buffer] = new Uint8Array(need);
  const o = outBuffers[buffer]!;
  let at = 0;
  o[at++] = 0x78; // deflate, 32 KB window
  o[at++] = 0x01; // fastest; the two bytes divide by 31
  let acc = 0;
  let nb = 0;
  const put = (v: number, bits: number) => {
    acc |= v << nb;
    nb += bits;
    while (nb >= 8) {
      o[at++] = acc & 255;
      acc >>= 8;
      nb -= 8;
    }
  };
  put(1, 1); // the last block
  put(2, 2); // dynamic Huffman codes
  put(hlit - 257, 5);
  put(hdist - 1, 5);
  put(hclen - 4, 4);
  for (let i = 0; i < hclen; i++) put(clLens[CL_ORDER[i]!]!, 3);
  for (const [s, extra] of runs) {
    put(clCodes[s]!, clLens[s]!);
    if (s === 16) put(extra, 2);
    else if (s === 17) put(extra, 3);
    else if (s === 18) put(extra, 7);
  }

  // Every symbol's bits, worked out once: a byte's code; or a match's length code with its extra
  // bits, then its distance code with its extra bits, as one code where they fit in 24 bits
  // (nearly always: a match's distance is one of two, with short codes). A longer one is kept in
  // two parts, its first part's length marked by LONG.
  const bits = new Uint32Array(SYMBOLS);
  const len = new Uint8Array(SYMBOLS);
  const rest = new Uint32Array(SYMBOLS);
  const restLen = new Uint8Array(SYMBOLS);
  for (let v = 0; v < 256; v++) {
    bits[v] = litCodes[v]!;
    len[v] = litLens[v]!;
  }
  const distBits = [distCodes[2]!, distCodes[rowCode]! | ((rowLen - DBASE[rowCode]!) << distLens[rowCode]!)];
  const distLen = [distLens[2]!, distLens[rowCode]! + DEXT[rowCode]!];
  for (let l = 3; l <= 258; l++) {
    const c = LCODE[l]!;
    for (const k of [0, 1]) {
      const v = 256 + 2 * l + k;
      const head = litCodes[257 + c]! | ((l - LBASE[c]!) << litLens[257 + c]!);
      const headLen = litLens[257 + c]! + LEXT[c]!;
      if (headLen + distLen[k]! <= 24) {
        bits[v] = head | (distBits[k]! << headLen);
        len[v] = headLen + distLen[k]!;
      } else {
        bits[v] = head;
        len[v] = headLen | LONG;
        rest[v] = distBits[k]!;
        restLen[v] = distLen[k]!;
      }
    }
  }
  const state = emit(S, o, at, acc, nb, n, bits, len, rest, restLen);
  at = state.at;
  acc = state.acc;
  nb = state.nb;
  put(litCodes[256]!, litLens[256]!);
  if (nb > 0) o[at++] = acc & 255;
  const adler = stream.adler;
  o[at++] = adler >>> 24;
  o[at++] = (adler >>> 16) & 255;
  o[at++] = (adler >>> 8) & 255;
  o[at++] = adler & 255;
  return o.subarray(0, at);
}

/** Marks a symbol's length as that of the first of its two parts (over 24 bits in all). */
const LONG = 128;

/**
 * The symbols' bits, least significant first. A loop of its own, so that it is compiled as one;
 * without a branch on the number of whole bytes: a code is at most 24 bits after at most 7
 * waiting, so four bytes are stored whatever, and the position moves by the whole ones. The one
 * branch, on a code in two parts, goes the same way nearly every time.
 */
function emit(
  S: Uint16Array,
  o: Uint8Array,
  start: number,
  acc0: number,
  nb0: number,
  n: number,
  bits: Uint32Array,
  len: Uint8Array,
  rest: Uint32Array,
  restLen: Uint8Array,
): { at: number; acc: number; nb: number } {
  let at = start;
  let acc = acc0;
  let nb = nb0;
  for (let i = 0; i < n; i++) {
    const v = S[i]!;
    const l = len[v]!;
    acc |= bits[v]! << nb;
    nb += l & ~LONG;
    if (l & LONG) {
      // The first part stored (as below for every code), then the second added.
      o[at] = acc;
      o[at + 1] = acc >> 8;
      o[at + 2] = acc >> 16;
      o[at + 3] = acc >> 24;
      const whole = nb >> 3;
      at += whole;
      acc >>>= whole << 3;
      nb &= 7;
      acc |= rest[v]! << nb;
      nb += restLen[v]!;
    }
    o[at] = acc;
    o[at + 1] = acc >> 8;
    o[at + 2] = acc >> 16;
    o[at + 3] = acc >> 24;
    const whole = nb >> 3;
    at += whole;
    acc >>>= whole << 3;
    nb &= 7;
  }
  return { at, acc, nb };
}

/**
 * Huffman code lengths for the frequencies, none longer than `maxBits`: the lengths of an optimal
 * code (two-queue merge), then zlib's repair for codes too long (trees.c, gen_bitlen), and the
 * shortest lengths given to the most frequent symbols. The code is complete (its Kraft sum is 1),
 * as zlib's inflate requires; a single symbol gets length 1.
 */
export function codeLengths(freq: Uint32Array, maxBits: number): Uint8Array {
  const lens = new Uint8Array(freq.length);
  const used: number[] = [];
  for (let i = 0; i < freq.length; i++) if (freq[i]! > 0) used.push(i);
  if (used.length === 0) return lens;
  if (used.length === 1) {
    lens[used[0]!] = 1;
    return lens;
  }
  // Leaves 0…used-1 sorted by weight; inner nodes are made in order of weight, so two queues suffice.
  const leaves = used.slice().sort((i, j) => freq[i]! - freq[j]! || i - j);
  const weight: number[] = leaves.map((s) => freq[s]!);
  const parent: number[] = [];
  const inner: number[] = [];
  let li = 0;
  let ii = 0;
  const take = () => (li < leaves.length && (ii >= inner.length || weight[li]! <= weight[inner[ii]!]!) ? li++ : inner[ii++]!);
  while (leaves.length - li + inner.length - ii > 1) {
    const x = take();
    const y = take();
    const id = weight.length;
    weight.push(weight[x]! + weight[y]!);
    parent[x] = id;
    parent[y] = id;
    inner.push(id);
  }
  const depth = new Array<number>(weight.length).fill(0);
  for (let id = weight.length - 2; id >= 0; id--) depth[id] = depth[parent[id]!]! + 1;
  // Leaves deeper than allowed are lifted to maxBits, which over-fills the code by `excess`
  // places at that depth; each step of zlib's repair moves a shorter leaf one deeper, with a
  // lifted leaf as its brother, and frees one place.
  const count = new Array<number>(maxBits + 1).fill(0);
  for (let i = 0; i < leaves.length; i++) count[Math.min(depth[i]!, maxBits)]!++;
  let excess = -(1 << maxBits);
  for (let bits = 1; bits <= maxBits; bits++) excess += count[bits]! * (1 << (maxBits - bits));
  for (; excess > 0; excess--) {
    let bits = maxBits - 1;
    while (count[bits] === 0) bits--;
    count[bits]!--;
    count[bits + 1]! += 2;
    count[maxBits]!--;
  }
  // The rarest symbols (first among the sorted leaves) take the longest codes.
  let k = 0;
  for (let bits = maxBits; bits >= 1; bits--) for (let c = count[bits]!; c > 0; c--) lens[leaves[k++]!] = bits;
  return lens;
}

/** The canonical codes for the lengths (RFC 1951, 3.2.2), bit-reversed to be written least significant first. */
function canonicalCodes(lens: Uint8Array, maxBits: number): Uint16Array {
  const count = new Uint16Array(maxBits + 1);
  for (const l of lens) if (l) count[l]!++;
  const next = new Uint16Array(maxBits + 1);
  let code = 0;
  for (let bits = 1; bits <= maxBits; bits++) {
    code = (code + count[bits - 1]!) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lens.length);
  for (let i = 0; i < lens.length; i++) {
    const l = lens[i]!;
    if (!l) continue;
    let c = next[l]!++;
    let r = 0;
    for (let j = 0; j < l; j++) {
      r = (r << 1) | (c & 1);
      c >>= 1;
    }
    codes[i] = r;
  }
  return codes;
}
