// One log entry at a time. Game actions are carried out; undo, redo and undo-to return to the
// state of the game's effective actions, so nothing is ever reversed by hand and nothing is lost.
import type { Game } from '../game.js';
import { applyAction } from './apply-action.js';
import { check } from './check.js';
import { newGame } from './turns.js';
import type { Action, Entry, GameState, LogEntry, Setup } from './types.js';

// For each state, the state its last effective action was applied to. Undo steps back through
// it instead of replaying the game from the start, which made reloading a long game with many
// undos quadratic. A state the map does not know (from an older session) is rebuilt instead.
const before = new WeakMap<GameState, GameState>();

/** The state after exactly these effective actions, keeping the log's bookkeeping. */
function rebuild(game: Game, state: GameState, entries: Entry[], redo: Entry[], seq: number): GameState {
  // Walk back through remembered states while they still carry more entries than we keep.
  let base: GameState | undefined = state;
  while (base && base.entries.length > entries.length) base = before.get(base);
  if (!base || base.entries.length !== entries.length) {
    base = newGame(game, state.setup);
    for (const e of entries) {
      const next = applyAction(game, base, e.action, e.seq);
      before.set(next, base);
      base = next;
    }
  }
  const effective = new Set(entries.map((e) => e.seq));
  const undone = [...new Set([...state.undone, ...state.entries.map((e) => e.seq)])].filter((n) => !effective.has(n)).sort((a, b) => a - b);
  const out = { ...base, entries, redo, undone, rejected: state.rejected, nextSeq: seq + 1 };
  const prior = before.get(base);
  if (prior) before.set(out, prior);
  return out;
}

function remember(next: GameState, from: GameState): GameState {
  before.set(next, from);
  return next;
}

function stepAt(game: Game, state: GameState, action: Action, seq: number): GameState {
  switch (action.type) {
    case 'undo': {
      const last = state.entries[state.entries.length - 1]!;
      return rebuild(game, state, state.entries.slice(0, -1), [...state.redo, last], seq);
    }
    case 'undo-to': {
      const keep = state.entries.filter((e) => e.seq <= action.seq);
      const gone = state.entries.filter((e) => e.seq > action.seq).reverse(); // the earliest is redone first
      return rebuild(game, state, keep, [...state.redo, ...gone], seq);
    }
    case 'redo': {
      const again = state.redo[state.redo.length - 1]!;
      const s = applyAction(game, state, again.action, again.seq);
      return remember({ ...s, entries: [...state.entries, again], redo: state.redo.slice(0, -1), undone: state.undone.filter((n) => n !== again.seq), nextSeq: seq + 1 }, state);
    }
    default: {
      const s = applyAction(game, state, action, seq);
      // A new action after an undo starts a new branch: what was undone can no longer be redone.
      return remember({ ...s, entries: [...state.entries, { seq, action }], redo: [], nextSeq: seq + 1 }, state);
    }
  }
}

/** Applies one action if the rules allow it; otherwise says why, in the banker's words. */
export function tryStep(game: Game, state: GameState, action: Action): { state: GameState } | { refusal: string } {
  const refusal = check(game, state, action);
  return refusal ? { refusal } : { state: stepAt(game, state, action, state.nextSeq) };
}

/** Applies one action; throws with the banker's sentence if it is not allowed. */
export function step(game: Game, state: GameState, action: Action): GameState {
  const r = tryStep(game, state, action);
  if ('refusal' in r) throw new Error(r.refusal);
  return r.state;
}

/**
 * The state a log describes. Nothing is rolled or drawn again: dice and cards are in the entries.
 * An entry the rules refuse (a log from other content or rules) is skipped and listed in `rejected`.
 */
export function replay(game: Game, setup: Setup, log: readonly LogEntry[]): GameState {
  let state = newGame(game, setup);
  for (const entry of log) {
    if (check(game, state, entry.action) !== null) {
      const prior = before.get(state);
      state = { ...state, rejected: [...state.rejected, entry.seq], nextSeq: entry.seq + 1 };
      if (prior) before.set(state, prior);
      continue;
    }
    state = stepAt(game, state, entry.action, entry.seq);
  }
  return state;
}
