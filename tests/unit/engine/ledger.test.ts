// The ledger's promises, checked over thousands of random operation sequences.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { openLedger, spend, payDebt, reduceDebt, moneyInPlay, owed, type Ledger, type Party } from '../../../engine/ledger.js';

const COUNTRIES = ['germany', 'italy', 'spain', 'france'];
const party = fc.constantFrom<Party>('bank', ...COUNTRIES);
const country = fc.constantFrom(...COUNTRIES);
const amount = fc.integer({ min: 0, max: 20 });

type Op =
  | { op: 'spend'; from: Party; to: Party; amount: number }
  | { op: 'payDebt'; debtor: string; creditor: Party; amount: number }
  | { op: 'reduceDebt'; debtor: string; creditor: Party; fraction: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('spend' as const), from: party, to: party, amount }),
  fc.record({ op: fc.constant('payDebt' as const), debtor: country, creditor: party, amount }),
  fc.record({ op: fc.constant('reduceDebt' as const), debtor: country, creditor: party, fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

function run(l: Ledger, o: Op): Ledger {
  switch (o.op) {
    case 'spend':
      return spend(l, o.from, o.to, o.amount, `test ${o.from}→${o.to}`);
    case 'payDebt':
      return payDebt(l, o.debtor, o.creditor, o.amount);
    case 'reduceDebt':
      return reduceDebt(l, o.debtor, o.creditor, Math.floor(owed(l, o.debtor, o.creditor) * o.fraction));
  }
}

const start = fc.integer({ min: 0, max: 10 });

describe('ledger', () => {
  it('keeps money in play constant and no balance below zero, over random sequences', () => {
    fc.assert(
      fc.property(start, fc.array(op, { maxLength: 60 }), (s, ops) => {
        let l = openLedger(COUNTRIES, s);
        const money = moneyInPlay(l);
        expect(money).toBe(COUNTRIES.length * s);
        for (const o of ops) {
          l = run(l, o);
          expect(moneyInPlay(l)).toBe(money);
          for (const c of COUNTRIES) expect(l.credits[c]).toBeGreaterThanOrEqual(0);
          for (const d of l.debts) expect(d.amount).toBeGreaterThan(0);
          // one line per debtor/creditor pair
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
      { numRuns: 1000 },
    );
  });

  it('creates debt only from a shortfall, and exactly the shortfall', () => {
    fc.assert(
      fc.property(start, fc.array(op, { maxLength: 40 }), (s, ops) => {
        let l = openLedger(COUNTRIES, s);
        for (const o of ops) {
          const before = l;
          l = run(l, o);
          const totalBefore = before.debts.reduce((x, d) => x + d.amount, 0);
          const totalAfter = l.debts.reduce((x, d) => x + d.amount, 0);
          if (o.op === 'spend' && o.from !== 'bank' && o.from !== o.to) {
            const short = Math.max(0, o.amount - before.credits[o.from]!);
            expect(owed(l, o.from, o.to) - owed(before, o.from, o.to)).toBe(short);
            expect(totalAfter - totalBefore).toBe(short);
          } else {
            expect(totalAfter).toBeLessThanOrEqual(totalBefore); // nothing else adds debt
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the bank always pays in full', () => {
    const l = spend(openLedger(COUNTRIES, 0), 'bank', 'spain', 7, 'roll');
    expect(l.credits.spain).toBe(7);
    expect(l.bank).toBe(-7);
    expect(l.debts).toEqual([]);
  });

  it('merges a shortfall with the debt of the same pair', () => {
    let l = openLedger(COUNTRIES, 2);
    l = spend(l, 'spain', 'england' in l.credits ? 'england' : 'italy', 5, 'war');
    l = spend(l, 'spain', 'italy', 4, 'treaty');
    expect(l.credits.spain).toBe(0);
    expect(l.credits.italy).toBe(4);
    expect(l.debts).toEqual([{ debtor: 'spain', creditor: 'italy', amount: 7, reason: 'war; treaty' }]);
    l = spend(l, 'bank', 'spain', 5, 'roll');
    l = payDebt(l, 'spain', 'italy', 10);
    expect(l.credits.spain).toBe(0);
    expect(owed(l, 'spain', 'italy')).toBe(2);
    l = reduceDebt(l, 'spain', 'italy', 2);
    expect(l.debts).toEqual([]);
  });

  it('refuses programmer mistakes', () => {
    const l = openLedger(COUNTRIES, 5);
    expect(() => spend(l, 'spain', 'italy', -1, 'x')).toThrow(RangeError);
    expect(() => spend(l, 'spain', 'italy', 1.5, 'x')).toThrow(RangeError);
    expect(() => spend(l, 'narnia', 'italy', 1, 'x')).toThrow(RangeError);
    expect(() => reduceDebt(l, 'spain', 'italy', 1)).toThrow(RangeError);
    expect(() => payDebt(l, 'bank', 'italy', 1)).toThrow(RangeError);
    expect(() => openLedger(['a', 'a'], 0)).toThrow(RangeError);
  });
});
