// Plays one whole game with a table of bots, through the engine's front door exactly as the
// referee would: each action checked and applied by the engine (tryStep). A refused action is a
// bug in the bots, so it stops the game with the engine's reason. `playGame` writes the log as
// the referee does (the recorded test games); the simulator plays unrecorded and watches each
// step instead (./outcome.ts).
import {
  RULES_VERSION,
  check,
  newGame,
  tryStep,
  type Action,
  type Game,
  type GameState,
  type LogEntry,
  type Setup,
  type StepOptions,
} from '../../engine/index.js';
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

/** Watches a game being played: each action with the state before and after it. */
export type StepWatcher = (before: GameState, action: Action, after: GameState) => void;

/**
 * Plays to the end (or to `maxActions`). `step.record: false` plays unrecorded: no history and
 * no undo, so no blunders; `step.typed` skips reading the bots' actions against the saved-game
 * schema (every rule is checked either way). The random generator decides the dice, the cards
 * drawn and the bots' moods.
 */
export function playWith(game: Game, options: PlayOptions, rng: Random, step: StepOptions, watch?: StepWatcher): GameState {
  const record = step.record ?? true;
  let state = newGame(game, options.setup);
  const table = new BotTable(game, state, rng, options);
  const limit = options.maxActions ?? 20_000;
  let actions = 0;
  const act = (action: Action) => {
    const r = tryStep(game, state, action, step);
    if ('refusal' in r) throw new BotError(`the bots tried ${JSON.stringify(action)} at action ${state.nextSeq}: ${r.refusal}`);
    watch?.(state, action, r.state);
    state = r.state;
    actions++;
  };
  if (options.stopAfter) act({ type: 'end-after', century: options.stopAfter });
  while (actions < limit) {
    if (record && options.blunders && state.phase === 'market' && state.rolled && state.prompts.length === 0 && rng.chance(options.blunders)) {
      const slip = state.table.owner.at('market').find((id) => check(game, state, { type: 'buy', country: state.current, card: id }) === null);
      if (slip) {
        act({ type: 'buy', country: state.current, card: slip });
        act({ type: 'undo' });
      }
    }
    const action = table.next(state);
    if (!action) break;
    act(action);
  }
  return state;
}

/** Plays a whole game and writes its log as the referee would (the saved-game format's entries). */
export function playGame(game: Game, options: PlayOptions): Played {
  const log: LogEntry[] = [];
  const start = Date.parse(options.startedAt ?? '2026-11-24T14:00:00.000Z');
  const state = playWith(game, options, new Random(options.seed), { record: true }, (before, action) => {
    log.push({ seq: before.nextSeq, action, rules: RULES_VERSION, at: new Date(start + log.length * 20_000).toISOString() });
  });
  return { state, log };
}
