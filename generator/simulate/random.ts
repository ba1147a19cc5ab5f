// The simulator's dice and shuffles: a small seeded generator (sfc32, seeded through a string
// hash), so the same seed always plays the same game. The engine never draws a random number; the
// simulator draws them here and records the results in the actions, as the referee does.
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    // xmur3: spreads the seed's characters over four 32-bit words.
    let h = 1779033703 ^ String(seed).length;
    const text = String(seed);
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const next = () => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      h ^= h >>> 16;
      return h >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A whole number from 0 to n − 1. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A die roll, 1 to 6. */
  die(): 1 | 2 | 3 | 4 | 5 | 6 {
    return (this.int(6) + 1) as 1 | 2 | 3 | 4 | 5 | 6;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new RangeError('nothing to pick from');
    return list[this.int(list.length)]!;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}
