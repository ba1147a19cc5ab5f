// The codex rule for books taken for a debt (engine/closest-books.ts), against every subset of
// small random shelves: the closest distance is the true one, and the suggested set is among the
// closest, covers the debt when a closest set can, and has the fewest books among those.
import { describe, expect, it } from 'vitest';
import { closestBooks, closestDistance } from '../../../engine/index.js';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('closest books', () => {
  it('agrees with an exhaustive search over every set of books', () => {
    const r = lcg(7);
    for (let k = 0; k < 3000; k++) {
      const books = Array.from({ length: Math.floor(r() * 10) }, (_, i) => ({ id: `b${i}`, value: Math.floor(r() * 8) }));
      const amount = 1 + Math.floor(r() * 25);
      // A book worth nothing changes no total, so only the others make sets.
      const usable = books.filter((b) => b.value > 0);
      const sets: { total: number; size: number }[] = [];
      for (let mask = 1; mask < 1 << usable.length; mask++) {
        const chosen = usable.filter((_, i) => mask & (1 << i));
        sets.push({ total: chosen.reduce((s, b) => s + b.value, 0), size: chosen.length });
      }
      const best = sets.length === 0 ? null : Math.min(...sets.map((s) => Math.abs(s.total - amount)));
      expect(closestDistance(books, amount), JSON.stringify({ books, amount })).toBe(best);
      const pick = closestBooks(books, amount);
      if (best === null) {
        expect(pick).toEqual([]);
        continue;
      }
      const total = pick.reduce((s, b) => s + b.value, 0);
      expect(Math.abs(total - amount)).toBe(best);
      const closest = sets.filter((s) => Math.abs(s.total - amount) === best);
      const covering = closest.filter((s) => s.total >= amount);
      if (covering.length > 0) expect(total).toBeGreaterThanOrEqual(amount);
      const same = closest.filter((s) => s.total === total);
      expect(pick.length).toBe(Math.min(...same.map((s) => s.size)));
      expect(new Set(pick.map((b) => b.id)).size).toBe(pick.length);
    }
  });
});
