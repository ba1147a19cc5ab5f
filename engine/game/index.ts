// The referee's game: an action log, the state derived from it, and the banker's guide.
export { RULES_VERSION } from './types.js';
export type { Setup, Die, LogEntry, GameState, Phase, HistoryLine, Entry, Buying } from './types.js';
export type { Action, ActionType, ActionOf } from './actions/index.js';
export { ACTIONS, ActionSchema, actionDef } from './actions/index.js';
export { newGame } from './turns.js';
export { MAX_NOTE } from './actions/transfer.js';
export { check } from './check.js';
export { step, tryStep, replay, Replay, type StepOptions } from './step.js';
export { nextSteps, debtReminders, suggestedBooks, type NextStep } from './next-steps.js';
export { buyingOrder, type BuyingOrder } from './final-buying.js';
export {
  editionFor,
  roundsPerCentury,
  marketOrder,
  unplayedNationalEvents,
  worldEventOf,
  drawableChance,
  chanceStop,
  lotBooks,
  waitingLotBooks,
  marketCards,
  blocker,
  openDecision,
  canBuyAnything,
  historyOf,
  entriesOf,
  lastEntry,
  undoneOf,
  rejectedOf,
  nextRedo,
  Names,
  possessive,
} from './read.js';
export { moneyCheck } from './money.js';
