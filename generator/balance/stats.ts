// The few statistics the balance report needs, worked out from whole-number tallies.
import type { Histogram } from '../simulate/tally.js';

/** 95% of a normal distribution lies within this many standard errors of its mean. */
export const Z95 = 1.959964;

export interface Estimate {
  value: number;
  /** The 95% confidence interval. */
  low: number;
  high: number;
  /** Its standard error (0 when unknown). */
  se: number;
}

/** The mean of n values from their sum and sum of squares, with its 95% interval (normal approximation). */
export function meanOf(n: number, sum: number, sumSq: number): Estimate {
  if (n <= 0) return { value: 0, low: 0, high: 0, se: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const se = Math.sqrt(variance / n);
  return { value: mean, low: mean - Z95 * se, high: mean + Z95 * se, se };
}

/** A share (0–1) from n games with `sum` and `sumSq` of per-game shares, its interval kept within 0–1. */
export function shareOf(n: number, sum: number, sumSq: number): Estimate {
  const m = meanOf(n, sum, sumSq);
  return { ...m, low: Math.max(0, m.low), high: Math.min(1, m.high) };
}

/** A proportion of n trials with its standard error (each trial counted as won or not; shared wins are a fraction). */
export function proportion(n: number, won: number): Estimate {
  if (n <= 0) return { value: 0, low: 0, high: 0, se: 0 };
  const p = won / n;
  const se = Math.sqrt(Math.max(p * (1 - p), 0) / n);
  return { value: p, low: Math.max(0, p - Z95 * se), high: Math.min(1, p + Z95 * se), se };
}

/** a − b, for two independent estimates. */
export function difference(a: Estimate, b: Estimate): Estimate {
  const d = a.value - b.value;
  const se = Math.sqrt(a.se * a.se + b.se * b.se);
  return { value: d, low: d - Z95 * se, high: d + Z95 * se, se };
}

/** Several estimates of the same thing (one per player count) combined, each weighted by its precision. */
export function pooled(parts: readonly Estimate[]): Estimate | undefined {
  const usable = parts.filter((p) => p.se > 0);
  if (usable.length === 0) return parts[0];
  let w = 0;
  let sum = 0;
  for (const p of usable) {
    const wi = 1 / (p.se * p.se);
    w += wi;
    sum += wi * p.value;
  }
  const value = sum / w;
  const se = Math.sqrt(1 / w);
  return { value, low: value - Z95 * se, high: value + Z95 * se, se };
}

/** Whether an interval leaves out zero: the difference is not chance. */
export function clear(e: Estimate): boolean {
  return e.low > 0 || e.high < 0;
}

/** The histogram's values in order, with their counts. */
export function sortedCounts(h: Histogram): [number, number][] {
  return Object.entries(h)
    .map(([k, n]): [number, number] => [Number(k), n])
    .sort((a, b) => a[0] - b[0]);
}

export interface Spread {
  n: number;
  mean: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** The quartiles of a histogram (each quantile is a value that occurred: the lower one at a split). */
export function spreadOf(h: Histogram): Spread {
  const counts = sortedCounts(h);
  const n = counts.reduce((s, [, c]) => s + c, 0);
  if (n === 0) return { n: 0, mean: 0, min: 0, q1: 0, median: 0, q3: 0, max: 0 };
  const at = (q: number): number => {
    const rank = Math.max(1, Math.ceil(q * n));
    let seen = 0;
    for (const [v, c] of counts) {
      seen += c;
      if (seen >= rank) return v;
    }
    return counts[counts.length - 1]![0];
  };
  const sum = counts.reduce((s, [v, c]) => s + v * c, 0);
  return { n, mean: sum / n, min: counts[0]![0], q1: at(0.25), median: at(0.5), q3: at(0.75), max: counts[counts.length - 1]![0] };
}

/** Rounded for the report: enough digits for any figure it shows, few enough to read. */
export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
}
