// The history never says a country "pays" credits that did not move: a payer with nothing says it
// cannot pay and owes it all (a classic-edition claim on an empty purse once read "Germany pays
// Italy 1 (debt 1, …)").
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paysWords } from '../../../engine/names.js';

describe('paysWords', () => {
  it('says what moved and what is owed', () => {
    expect(paysWords('England', 3, 0)).toBe('pays England 3');
    expect(paysWords('England', 3, 1)).toBe('pays England 2 of 3 and owes the other 1 (a debt)');
    expect(paysWords('England', 3, 3)).toBe('cannot pay England and owes all 3 (a debt)');
    expect(paysWords('England', 3, 0, 'the other 3')).toBe('pays England the other 3');
  });

  it('says "pays" exactly when some credits moved', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(), (amount, s) => {
        const short = s % (amount + 1);
        const words = paysWords('Italy', amount, short);
        expect(words.startsWith('pays ')).toBe(short < amount);
        if (short > 0) expect(words).toContain(`${short === amount ? `all ${amount}` : `other ${short}`} (a debt)`);
      }),
    );
  });
});
