// SHA-256 of a string, in plain TypeScript: the check code of a saved game. crypto.subtle exists
// only on https and localhost, and a tablet opening the page over the local network has neither;
// the code must be the same on the tablet, in the command and in outside tools, so the engine
// carries its own.
//
// It is fed in pieces (`update`) and can say its digest at any point without ending (`hex`): a
// saved game's check code and the codes of its log up to each checkpoint are worked out in one
// pass over the file. Opening a long game hashes megabytes, so the inner loop keeps everything in
// local 32-bit integers and reads the bytes directly (the first version, with a DataView and a
// destructured array per block, hashed 5 MB a second; this one well over 100).
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const START = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** Bytes taken from a string at a time: big enough that the loop's overhead is nothing, small enough to stay in cache. */
const BUFFER = 1 << 16;

const encoder = new TextEncoder();
const w = new Int32Array(64);

/** Runs the compression function over every whole 64-byte block of `bytes[0, end)`. */
function blocks(h: Int32Array, bytes: Uint8Array, end: number): void {
  let h0 = h[0]!;
  let h1 = h[1]!;
  let h2 = h[2]!;
  let h3 = h[3]!;
  let h4 = h[4]!;
  let h5 = h[5]!;
  let h6 = h[6]!;
  let h7 = h[7]!;
  for (let off = 0; off + 64 <= end; off += 64) {
    for (let i = 0; i < 16; i++) {
      const o = off + i * 4;
      w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15]!;
      const y = w[i - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let hh = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (hh + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + hh) | 0;
  }
  h[0] = h0;
  h[1] = h1;
  h[2] = h2;
  h[3] = h3;
  h[4] = h4;
  h[5] = h5;
  h[6] = h6;
  h[7] = h7;
}

/** SHA-256 of text given in pieces (as UTF-8). */
export class Sha256 {
  private readonly h = new Int32Array(START);
  /** Bytes not yet hashed (fewer than 64 between calls), at the start of the buffer. */
  private readonly buffer = new Uint8Array(BUFFER);
  private held = 0;
  /** Bytes hashed or held so far. */
  private total = 0;

  update(text: string): this {
    let rest = text;
    while (rest.length > 0) {
      const { read, written } = encoder.encodeInto(rest, this.buffer.subarray(this.held));
      this.held += written;
      this.total += written;
      rest = read === rest.length ? '' : rest.slice(read);
      // Whole blocks are hashed; the bytes after the last one move to the front (fewer than 64,
      // so the next round always has room for a character that did not fit this time).
      const whole = this.held & ~63;
      blocks(this.h, this.buffer, whole);
      this.buffer.copyWithin(0, whole, this.held);
      this.held -= whole;
    }
    return this;
  }

  /** An independent copy, to be given more without changing this one. */
  clone(): Sha256 {
    const copy = new Sha256();
    copy.h.set(this.h);
    copy.buffer.set(this.buffer.subarray(0, this.held));
    copy.held = this.held;
    copy.total = this.total;
    return copy;
  }

  /** The digest of everything given so far, in hex; more may still be given afterwards. */
  hex(): string {
    const h = new Int32Array(this.h);
    const tail = new Uint8Array(this.held < 56 ? 64 : 128);
    tail.set(this.buffer.subarray(0, this.held));
    tail[this.held] = 0x80;
    const bits = this.total * 8;
    const end = tail.length;
    const high = Math.floor(bits / 0x100000000);
    tail[end - 8] = high >>> 24;
    tail[end - 7] = (high >>> 16) & 0xff;
    tail[end - 6] = (high >>> 8) & 0xff;
    tail[end - 5] = high & 0xff;
    tail[end - 4] = (bits >>> 24) & 0xff;
    tail[end - 3] = (bits >>> 16) & 0xff;
    tail[end - 2] = (bits >>> 8) & 0xff;
    tail[end - 1] = bits & 0xff;
    blocks(h, tail, end);
    let out = '';
    for (const x of h) out += (x >>> 0).toString(16).padStart(8, '0');
    return out;
  }
}

export function sha256Hex(text: string): string {
  return new Sha256().update(text).hex();
}
