// Plays one whole game with a table of bots, through the engine's front door exactly as the
// referee would record it: each action checked, applied and written to the log. A refused action
// is a bug in the bots, so it stops the game with the engine's reason.
import { RULES_VERSION, check, newGame, step, type Action, type Game, type GameState, type LogEntry, type Setup } from '../../engine/index.js';
import { BotTable, type TableOptions } from './bot.js';
import { Random } from './random.js';

export interface PlayOptions extends TableOptions {
  setup: Setup;
  seed: string | number;
  /** Now and then a banker's slip — a book bought by mistake — taken back with undo (probability per market turn). */
  blunders?: number;
  /** The table agrees early on to stop after this century. */
  stopAfter?: string;
  /** A safety stop; a real game takes a few hundred actions. */
  maxActions?: number;
  /** When the game starts, for the log's times (ISO); each action comes 20 seconds after the last. */
  startedAt?: string;
}

export interface Played {
  state: GameState;
  log: LogEntry[];
}

export class BotError extends Error {}

export function playGame(game: Game, options: PlayOptions): Played {
  const rng = new Random(options.seed);
  let state = newGame(game, options.setup);
  const table = new BotTable(game, state, rng, options);
  const log: LogEntry[] = [];
  const start = Date.parse(options.startedAt ?? '2026-11-24T14:00:00.000Z');
  const record = (action: Action) => {
    const reason = check(game, state, action);
    if (reason !== null) throw new BotError(`the bots tried ${JSON.stringify(action)} at action ${state.nextSeq}: ${reason}`);
    log.push({ seq: state.nextSeq, action, rules: RULES_VERSION, at: new Date(start + log.length * 20_000).toISOString() });
    state = step(game, state, action);
  };
  if (options.stopAfter) record({ type: 'end-after', century: options.stopAfter });
  const limit = options.maxActions ?? 20_000;
  while (log.length < limit) {
    if (options.blunders && state.phase === 'market' && state.rolled && state.prompts.length === 0 && rng.chance(options.blunders)) {
      const slip = state.table.owner.at('market').find((id) => check(game, state, { type: 'buy', country: state.current, card: id }) === null);
      if (slip) {
        record({ type: 'buy', country: state.current, card: slip });
        record({ type: 'undo' });
      }
    }
    const action = table.next(state);
    if (!action) break;
    record(action);
  }
  return { state, log };
}
