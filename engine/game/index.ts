// The referee's game: an action log, the state derived from it, and the banker's guide.
export { RULES_VERSION } from './types.js';
export type { Setup, Action, Die, LogEntry, GameState, Phase, HistoryLine, Entry } from './types.js';
export { newGame } from './turns.js';
export { check } from './check.js';
export { step, tryStep, replay } from './step.js';
export { nextSteps, suggestedBooks, type NextStep } from './next-steps.js';
export type { Prompt } from '../effects/apply.js';
