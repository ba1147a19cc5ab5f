// Settings that make sense together (generator/load/check-settings.ts): random edition settings
// written into the mini game's game.yaml, with a random chance deck in its events.yaml (cards that
// pay, cost, take a book, skip a roll, or draw more chance cards, for one country or many), are
// either refused by the content check with a located message, or they play: bots take every
// player count through a whole game, which must end, keep the money law after every action, and
// never have an action refused. A deck that draws chance on every card and is shuffled back after
// every draw can never stop drawing: that one must be refused (it was not: simulate found most
// games never ended).
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
  // From 1: a cost of 0 is refused as the file is read ("would cost nothing"), before the checks between cards.
  force_chance_cost: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
  end_of_game: fc.constantFrom('face-value', 'buy-books'),
  short: fc.integer({ min: 1, max: 3 }),
  long: fc.integer({ min: 1, max: 3 }),
  // Now and then every face, the setting that would never let the first round end.
  first_round_reroll: fc.oneof({ arbitrary: faces, weight: 4 }, { arbitrary: fc.constant([1, 2, 3, 4, 5, 6]), weight: 1 }),
  chance_faces: faces,
});

type Settings = typeof edition extends fc.Arbitrary<infer T> ? T : never;

/** One effect of a chance card, as written in YAML; drawing more chance cards often, since that is what chains. */
const chanceEffect = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => `{ gain: ${n} }`), weight: 2 },
  { arbitrary: fc.integer({ min: 1, max: 4 }).map((n) => `{ pay: ${n} }`), weight: 2 },
  { arbitrary: fc.constant('{ lose_book: least-valuable }'), weight: 1 },
  { arbitrary: fc.constant('{ skip_roll: true }'), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('self', 'each', 'others', 'lead', 'richest'))
      .map(([n, who]) => (who === 'self' ? `{ draw_chance: ${n} }` : `{ draw_chance: ${n}, who: ${who} }`)),
    weight: 4,
  },
);
/** A chance deck of one to four cards, each with one or two effects. */
const chanceDeck = fc.array(fc.array(chanceEffect, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 });
type Deck = string[][];
/** The mini game's own deck: one card that takes a book. */
const MINI_DECK: Deck = [['{ lose_book: least-valuable }']];

function chanceYaml(deck: Deck): string {
  return [
    'chance:',
    ...deck.flatMap((effects, i) => [
      `  - id: chance-${i + 1}`,
      `    title: Chance ${i + 1}`,
      '    text: Something happens.',
      '    note: A test card.',
      '    year: 1731',
      '    effects:',
      ...effects.map((e) => `      - ${e}`),
    ]),
    '',
  ].join('\n');
}

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

/** The mini game with these settings and this chance deck, as the content check reads it. */
function load(e: Settings, deck: Deck = MINI_DECK): ReturnType<typeof loadGame> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-settings-'));
  try {
    cpSync(MINI, dir, { recursive: true });
    const file = join(dir, 'game.yaml');
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('  - id: codex');
    const end = text.indexOf('\n\n', start);
    writeFileSync(file, text.slice(0, start) + yaml(e) + text.slice(end));
    const events = join(dir, 'events.yaml');
    const eventsText = readFileSync(events, 'utf8');
    writeFileSync(events, eventsText.slice(0, eventsText.indexOf('chance:\n')) + chanceYaml(deck));
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
      fc.property(edition, chanceDeck, fc.nat(), (e, deck, seed) => {
        const result = load(e, deck);
        const errors = result.diagnostics.filter((d) => d.severity === 'error');
        // Each card draws again and goes back into the deck: a chance roll never stops drawing.
        const endless = e.chance_reshuffle && deck.every((effects) => effects.some((x) => x.includes('draw_chance')));
        if (endless) expect(errors.map((d) => d.message).join('\n'), 'a deck that can only draw again is refused').toMatch(/a chain of draws that never ends/);
        if (errors.length > 0) {
          refused++;
          for (const d of errors) expect(/(game|events)\.yaml$/.test(d.file ?? ''), `${d.file}: ${d.message}`).toBe(true);
          return;
        }
        played++;
        const game = result.game!;
        for (const players of [2, 3]) for (const length of ['short', 'long'] as const) playsThrough(game, players, length, seed);
      }),
      { numRuns: 60 },
    );
    // Both kinds turn up: the check is not refusing everything, nor letting everything pass.
    expect(played).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses exactly the settings that cannot be played', () => {
    const base = BASE;
    expect(load(base).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const refusal = (e: Partial<Settings>, deck?: Deck) => load({ ...base, ...e }, deck).diagnostics.find((d) => d.severity === 'error')?.message;
    expect(refusal({ first_round_reroll: [1, 2, 3, 4, 5, 6] })).toMatch(/the first market turn could never end/);
    expect(refusal({ short: 3, long: 1 })).toMatch(/the short game has more rounds per century \(3\) than the long one \(1\)/);
    expect(refusal({ force_chance_cost: 0 })).toMatch(/would cost nothing/);
    expect(refusal({ starting_credits: 10_001 })).toMatch(/at most 1,000 credits to start with/);
    expect(refusal({ starting_credits: 1_001 })).toMatch(/at most 1,000 credits to start with/);
    expect(refusal({ starting_credits: 1_000 })).toBeUndefined();
    // Chains of chance draws: shuffled back, a deck whose cards call for one more draw each on average never stops.
    expect(refusal({ chance_reshuffle: true }, [['{ draw_chance: 1 }']])).toBe(
      'each chance card drawn calls for 1 more on average (the only chance card says to draw chance), and the edition “Codex Conquest” shuffles every drawn card back: one chance roll would start a chain of draws that never ends',
    );
    expect(refusal({ chance_reshuffle: true }, [['{ gain: 2 }', '{ draw_chance: 1, who: each }'], ['{ pay: 1 }'], ['{ pay: 2 }']])).toBe(
      'each chance card drawn calls for 1 more on average (1 of the 3 chance cards says to draw chance, counted for a table of 3), and the edition “Codex Conquest” shuffles every drawn card back: one chance roll would start a chain of draws that never ends',
    );
    // Less than one more a draw: the chain ends (and a turn never draws more than the deck holds).
    expect(refusal({ chance_reshuffle: true }, [['{ draw_chance: 1 }'], ['{ gain: 2 }']])).toBeUndefined();
    // Drawn without putting back, the deck runs out: a warning, not a refusal.
    const kept = load({ ...base, chance_reshuffle: false }, [['{ draw_chance: 1 }'], ['{ draw_chance: 1 }']]).diagnostics;
    expect(kept.filter((d) => d.severity === 'error')).toEqual([]);
    expect(kept.map((d) => d.message)).toContain(
      'each chance card drawn calls for 1 more on average (all 2 chance cards say to draw chance): in “Codex Conquest”, which draws without putting back, one chance roll could draw much of the deck at once',
    );
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
    // Every market turn draws: the mini game's one chance card runs out, which is said too.
    expect(warnings({ chance_faces: [1, 2, 3, 4, 5, 6] })).toEqual([
      expect.stringMatching(/: every face of the die draws a chance card/),
      expect.stringMatching(
        /: the chance deck has 1 card, and a short game of 3 players draws 3 on average .*: nearly every such game would run out of chance cards$/,
      ),
    ]);
    expect(warnings({ first_round_reroll: [1, 6, 1] })).toEqual([expect.stringMatching(/: the face 1 is listed twice/)]);
    expect(warnings({ auction_book_value: 0 })).toEqual([expect.stringMatching(/: auction books would be worth nothing/)]);
    // A reserve no lot is worth: every auction would end unsold (it had passed without a word).
    expect(warnings({ reserve: 10_000 })).toEqual([
      expect.stringMatching(/: the lowest winning bid for a lot \(10000 credits\) is more than any lot is worth/),
    ]);
    // Every face rolled again, one of them twice: refused for never ending, with no warning whose
    // hint ("list each face once: [1, 2, 3, 4, 5, 6]") would be the refused setting again.
    expect(warnings({ first_round_reroll: [1, 2, 3, 4, 5, 6, 6] })).toEqual([]);
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
