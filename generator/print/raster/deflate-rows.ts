// The zlib stream of a PNG's rows (RFC 1950/1951; every row with filter 0), written from what a
// painted card is made of rather than searched for. Nearly half of a card's rows repeat the row
// above (the gaps between lines of type), and the rest are long runs of one colour broken by the
// anti-aliased edges of letters and shapes. So each row is said as: the whole row above again,
// or a sequence of runs of the pixel to the left, spans of the pixels above, and literal bytes —
// in one block, with Huffman codes fitted to the card. zlib's level 1 searched a hash table for
// the same repeats at every byte and copied every row first; this is several times as fast on a
// card for 5–10 % more bytes (tests/bench/png-bench.mjs; 20,000 PNGs are half of a 10,000-card
// build's work). The rows are said and the bits written by the raster kernels
// (kernels/deflate.as.ts, in WebAssembly); the codes are fitted here. Any reader of zlib streams
// reads it: the tests inflate it with zlib itself.
import type { Canvas, Frame } from './canvas.js';
import { kernels, Scratch } from './kernels.js';

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

/** Symbols: bytes, and matches of 3…258 bytes two ways. */
const SYMBOLS = 256 + 2 * 259;

/** The kernels' buffers, kept from card to card: each stream's symbols, the inner rows' records, the counts, the codes, the output. */
const symbolsOf = [new Scratch(), new Scratch()];
const rowStarts = new Scratch();
const rowRepeats = new Scratch();
const rowSums = new Scratch();
const usesBlock = new Scratch();
const codesBlock = new Scratch();
const lensBlock = new Scratch();
const outBlocks = [new Scratch(), new Scratch()];

/** What encode needs of a stream said by the kernels: where its symbols are, how many, its row length and its Adler-32. */
interface Said {
  S: number;
  n: number;
  rowLen: number;
  adler: number;
}

function check(canvas: Canvas, crop: Frame): void {
  if (crop.width * 3 + 1 > MAX_ROW_BYTES) throw new Error(`rows of ${crop.width * 3 + 1} bytes are too long to be deflated here`);
  if (crop.left < 0 || crop.top < 0 || crop.left + crop.width > canvas.width || crop.top + crop.height > canvas.height)
    throw new Error('the crop must lie inside the canvas');
}

/** The rows of `crop` as one zlib stream, each row preceded by filter byte 0: a view of memory the next call reuses. */
export function deflateRows(canvas: Canvas, crop: Frame): Uint8Array {
  check(canvas, crop);
  const x = kernels().x;
  const rowLen = crop.width * 3 + 1;
  const S = symbolsOf[0]!.ensure(2 * (rowLen * crop.height + 16));
  const stride = canvas.width * 3;
  const n = x.scanCrop(canvas.at + crop.top * stride + crop.left * 3, stride, crop.width, crop.height, S, 0, 0, 0);
  const said = { S, n, rowLen, adler: x.adler() >>> 0 };
  return bytesAt(encode(said, fitCodes(counted(said), [rowLen], false), 0));
}

/** The bytes of a written stream, viewed once every stream is written (writing one may grow the memory, which detaches earlier views). */
function bytesAt([from, to]: [number, number]): Uint8Array {
  return kernels().bytes.subarray(from, to);
}

/**
 * Two PNGs' rows from one canvas: `outer`, and `inner` inside it (MakePlayingCards' crop of the
 * generic card: a pixel or two less on each side). The inner rows are worked out once; each outer
 * row is the inner row's symbols with the border pixels' before and after it, so the card is
 * read once for both, and its symbols are counted and its codes fitted once for both. Views of
 * memory the next call reuses.
 */
export function deflateRowsPair(canvas: Canvas, outerFrame: Frame, innerFrame: Frame): [Uint8Array, Uint8Array] {
  const dl = innerFrame.left - outerFrame.left;
  const dt = innerFrame.top - outerFrame.top;
  const dr = outerFrame.left + outerFrame.width - (innerFrame.left + innerFrame.width);
  const db = outerFrame.top + outerFrame.height - (innerFrame.top + innerFrame.height);
  if (dl < 0 || dt < 0 || dr < 0 || db < 0) throw new Error('the inner frame must lie inside the outer one');
  check(canvas, outerFrame);
  const x = kernels().x;
  const stride = canvas.width * 3;
  const innerLen = innerFrame.width * 3 + 1;
  const outerLen = outerFrame.width * 3 + 1;
  const h = innerFrame.height;
  const SI = symbolsOf[1]!.ensure(2 * (innerLen * h + 16));
  const SO = symbolsOf[0]!.ensure(2 * (outerLen * outerFrame.height + 16));
  const starts = rowStarts.ensure(4 * (h + 1));
  const repeats = rowRepeats.ensure(h);
  const sums = rowSums.ensure(16 * h);
  const ni = x.scanCrop(canvas.at + innerFrame.top * stride + innerFrame.left * 3, stride, innerFrame.width, h, SI, starts, repeats, sums);
  const inner: Said = { S: SI, n: ni, rowLen: innerLen, adler: x.adler() >>> 0 };
  const no = x.scanOuter(
    canvas.at + outerFrame.top * stride + outerFrame.left * 3,
    stride,
    outerFrame.width,
    outerFrame.height,
    dl,
    dt,
    innerFrame.width,
    h,
    SI,
    SO,
    starts,
    repeats,
    sums,
  );
  const outer: Said = { S: SO, n: no, rowLen: outerLen, adler: x.adler() >>> 0 };
  // One set of codes for both, fitted to the outer stream: the inner one is the same card less a
  // pixel or two of its edges.
  const codes = fitCodes(counted(outer), [outerLen, innerLen], true);
  const o = encode(outer, codes, 0);
  const i = encode(inner, codes, 1);
  return [bytesAt(o), bytesAt(i)];
}

/**
 * The Huffman codes of a block: lengths for the bytes and match lengths, and for the distances
 * (the pixel to the left, 3 back, and the row above, `rowLens` back: one row length a stream), the
 * code lengths' own run-length coding and code, as the block's header says them.
 */
interface Codes {
  litLens: Uint8Array;
  distLens: Uint8Array;
  litCodes: Uint16Array;
  distCodes: Uint16Array;
  hlit: number;
  hdist: number;
  hclen: number;
  clLens: Uint8Array;
  clCodes: Uint16Array;
  runs: [number, number][];
}

/**
 * Fits codes to the symbols counted in `usesAt` (a count a symbol). With `every`, each byte and
 * match length gets a code, however rare, so the codes serve a second stream they were not
 * counted on (the pair's inner stream: its few symbols that are not in the outer one).
 */
function fitCodes(uses: Uint32Array, rowLens: number[], every: boolean): Codes {
  const litFreq = new Uint32Array(286);
  const distFreq = new Uint32Array(30);
  for (let v = 0; v < 256; v++) litFreq[v] = uses[v]! + (every ? 1 : 0);
  let left = 0;
  let up = 0;
  for (let l = 3; l <= 258; l++) {
    const k0 = uses[256 + 2 * l]!;
    const k1 = uses[257 + 2 * l]!;
    litFreq[257 + LCODE[l]!]! += k0 + k1 + (every ? 1 : 0);
    left += k0;
    up += k1;
  }
  litFreq[256] = 1; // the end of the block
  distFreq[2] = left;
  // Every stream's row distance has a code, and there are two distance codes at least, so that
  // every reader takes the code as complete.
  for (const rowLen of rowLens) distFreq[distanceCode(rowLen)]! += up;
  if (distFreq[2] === 0) distFreq[2] = 1;
  for (const rowLen of rowLens) {
    const rowCode = distanceCode(rowLen);
    if (distFreq[rowCode] === 0) distFreq[rowCode === 2 ? 3 : rowCode] = 1;
  }
  const litLens = codeLengths(litFreq, 15);
  const distLens = codeLengths(distFreq, 15);
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
  let hclen = 19;
  while (hclen > 4 && clLens[CL_ORDER[hclen - 1]!] === 0) hclen--;
  return {
    litLens,
    distLens,
    litCodes: canonicalCodes(litLens, 15),
    distCodes: canonicalCodes(distLens, 15),
    hlit,
    hdist,
    hclen,
    clLens,
    clCodes: canonicalCodes(clLens, 7),
    runs,
  };
}

/** Counts the stream's symbols (the kernels' countSymbols): a view of memory the next count reuses. */
function counted(said: Said): Uint32Array {
  const k = kernels();
  const usesAt = usesBlock.ensure(4 * SYMBOLS);
  k.x.countSymbols(said.S, said.n, usesAt);
  return new Uint32Array(k.bytes.buffer, usesAt, SYMBOLS);
}

/** Writes the zlib stream with `codes`: header, one block, the Adler-32; gives where its bytes start and end. */
function encode(said: Said, codes: Codes, buffer: 0 | 1): [number, number] {
  const { S, n, rowLen } = said;
  const { litLens, distLens, litCodes, distCodes } = codes;
  const k = kernels();
  const rowCode = distanceCode(rowLen);

  // Every symbol's bits, worked out once: a byte's code; or a match's length code with its extra
  // bits, then its distance code with its extra bits, as one code of up to 48 bits (kept as a
  // 64-bit number, two 32-bit halves, for the kernel).
  const codesAt = codesBlock.ensure(8 * SYMBOLS);
  const lensAt = lensBlock.ensure(SYMBOLS);
  const halves = new Uint32Array(k.bytes.buffer, codesAt, 2 * SYMBOLS);
  const len = new Uint8Array(k.bytes.buffer, lensAt, SYMBOLS);
  let longest = 0;
  for (let v = 0; v < 256; v++) {
    halves[2 * v] = litCodes[v]!;
    halves[2 * v + 1] = 0;
    len[v] = litLens[v]!;
    if (len[v]! > longest) longest = len[v]!;
  }
  const distBits = [distCodes[2]!, distCodes[rowCode]! + (rowLen - DBASE[rowCode]!) * 2 ** distLens[rowCode]!];
  const distLen = [distLens[2]!, distLens[rowCode]! + DEXT[rowCode]!];
  for (let l = 3; l <= 258; l++) {
    const c = LCODE[l]!;
    for (const j of [0, 1]) {
      const v = 256 + 2 * l + j;
      const head = litCodes[257 + c]! + (l - LBASE[c]!) * 2 ** litLens[257 + c]!;
      const headLen = litLens[257 + c]! + LEXT[c]!;
      const code = head + distBits[j]! * 2 ** headLen;
      halves[2 * v] = code % 2 ** 32;
      halves[2 * v + 1] = Math.floor(code / 2 ** 32);
      len[v] = headLen + distLen[j]!;
      if (len[v]! > longest) longest = len[v]!;
    }
  }

  // The header is under 400 bytes; each symbol at most `longest` bits; the kernel stores 8 bytes ahead.
  const need = Math.ceil((n * longest) / 8) + 1024;
  const outAt = outBlocks[buffer]!.ensure(need);
  let o = k.bytes;
  let at = outAt;
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
  put(codes.hlit - 257, 5);
  put(codes.hdist - 1, 5);
  put(codes.hclen - 4, 4);
  for (let i = 0; i < codes.hclen; i++) put(codes.clLens[CL_ORDER[i]!]!, 3);
  for (const [s, extra] of codes.runs) {
    put(codes.clCodes[s]!, codes.clLens[s]!);
    if (s === 16) put(extra, 2);
    else if (s === 17) put(extra, 3);
    else if (s === 18) put(extra, 7);
  }
  at = outAt + k.x.emitSymbols(S, n, outAt, at - outAt, acc, nb, codesAt, lensAt);
  acc = k.x.pendingBits();
  nb = k.x.pendingCount();
  o = k.bytes;
  put(litCodes[256]!, litLens[256]!);
  if (nb > 0) o[at++] = acc & 255;
  const adler = said.adler;
  o[at++] = adler >>> 24;
  o[at++] = (adler >>> 16) & 255;
  o[at++] = (adler >>> 8) & 255;
  o[at++] = adler & 255;
  return [outAt, at];
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
