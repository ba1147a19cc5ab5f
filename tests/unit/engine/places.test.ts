// Where every card is (engine/places.ts): each version's index from place to cards is derived
// from the version it was moved from — card by card for a few cards, read off the codes for many
// (a century released onto the market). Either way it must say exactly what an index built from
// scratch says, in card order, and leave the places a move did not touch the very same arrays.
import { describe, expect, it } from 'vitest';
import { Places, type Place } from '../../../engine/places.js';

const PLACES: Place[] = ['market', 'unreleased', 'gone', 'spain', 'england', 'france'];

/** A small seeded generator, so a failure can be replayed. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('Places.moved', () => {
  it('keeps an index equal to one built from scratch, for moves of one card and of many', () => {
    const ids = Array.from({ length: 120 }, (_, i) => `c${i}`);
    for (let seed = 1; seed <= 30; seed++) {
      const r = lcg(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
      let places = Places.fromRecord(Object.fromEntries(ids.map((id) => [id, pick(PLACES)])));
      places.at('market'); // the index exists from here on, so each move derives it
      for (let move = 0; move < 60; move++) {
        const n = r() < 0.3 ? 9 + Math.floor(r() * 40) : 1 + Math.floor(r() * 3);
        const cards = [...new Set(Array.from({ length: n }, () => pick(ids)))];
        const to = pick(PLACES);
        const next = places.moved(cards, to);
        const scratch = Places.fromRecord(next.toJSON());
        for (const p of PLACES) {
          expect(next.at(p), `seed ${seed}, move ${move}, ${p}`).toEqual(scratch.at(p));
          const changed = cards.some((id) => places.get(id) === p) || p === to;
          if (!changed) expect(next.at(p)).toBe(places.at(p));
        }
        places = next;
      }
    }
  });
});
