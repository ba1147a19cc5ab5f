// Settings that make sense together (generator/load/check-settings.ts): random edition settings
// written into the mini game's game.yaml are either refused by the content check with a located
// message, or they play: bots take every player count through a whole game, which must end, keep
// the money law after every action, and never have an action refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moneyCheck, newGame, step, type Game } from '../../engine/index.js';
import { loadGame } from '../../generator/load/index.js';
import { BotTable } from '../../generator/simulate/bot.js';
import { Random } from '../../generator/simulate/random.js';

const MINI = join(process.cwd(), 'tests', 'fixtures', 'mini-game');
const faces = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 });

const edition = fc.record({
  starting_credits: fc.integer({ min: 0, max: 20 }),
  manuscripts: fc.boolean(),
  world_events: fc.boolean(),
  reserve: fc.integer({ min: 0, max: 8 }),
  single_books: fc.boolean(),
  unsold: fc.constantFrom('market', 'leave-game'),
  chance_reshuffle: fc.boolean(),
  debt_books: fc.constantFrom('closest', 'cover-with-change'),
  victor_may_demand_books: fc.boolean(),
  auction_book_value: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  force_chance_cost: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  end_of_game: fc.constantFrom('face-value', 'buy-books'),
  short: fc.integer({ min: 1, max: 3 }),
  long: fc.integer({ min: 1, max: 3 }),
  // Now and then every face, the setting that would never let the first round end.
  first_round_reroll: fc.oneof({ arbitrary: faces, weight: 4 }, { arbitrary: fc.constant([1, 2, 3, 4, 5, 6]), weight: 1 }),
  chance_faces: faces,
});

type Settings = typeof edition extends fc.Arbitrary<infer T> ? T : never;

/** Settings the mini game plays with, which each check below changes one at a time. */
const BASE: Settings = {
  starting_credits: 5,
  manuscripts: true,
  world_events: true,
  reserve: 0,
  single_books: true,
  unsold: 'market',
  chance_reshuffle: false,
  debt_books: 'closest',
  victor_may_demand_books: false,
  auction_book_value: null,
  force_chance_cost: null,
  end_of_game: 'face-value',
  short: 1,
  long: 2,
  first_round_reroll: [1, 6],
  chance_faces: [1, 6],
};

function yaml(e: Settings): string {
  return [
    '  - id: codex',
    '    name: Codex Conquest',
    `    starting_credits: ${e.starting_credits}`,
    `    manuscripts: ${e.manuscripts}`,
    `    world_events: ${e.world_events}`,
    `    auction: { reserve: ${e.reserve}, single_books: ${e.single_books}, unsold: ${e.unsold} }`,
    `    chance_reshuffle: ${e.chance_reshuffle}`,
    `    debt_books: ${e.debt_books}`,
    `    victor_may_demand_books: ${e.victor_may_demand_books}`,
    `    auction_book_value: ${e.auction_book_value ?? 'null'}`,
    `    force_chance_cost: ${e.force_chance_cost ?? 'null'}`,
    `    end_of_game: ${e.end_of_game}`,
    `    rounds_per_century: { short: ${e.short}, long: ${e.long} }`,
    `    first_round_reroll: [${e.first_round_reroll.join(', ')}]`,
    `    chance_faces: [${e.chance_faces.join(', ')}]`,
  ].join('\n');
}

/** The mini game with these settings, as the content check reads it. */
function load(e: Settings): ReturnType<typeof loadGame> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-settings-'));
  try {
    cpSync(MINI, dir, { recursive: true });
    const file = join(dir, 'game.yaml');
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('  - id: codex');
    const end = text.indexOf('\n\n', start);
    writeFileSync(file, text.slice(0, start) + yaml(e) + text.slice(end));
    return loadGame({ dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function playsThrough(game: Game, players: number, length: 'short' | 'long', seed: number): void {
  let s = newGame(game, { players, edition: 'codex', length, packs: [] });
  const policies = Object.fromEntries(game.countries.map((c, i) => [c.id, (['collector', 'value', 'saver'] as const)[i % 3]]));
  const bots = new BotTable(game, s, new Random(seed), { policies, trades: 0.3, forceChance: 0.2 });
  for (let i = 0; i < 5000 && s.phase !== 'over'; i++) {
    const action = bots.next(s)!;
    s = step(game, s, action); // throws with the engine's sentence on a refused action
    const law = moneyCheck(game, s);
    if (!law.ok) throw new Error(`after ${i + 1} actions: ${law.problems.join('; ')}`);
  }
  expect(s.phase, 'the game ends').toBe('over');
}

describe('edition settings', () => {
  it('either are refused with a message, or play through a whole game at every table size', () => {
    let played = 0;
    let refused = 0;
    fc.assert(
      fc.property(edition, fc.nat(), (e, seed) => {
        const result = load(e);
        const errors = result.diagnostics.filter((d) => d.severity === 'error');
        if (errors.length > 0) {
          refused++;
          for (const d of errors) expect(d.file?.endsWith('game.yaml'), d.message).toBe(true);
          return;
        }
        played++;
        const game = result.game!;
        for (const players of [2, 3]) for (const length of ['short', 'long'] as const) playsThrough(game, players, length, seed);
      }),
      { numRuns: 40 },
    );
    // Both kinds turn up: the check is not refusing everything, nor letting everything pass.
    expect(played).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses exactly the settings that cannot be played', () => {
    const base = BASE;
    expect(load(base).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const refusal = (e: Partial<Settings>) => load({ ...base, ...e }).diagnostics.find((d) => d.severity === 'error')?.message;
    expect(refusal({ first_round_reroll: [1, 2, 3, 4, 5, 6] })).toMatch(/the first market turn could never end/);
    expect(refusal({ short: 3, long: 1 })).toMatch(/the short game has more rounds per century \(3\) than the long one \(1\)/);
    expect(refusal({ force_chance_cost: 0 })).toMatch(/would cost nothing/);
    expect(refusal({ starting_credits: 10_001 })).toMatch(/at most 10,000 credits/);
  });

  it('warns about settings that play but make part of the game pointless or are written twice', () => {
    const base = BASE;
    const all = (e: Partial<Settings>) =>
      load({ ...base, ...e })
        .diagnostics.filter((d) => d.severity === 'warning')
        .map((d) => `${d.line}: ${d.message}`);
    // The mini game's own warnings (a few books short of the base game's pattern) aside.
    const own = all({});
    const warnings = (e: Partial<Settings>) => all(e).filter((w) => !own.includes(w));
    expect(warnings({ chance_faces: [] })).toEqual([expect.stringMatching(/: no face of the die draws a chance card/)]);
    expect(warnings({ chance_faces: [1, 2, 3, 4, 5, 6] })).toEqual([expect.stringMatching(/: every face of the die draws a chance card/)]);
    expect(warnings({ first_round_reroll: [1, 6, 1] })).toEqual([expect.stringMatching(/: the face 1 is listed twice/)]);
    expect(warnings({ auction_book_value: 0 })).toEqual([expect.stringMatching(/: auction books would be worth nothing/)]);
  });
});

describe('player counts', () => {
  /** The mini game (two countries… three) with its players: line replaced. */
  function withPlayers(line: string) {
    const dir = mkdtempSync(join(tmpdir(), 'cc-players-'));
    try {
      cpSync(MINI, dir, { recursive: true });
      const file = join(dir, 'game.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^players: .*$/m, line));
      return loadGame({ dir })
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => `${d.line}:${d.col}: ${d.message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('a largest table above the countries game.yaml lists is an error at max, not quietly lowered', () => {
    expect(withPlayers('players: { min: 2, max: 4 }')).toEqual(['5:25: up to 4 players, but game.yaml lists only 3 countries, one for each player']);
  });

  it('min above max is said once, without a count of countries that follows from it', () => {
    expect(withPlayers('players: { min: 3, max: 2 }')).toEqual(['5:17: at least 3 players but at most 2: no table can play that']);
  });

  it('a smallest table above the countries there are is named with the real number of countries', () => {
    expect(withPlayers('players: { min: 4, max: 5 }')).toEqual([
      '5:25: up to 5 players, but game.yaml lists only 3 countries, one for each player',
      '5:17: the game needs at least 4 players but has only 3 countries',
    ]);
  });
});
