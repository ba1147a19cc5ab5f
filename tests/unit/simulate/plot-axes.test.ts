// The balance report's charts of points won or lost (cards, pack against base game) share one
// axis: symmetric about zero, never narrower than ±5 points, wide enough for every interval.
import { describe, expect, it } from 'vitest';
import { aroundZero } from '../../../generator/balance/plots.js';

describe('an axis of signed points', () => {
  it('is symmetric about zero and holds every interval', () => {
    const axis = aroundZero([{ interval: [-0.02, 0.11] }, { interval: [-0.07, 0.01] }], 'points');
    const [lo, hi] = axis.domain;
    expect(lo).toBe(-hi!);
    expect(hi).toBeGreaterThanOrEqual(0.11);
    expect(axis.tickFormat(0.03)).toBe('+3');
    expect(axis.tickFormat(-0.02)).toBe('-2');
    expect(axis.tickFormat(0)).toBe('0');
  });

  it('is never narrower than ±5 points, so a pack that changes nothing is not drawn as a big change', () => {
    const [lo, hi] = aroundZero([{ interval: [-0.001, 0.002] }], 'points').domain;
    expect(hi).toBeGreaterThanOrEqual(0.05);
    expect(lo).toBeLessThanOrEqual(-0.05);
  });
});
