// Undo, redo and undo-to cost the same late in a long evening as early on. A banker's slips and
// undos pile up by the thousand; when each undo copied and sorted the whole list of undone lines
// (and each redo filtered it), a 120,000-entry game took a minute to reopen, and an undo late in
// the game was a hundred times slower than early on. Measured here as a ratio of the same work on
// a short game and on a long one, timed in turns so that a busy machine slows both alike; the
// bound is generous (the quadratic version measured 20 to 100 times).
import { describe, expect, it } from 'vitest';
import { newGame, step, type Action, type GameState, type Setup } from '../../../engine/index.js';
import { miniGame } from './fixture.js';

const game = miniGame();
const setup: Setup = { players: 3, edition: 'codex', length: 'short', packs: [] };
const slip: Action = { type: 'transfer', from: 'bank', to: 'germany', amount: 1, note: 'a slip' };
const back: Action = { type: 'transfer', from: 'germany', to: 'bank', amount: 1, note: 'put right' };

/** A game of `pairs` slips each undone at once, then a few actions in effect. */
function evening(pairs: number): GameState {
  let s = newGame(game, setup);
  for (let i = 0; i < pairs; i++) s = step(game, step(game, s, slip), { type: 'undo' });
  for (let i = 0; i < 4; i++) s = step(game, step(game, s, slip), back);
  return s;
}

/** The banker's corrections: slips, undos, redos and going back a few lines. */
function corrections(start: GameState, rounds: number): GameState {
  let s = start;
  for (let i = 0; i < rounds; i++) {
    s = step(game, s, slip);
    s = step(game, s, { type: 'undo' });
    s = step(game, s, { type: 'redo' });
    s = step(game, s, back);
    s = step(game, s, { type: 'undo-to', seq: s.nextSeq - 4 });
    s = step(game, s, { type: 'redo' });
  }
  return s;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

describe('the cost of undo, redo and undo-to', () => {
  it('does not grow with the length of the game', () => {
    const early = evening(50);
    const late = evening(20_000);
    expect(late.nextSeq).toBeGreaterThan(40_000);
    const rounds = 200;
    const times = { early: [] as number[], late: [] as number[] };
    corrections(early, rounds);
    corrections(late, rounds);
    for (let turn = 0; turn < 9; turn++) {
      for (const [name, s] of [
        ['early', early],
        ['late', late],
      ] as const) {
        const t = performance.now();
        corrections(s, rounds);
        times[name].push(performance.now() - t);
      }
    }
    const ratio = median(times.late) / median(times.early);
    expect(ratio, `early ${median(times.early).toFixed(1)} ms, late ${median(times.late).toFixed(1)} ms for ${rounds * 6} steps`).toBeLessThan(4);
  });

  it('an undo right after a slip replays nothing: the table it returns to is the very one before the slip', () => {
    // Off the every-32nd-action checkpoints, only the states remembered as recent can give this.
    let s = evening(10);
    for (let i = 0; i < 3; i++) {
      if (s.entries.length % 32 === 0) s = step(game, s, slip);
      const before = s;
      const undone = step(game, step(game, s, slip), { type: 'undo' });
      expect(undone.table).toBe(before.table);
      s = step(game, undone, back);
    }
  });
});
