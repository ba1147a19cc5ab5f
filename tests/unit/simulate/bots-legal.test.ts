// The simulator's bots play by the rules: over thousands of seeded games of the base game, every
// player count and both editions, short and long, not one action they propose is refused by the
// engine's check (read against the saved-game schema too, as the referee reads a file), every
// game ends, and the money law holds after every single action. A refused action throws
// (generator/simulate/play.ts), so it fails the test with the engine's reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { historyOf, moneyCheck, type Game, type GameState, type Setup } from '../../../engine/index.js';
import { loadGame } from '../../../generator/load/index.js';
import { playWith } from '../../../generator/simulate/play.js';
import { POLICY_IDS } from '../../../generator/simulate/policies.js';
import { Random } from '../../../generator/simulate/random.js';

let game: Game;
beforeAll(() => {
  game = loadGame({ dir: 'content' }).game!;
});

/** Plays `n` games of a setting with the default habits, checking the money law after each action. */
function playMany(setup: Setup, n: number, record: boolean): { games: number; actions: number; types: Set<string> } {
  let actions = 0;
  const types = new Set<string>();
  for (let i = 0; i < n; i++) {
    const rng = new Random(`legal/${setup.edition}/${setup.length}/${setup.players}/${i}`);
    const policies = Object.fromEntries(game.countries.slice(0, setup.players).map((c) => [c.id, rng.pick(POLICY_IDS)]));
    const options = { setup, seed: 0, policies, trades: 0.3, forceChance: 0.15, ...(record ? { blunders: 0.05 } : {}) };
    const end = playWith(game, options, rng, { record, typed: false }, (_before, action, after) => {
      actions++;
      types.add(action.type);
      const money = moneyCheck(game, after);
      if (!money.ok) throw new Error(`${setup.edition} ${setup.players}p game ${i}, after ${JSON.stringify(action)}: ${money.problems.join('; ')}`);
    });
    expect(end.phase, `${setup.edition} ${setup.players}p ${setup.length} game ${i} ends`).toBe('over');
  }
  return { games: n, actions, types };
}

describe('the bots play only legal actions, and the money law holds throughout', () => {
  for (const edition of ['codex', 'classic']) {
    it(`${edition}: 3 to 6 players, short and long play`, () => {
      const types = new Set<string>();
      let games = 0;
      for (let players = 3; players <= 6; players++) {
        for (const [length, n] of [
          ['short', 160],
          ['long', 40],
        ] as const) {
          const r = playMany({ players, edition, length, packs: [] }, n, false);
          games += r.games;
          for (const t of r.types) types.add(t);
        }
      }
      expect(games).toBe(800);
      // The bots use the whole game: market, auctions, debts and their settling, trades.
      expect([...types].sort()).toEqual(
        expect.arrayContaining([
          'auction',
          'buy',
          'end-turn',
          'play-card',
          'roll',
          'settle',
          'take-credits',
          'trade',
          ...(edition === 'classic' ? ['force-chance'] : []),
        ]),
      );
    });
  }

  it('an unrecorded game (no history words written) ends exactly as the same game recorded', () => {
    // Unrecorded, the actions write no history lines at all; nothing else may differ.
    const rules = (s: GameState) => JSON.stringify({ ...s, history: null, entries: null, redo: null, undone: null });
    for (const edition of ['codex', 'classic']) {
      for (let i = 0; i < 20; i++) {
        const setup: Setup = { players: 3 + (i % 4), edition, length: i % 3 === 0 ? 'long' : 'short', packs: [] };
        const play = (record: boolean) => {
          const rng = new Random(`words/${edition}/${i}`);
          const policies = Object.fromEntries(game.countries.slice(0, setup.players).map((c) => [c.id, rng.pick(POLICY_IDS)]));
          return playWith(game, { setup, seed: 0, policies, trades: 0.3, forceChance: 0.15 }, rng, { record, typed: true });
        };
        const recorded = play(true);
        const unrecorded = play(false);
        expect(historyOf(recorded).length).toBeGreaterThan(0);
        expect(historyOf(unrecorded)).toEqual([]);
        expect(rules(unrecorded)).toBe(rules(recorded));
      }
    }
  });

  it('recorded games with a banker’s slips taken back by undo stay legal too', () => {
    const r = playMany({ players: 4, edition: 'codex', length: 'short', packs: [] }, 60, true);
    expect(r.types.has('undo')).toBe(true);
  });
});
