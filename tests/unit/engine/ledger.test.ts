// The ledger's promises, checked over thousands of random operation sequences. (A unit test of the
// ledger module itself, so it imports it directly; the rules are tested through engine/index.ts.)
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  openLedger,
  spend,
  exchange,
  settleWithBooks,
  writeOff,
  creditsInPlay,
  owed,
  roomLeft,
  MAX_CREDITS,
  TableLimit,
  type Ledger,
  type Party,
} from '../../../engine/ledger.js';

const COUNTRIES = ['germany', 'italy', 'spain', 'france'];
const party = fc.constantFrom<Party>('bank', ...COUNTRIES);
const country = fc.constantFrom(...COUNTRIES);
const amount = fc.integer({ min: 0, max: 20 });

type Op =
  | { op: 'spend'; from: Party; to: Party; amount: number }
  | { op: 'exchange'; from: Party; to: Party; amount: number }
  | { op: 'books'; debtor: string; creditor: Party; fraction: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('spend' as const), from: party, to: party, amount }),
  fc.record({ op: fc.constant('exchange' as const), from: party, to: party, amount }),
  fc.record({ op: fc.constant('books' as const), debtor: country, creditor: party, fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

function run(l: Ledger, o: Op): Ledger {
  switch (o.op) {
    case 'spend':
      return spend(l, o.from, o.to, o.amount, `test ${o.from}→${o.to}`).ledger;
    case 'exchange':
      // An exchange only happens when the payer holds the credits: the rules check that first.
      return o.from !== 'bank' && l.credits[o.from]! < o.amount ? l : exchange(l, o.from, o.to, o.amount);
    case 'books':
      return settleWithBooks(l, o.debtor, o.creditor, Math.floor(owed(l, o.debtor, o.creditor) * o.fraction));
  }
}

const start = fc.integer({ min: 0, max: 10 });

describe('ledger', () => {
  it('conserves credits, keeps every balance ≥ 0, one debt per pair, and no debtor holding credits', () => {
    fc.assert(
      fc.property(start, fc.array(op, { maxLength: 60 }), (s, ops) => {
        let l = openLedger(COUNTRIES, s);
        const money = creditsInPlay(l);
        expect(money).toBe(COUNTRIES.length * s);
        for (const o of ops) {
          l = run(l, o);
          expect(creditsInPlay(l)).toBe(money);
          for (const c of COUNTRIES) expect(l.credits[c]).toBeGreaterThanOrEqual(0);
          for (const d of l.debts) {
            expect(d.amount).toBeGreaterThan(0);
            // credits later: whatever a debtor receives has gone to its creditors
            expect(l.credits[d.debtor]).toBe(0);
          }
          expect(new Set(l.debts.map((d) => `${d.debtor}>${d.creditor}`)).size).toBe(l.debts.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is deterministic and never mutates its input', () => {
    fc.assert(
      fc.property(start, fc.array(op, { maxLength: 40 }), (s, ops) => {
        const a0 = openLedger(COUNTRIES, s);
        const frozen = JSON.stringify(a0);
        const a = ops.reduce(run, a0);
        const b = ops.reduce(run, openLedger(COUNTRIES, s));
        expect(a).toEqual(b);
        expect(JSON.stringify(a0)).toBe(frozen);
      }),
      { numRuns: 500 },
    );
  });

  it('a shortfall becomes a debt; credits received later pay the oldest debt first', () => {
    let l = openLedger(['a', 'b', 'c'], 2);
    ({ ledger: l } = spend(l, 'a', 'b', 5, 'war')); // a pays 2, owes b 3
    ({ ledger: l } = spend(l, 'a', 'bank', 4, 'fire')); // a owes the bank 4
    expect(l.debts.map((d) => [d.creditor, d.amount])).toEqual([
      ['b', 3],
      ['bank', 4],
    ]);
    ({ ledger: l } = spend(l, 'bank', 'a', 5, 'die')); // 3 to b first, then 2 to the bank
    expect(l.credits).toEqual({ a: 0, b: 7, c: 2 });
    expect(l.debts).toEqual([{ debtor: 'a', creditor: 'bank', amount: 2, reason: 'fire' }]);
    // an exchange reaching a debtor pays its debts too
    l = exchange(l, 'c', 'a', 2);
    expect(l.debts).toEqual([]);
    expect(l.credits.a).toBe(0);
  });

  it('a chain of debts passes credits on, and a circle of debts ends', () => {
    let l = openLedger(['a', 'b'], 0);
    ({ ledger: l } = spend(l, 'a', 'b', 3, 'x'));
    ({ ledger: l } = spend(l, 'b', 'a', 5, 'y'));
    // b owes a 5, a owes b 3: 4 credits to a go to b, which passes them back to a…
    ({ ledger: l } = spend(l, 'bank', 'a', 4, 'die'));
    expect(creditsInPlay(l)).toBe(0);
    expect(owed(l, 'a') === 0 || owed(l, 'b') === 0 || l.credits.a === 0).toBe(true);
    for (const d of l.debts) expect(l.credits[d.debtor]).toBe(0);
  });

  it('records income only for payments from or to the bank that are not exchanges', () => {
    let l = openLedger(['a', 'b'], 5);
    ({ ledger: l } = spend(l, 'bank', 'a', 4, 'die'));
    ({ ledger: l } = spend(l, 'b', 'bank', 7, 'card')); // pays 5, owes 2: all 7 is a cost
    ({ ledger: l } = spend(l, 'a', 'b', 3, 'war')); // between countries: no income either way
    l = exchange(l, 'a', 'bank', 2); // a purchase: an exchange
    l = writeOff(l, 3);
    expect(l.income).toBe(4 - 7);
    expect(l.writtenOff).toBe(3);
  });

  it('refuses amounts a table could never hold, and exchanges the payer cannot cover', () => {
    const l = openLedger(['a', 'b'], 3);
    expect(() => spend(l, 'bank', 'a', MAX_CREDITS + 1, 'x')).toThrow(RangeError);
    expect(() => spend(l, 'bank', 'a', 1.5, 'x')).toThrow(RangeError);
    expect(() => exchange(l, 'a', 'b', 4)).toThrow(/cannot pay 4/);
    expect(() => spend(l, 'a', 'nobody', 1, 'x')).toThrow(/not at the table/);
    expect(() => settleWithBooks(l, 'a', 'b', 1)).toThrow(/owes b 0/);
  });

  it('holds every purse, debt and payment to 10,000: exactly 10,000 passes, one more is a TableLimit', () => {
    const limit = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof TableLimit ? [e.kind, e.country, e.amount, e.other] : e;
      }
      return 'no limit';
    };
    let l = openLedger(['a', 'b', 'c'], 0);
    expect(roomLeft(l)).toBe(MAX_CREDITS);
    // A purse, reached directly and through a debt passed on.
    l = exchange(spend(l, 'bank', 'a', MAX_CREDITS - 1, 'x').ledger, 'bank', 'a', 1);
    expect(l.credits.a).toBe(MAX_CREDITS);
    expect(roomLeft(l)).toBe(0);
    expect(limit(() => spend(l, 'bank', 'a', 1, 'x'))).toEqual(['purse', 'a', MAX_CREDITS + 1, undefined]);
    let d = spend(l, 'b', 'a', 5, 'war').ledger; // b owes a 5
    expect(limit(() => spend(d, 'bank', 'b', 2, 'x'))).toEqual(['purse', 'a', MAX_CREDITS + 2, 'b']);
    // A debt, merged with an older one of the same pair.
    d = spend(openLedger(['a', 'b'], 0), 'a', 'bank', MAX_CREDITS - 1, 'x').ledger;
    expect(owed(spend(d, 'a', 'bank', 1, 'y').ledger, 'a')).toBe(MAX_CREDITS);
    expect(limit(() => spend(d, 'a', 'bank', 2, 'y'))).toEqual(['debt', 'a', MAX_CREDITS + 1, 'bank']);
    expect(roomLeft(d)).toBe(1);
    // One payment, either door.
    const e = openLedger(['a', 'b'], MAX_CREDITS);
    expect(exchange(e, 'a', 'bank', MAX_CREDITS).credits.a).toBe(0);
    expect(limit(() => spend(openLedger(['a'], 0), 'bank', 'a', MAX_CREDITS + 1, 'x'))).toEqual(['payment', 'a', MAX_CREDITS + 1, 'bank']);
    expect(limit(() => exchange(e, 'a', 'b', MAX_CREDITS + 1))).toEqual(['payment', 'b', MAX_CREDITS + 1, 'a']);
    // What the countries gave up is a total over many books, not a payment: it may pass 10,000.
    expect(writeOff(writeOff(e, MAX_CREDITS), MAX_CREDITS).writtenOff).toBe(2 * MAX_CREDITS);
  });
});
