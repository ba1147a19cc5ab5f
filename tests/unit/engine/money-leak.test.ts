// The money law can fail: this file puts a leak into the engine — the bank pays double in every
// exchange it makes, i.e. a book sold back brings twice its value — and shows the properties that
// guard the game catching it, while the old check (bank + countries constant) cannot.
import { describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { miniGame } from './fixture.js';
import { creditsConserved, moneyLawHolds, noArbitrage } from './money-properties.js';

vi.mock('../../../engine/ledger.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../engine/ledger.js')>();
  return {
    ...real,
    exchange: (l: Parameters<typeof real.exchange>[0], from: string, to: string, amount: number) =>
      real.exchange(l, from, to, from === 'bank' ? amount * 2 : amount),
  };
});

const game = miniGame();

describe('with a leak put into the engine (the bank pays double for books sold back)', () => {
  it('the money law fails', () => {
    const result = fc.check(moneyLawHolds(game), { numRuns: 200, seed: 1 });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/the countries are worth \d+, but the bank's books say \d+/);
  });

  it('the no-arbitrage property fails', () => {
    const result = fc.check(noArbitrage(game), { numRuns: 200, seed: 1 });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/^Error: sell raised the countries' worth/);
  });

  it('while bank + countries stays constant: the old check could never have caught it', () => {
    expect(fc.check(creditsConserved(game), { numRuns: 100, seed: 1 }).failed).toBe(false);
  });
});
