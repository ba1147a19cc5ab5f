// The balance report's charts of points won or lost (cards, pack against base game) share one
// axis: symmetric about zero, never narrower than ±5 points, wide enough for every interval.
import { describe, expect, it } from 'vitest';
import { aroundZero, auctionChart } from '../../../generator/balance/plots.js';
import type { BalanceReport } from '../../../generator/balance/schema.js';

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

describe('the auction price chart', () => {
  // With no sales Plot could not tell the table sizes were categories, took a continuous colour
  // scale, and drew its legend on a canvas the server has not: "Cannot set properties of null".
  it('is drawn with no sale at all, its legend naming the table sizes', () => {
    const table = (players: number) => ({ players, auctions: { perGame: 1, unsold: 1, sales: 0, pricePercent: [] } });
    const chart = auctionChart({ byPlayers: [table(3), table(4)] } as unknown as BalanceReport);
    expect(chart.svg).toContain('<svg');
    expect(chart.svg).toContain('3 players');
    expect(chart.svg).toContain('4 players');
  });
});
