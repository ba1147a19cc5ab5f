// Games played by the engine itself, as saved-game files a tablet imports: a quick way to put the
// referee page at a given point of a game (a market turn with credits to spend, say) without
// tapping through everything before it. The page then replays them under the same rules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  RULES_VERSION,
  check,
  drawableChance,
  newGame,
  step,
  toSavedGame,
  unplayedNationalEvents,
  worldEventOf,
  type Action,
  type Game,
  type GameState,
  type LogEntry,
  type Setup,
} from '../../engine/index.js';
import { REFEREE } from './referee-page.js';

export function builtGame(): Game {
  return JSON.parse(readFileSync(join(REFEREE, 'game.json'), 'utf8')) as Game;
}

/** The next thing a quick, book-less table does: first events and chance cards, roll 3, end the turn. */
function next(game: Game, state: GameState): Action {
  const choose = state.prompts.find((p) => p.kind === 'choose-book');
  if (choose) return { type: 'choose-book', country: choose.country, cards: choose.candidates.slice(0, choose.count) };
  const terms = state.prompts.find((p) => p.kind === 'debt-terms' || p.kind === 'claim');
  if (terms) return { type: 'take-credits', debtor: terms.debtor, creditor: terms.creditor };
  if (state.openAuctions[0]) return { type: 'auction', lot: state.openAuctions[0], sales: [] };
  const chance = state.prompts.find((p) => p.kind === 'draw-chance');
  const deck = drawableChance(game, state);
  if (chance && deck[0]) return { type: 'play-card', country: chance.country, code: deck[0].code };
  if (state.phase === 'national-events' && !state.eventPlayed) {
    const card = unplayedNationalEvents(game, state, state.current)[0];
    if (card) return { type: 'play-card', country: state.current, code: card.code };
  }
  if (state.phase === 'world-event' && !state.eventPlayed) {
    const card = worldEventOf(game, state)[0];
    if (card) return { type: 'play-card', country: null, code: card.code };
  }
  if (state.phase === 'market' && !state.rolled && !state.skipping) return { type: 'roll', country: state.current, face: 3 };
  return { type: 'end-turn' };
}

export class PlayedGame {
  state: GameState;
  readonly log: LogEntry[] = [];

  constructor(
    readonly game: Game,
    readonly setup: Setup,
  ) {
    this.state = newGame(game, setup);
  }

  record(action: Action): this {
    const why = check(this.game, this.state, action);
    if (why) throw new Error(`${JSON.stringify(action)}: ${why}`);
    this.log.push({ seq: this.state.nextSeq, action, rules: RULES_VERSION, at: new Date(Date.UTC(2026, 0, 1, 9, 0, this.log.length)).toISOString() });
    this.state = step(this.game, this.state, action);
    return this;
  }

  /** Plays on, the quick way, until the state is as asked. */
  until(done: (s: GameState) => boolean): this {
    for (let i = 0; i < 2000 && !done(this.state); i++) this.record(next(this.game, this.state));
    if (!done(this.state)) throw new Error('the game never got there');
    return this;
  }

  /** The lead country's first market turn, after its roll. */
  toFirstMarket(): this {
    return this.until((s) => s.phase === 'market' && s.rolled && s.prompts.length === 0 && s.openAuctions.length === 0);
  }

  /** The banker hands a country credits (a manual transfer from the bank). */
  give(country: string, amount: number): this {
    return this.record({ type: 'transfer', from: 'bank', to: country, amount, note: 'for the test' });
  }

  /** The saved-game file; `checkpoint`: with the checkpoint of where it ends, as the referee's Export writes it. */
  file(checkpoint = false): string {
    return JSON.stringify(toSavedGame(this.game, RULES_VERSION, this.setup, this.log, '2026-01-01T12:00:00.000Z', checkpoint ? this.state : undefined));
  }
}

export function played(game: Game, setup: Partial<Setup> = {}): PlayedGame {
  return new PlayedGame(game, { players: 3, edition: game.rules.default_edition, length: 'short', packs: game.packs.map((p) => p.id), ...setup });
}
