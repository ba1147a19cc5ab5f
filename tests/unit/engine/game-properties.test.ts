// Random legal games: the money law holds after every action, no market action makes value from
// nothing, the log replays to the very same state, and undo followed by redo puts everything back.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { newGame, replay, step, lockedCards, type GameState, type Setup, entriesOf } from '../../../engine/index.js';
import { miniGame } from './fixture.js';
import { play } from './driver.js';
import { moneyLawHolds, noArbitrage, picks, setups } from './money-properties.js';

const game = miniGame();

/** Everything but the log counter, which undo and redo each advance. */
function sameGame(a: GameState, b: GameState): void {
  const { nextSeq: _a, ...restA } = a;
  const { nextSeq: _b, ...restB } = b;
  expect(restA).toEqual(restB);
}

describe('the game, over random legal action sequences', () => {
  it('keeps the money law after every action', () => {
    fc.assert(moneyLawHolds(game), { numRuns: 150 });
  });

  it('never lets market actions alone raise the countries’ credits plus book worth (no arbitrage)', () => {
    fc.assert(noArbitrage(game), { numRuns: 150 });
  });

  it('keeps locked books with their owner for good', () => {
    fc.assert(
      fc.property(setups, picks, (su: Setup, ps) => {
        const run = play(game, newGame(game, su), ps);
        for (const s of run.states) for (const id of lockedCards(s.table)) expect(s.table.players).toContain(s.table.owner.get(id));
        const last = run.states[run.states.length - 1]!;
        for (const set of last.table.sets) for (const id of set.cards) expect(last.table.owner.get(id)).toBe(set.country);
      }),
      { numRuns: 80 },
    );
  });

  it('replay(log) deep-equals the state built step by step', () => {
    fc.assert(
      fc.property(setups, picks, (su: Setup, ps) => {
        const run = play(game, newGame(game, su), ps);
        const last = run.states[run.states.length - 1]!;
        const replayed = replay(game, su, run.log);
        expect(replayed).toEqual(last);
        expect(replayed.rejected.length).toBe(0);
        // replay of any prefix equals the state at that point
        const k = ps[0]! % (run.log.length + 1);
        expect(replay(game, su, run.log.slice(0, k))).toEqual(run.states[k]);
      }),
      { numRuns: 120 },
    );
  });

  it('undo then redo restores the state exactly', () => {
    fc.assert(
      fc.property(setups, picks, (su: Setup, ps) => {
        const run = play(game, newGame(game, su), ps);
        const s = run.states[run.states.length - 1]!;
        if (s.entries.length === 0) return;
        const undone = step(game, s, { type: 'undo' });
        const back = step(game, undone, { type: 'redo' });
        sameGame(back, s);
        expect(back.nextSeq).toBe(s.nextSeq + 2);
        // undo restores the state before the last effective action
        const before = replay(game, su, []);
        const rebuilt = entriesOf(s)
          .slice(0, -1)
          .reduce((st, e) => step(game, st, e.action), before);
        expect(undone.table).toEqual(rebuilt.table);
        expect(undone.phase).toBe(rebuilt.phase);
        expect(undone.current).toBe(rebuilt.current);
      }),
      { numRuns: 100 },
    );
  });
});
