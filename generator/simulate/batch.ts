// A batch of games: the unit of work a thread plays. Game number i of a setting always has the
// same seed, so it does not matter which thread plays it or in what order the batches return.
import type { Game, Setup } from '../../engine/index.js';
import { emptyTally, type Tally } from './tally.js';
import { playAndTally, type Habits } from './watch.js';

export interface Batch {
  /** Which setting (an index into the run's list of settings). */
  setting: number;
  setup: Setup;
  seed: string;
  /** Games from..to−1. */
  from: number;
  to: number;
  habits: Habits;
}

export interface BatchResult {
  setting: number;
  games: number;
  base: Tally;
  /** The same games with the pack, paired with the base game country by country. */
  pack?: Tally;
}

/** The games the simulator plays: the base game, and the base game with the pack to compare. */
export interface Games {
  base: Game;
  pack?: Game;
}

export function playBatch(games: Games, batch: Batch): BatchResult {
  const base = emptyTally();
  const pack = games.pack ? emptyTally() : undefined;
  for (let i = batch.from; i < batch.to; i++) {
    const a = playAndTally(games.base, batch.setup, batch.seed, i, batch.habits, base);
    if (!games.pack || !pack) continue;
    const b = playAndTally(games.pack, { ...batch.setup, packs: games.pack.packs.map((p) => p.id) }, batch.seed, i, batch.habits, pack);
    const pairs = (pack.pairs ??= {});
    for (const c of Object.keys(a.wins)) {
      if (b.wins[c] === undefined) continue;
      const d = b.wins[c]! - a.wins[c]!;
      const p = (pairs[c] ??= { games: 0, diff: 0, diffSq: 0 });
      p.games++;
      p.diff += d;
      p.diffSq += d * d;
    }
  }
  return { setting: batch.setting, games: batch.to - batch.from, base, ...(pack ? { pack } : {}) };
}
