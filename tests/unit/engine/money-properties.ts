// The money properties, written once: game-properties.test.ts shows they hold for random legal
// games, money-leak.test.ts shows they fail the moment a leak is put into the engine.
import fc from 'fast-check';
import {
  countriesWorth,
  creditsInPlay,
  editionFor,
  moneyCheck,
  newGame,
  step,
  type Game,
  type GameState,
  type Setup,
  entriesOf,
} from '../../../engine/index.js';
import { candidates, play } from './driver.js';

export const setups = fc.record({
  players: fc.integer({ min: 2, max: 4 }),
  edition: fc.constantFrom('codex', 'classic'),
  length: fc.constantFrom<'short' | 'long'>('short', 'long'),
  packs: fc.constant([] as string[]),
});
// Long enough that many runs play through every century to the end (fast-check's default sizes are small).
export const picks = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 400, size: 'max' });

/** The money law (engine/money-law.ts) after every action of a random legal game. */
export function moneyLawHolds(game: Game): fc.IPropertyWithHooks<[Setup, number[]]> {
  return fc.property(setups, picks, (su: Setup, ps) => {
    const run = play(game, newGame(game, su), ps);
    for (const s of run.states) {
      const report = moneyCheck(game, s);
      if (!report.ok) throw new Error(`after ${s.entries.length} actions: ${report.problems.join('; ')}`);
    }
  });
}

/** The old check: bank + countries never changes. It holds by construction, leak or no leak. */
export function creditsConserved(game: Game): fc.IPropertyWithHooks<[Setup, number[]]> {
  return fc.property(setups, picks, (su: Setup, ps) => {
    const run = play(game, newGame(game, su), ps);
    const start = creditsInPlay(run.states[0]!.table.ledger);
    for (const s of run.states) if (creditsInPlay(s.table.ledger) !== start) throw new Error('credits not conserved');
  });
}

const MARKET = new Set(['buy', 'sell', 'auction', 'trade', 'settle', 'take-credits']);

/**
 * No arbitrage (DESIGN §2): from any state a game can reach, no sequence of market actions alone —
 * buying, selling back (or swapping), auctions, trades, debts settled — raises what the countries
 * hold together: their credits plus what the bank would give for their books.
 */
export function noArbitrage(game: Game): fc.IPropertyWithHooks<[Setup, number[], number[]]> {
  return fc.property(setups, picks, fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 60 }), (su: Setup, prefix, market) => {
    let s: GameState = play(game, newGame(game, su), prefix.slice(0, prefix[0]! % prefix.length)).states.at(-1)!;
    let worth = countriesWorth(game, editionFor(game, s), s.table);
    for (const pick of market) {
      const options = candidates(game, s, pick * 7).filter((a) => MARKET.has(a.type));
      if (options.length === 0) break;
      s = step(game, s, options[pick % options.length]!);
      const now = countriesWorth(game, editionFor(game, s), s.table);
      if (now > worth) throw new Error(`${entriesOf(s).at(-1)!.action.type} raised the countries' worth from ${worth} to ${now}`);
      worth = now;
    }
  });
}
