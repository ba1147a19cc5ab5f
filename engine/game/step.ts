// One log entry at a time. Game actions are carried out; undo, redo and undo-to return to the
// state of the game's effective actions, so nothing is ever reversed by hand and nothing is lost.
import type { Game } from '../game.js';
import { applyAction } from './apply-action.js';
import { check } from './check.js';
import { newGame } from './turns.js';
import type { Action, Entry, GameState, LogEntry, Setup } from './types.js';
import { after, append, lastOf, upTo, type Chain } from '../chain.js';

// Undo returns to an earlier state. Replaying the game from its first action every time made
// reloading a long game with many undos quadratic; keeping every state would keep every history
// array alive. So every CHECKPOINT-th effective action's state is remembered, each state knows
// its latest checkpoint, and undo replays at most CHECKPOINT - 1 actions from one. A state the
// maps do not know (from an older session) is rebuilt from the first action instead.
const CHECKPOINT = 32;
const checkpointOf = new WeakMap<GameState, GameState>();
const earlierCheckpoint = new WeakMap<GameState, GameState>();

/** Records where `next` (made from `from`) can be rebuilt from. */
function remember(next: GameState, from: GameState): GameState {
  const last = checkpointOf.get(from);
  if (next.entries.length % CHECKPOINT === 0) {
    checkpointOf.set(next, next);
    if (last) earlierCheckpoint.set(next, last);
  } else if (last) {
    checkpointOf.set(next, last);
  }
  return next;
}

/** The state after the first `keep` effective actions (a prefix of the log), keeping the log's bookkeeping. */
function rebuild(game: Game, state: GameState, keep: number, redo: Entry[], seq: number): GameState {
  const entries = upTo(state.entries, keep);
  let base = checkpointOf.get(state);
  while (base && base.entries.length > keep) base = earlierCheckpoint.get(base);
  if (!base) {
    base = newGame(game, state.setup);
    checkpointOf.set(base, base);
  }
  let s = base;
  for (const e of after(entries, base.entries.length)) {
    const next = applyAction(game, s, e.action, e.seq);
    s = remember({ ...next, entries: append(s.entries, [e]) }, s);
  }
  // What is taken back joins the undone lines; nothing else changes there.
  const removed = after(state.entries, keep).map((e) => e.seq);
  const undone = [...state.undone, ...removed].sort((a, b) => a - b);
  return inheritCheckpoint({ ...s, entries, redo, undone, rejected: state.rejected, nextSeq: seq + 1 }, s);
}

/**
 * `out` is `from` with only bookkeeping changed (the log, a rejection): it takes over `from`'s
 * checkpoint — or, when `from` was a checkpoint, becomes one itself with `from`'s predecessor.
 */
function inheritCheckpoint(out: GameState, from: GameState): GameState {
  const cp = checkpointOf.get(from);
  if (cp) checkpointOf.set(out, cp === from ? out : cp);
  const earlier = cp === from ? earlierCheckpoint.get(from) : undefined;
  if (earlier) earlierCheckpoint.set(out, earlier);
  return out;
}

function stepAt(game: Game, state: GameState, action: Action, seq: number): GameState {
  switch (action.type) {
    case 'undo': {
      const last = lastOf(state.entries)!;
      return rebuild(game, state, state.entries.length - 1, [...state.redo, last], seq);
    }
    case 'undo-to': {
      // Entries are in seq order, so what goes is a run at the end; the earliest of it is redone first.
      let keep = state.entries.length;
      for (let c: Chain<Entry> | null = state.entries; c && c.length > 0 && c.items[0]!.seq > action.seq; c = c.prev) keep = c.prev?.length ?? 0;
      const gone = after(state.entries, keep).reverse();
      return rebuild(game, state, keep, [...state.redo, ...gone], seq);
    }
    case 'redo': {
      const again = state.redo[state.redo.length - 1]!;
      const s = applyAction(game, state, again.action, again.seq);
      return remember(
        { ...s, entries: append(state.entries, [again]), redo: state.redo.slice(0, -1), undone: state.undone.filter((n) => n !== again.seq), nextSeq: seq + 1 },
        state,
      );
    }
    default: {
      const s = applyAction(game, state, action, seq);
      // A new action after an undo starts a new branch: what was undone can no longer be redone.
      return remember({ ...s, entries: append(state.entries, [{ seq, action }]), redo: [], nextSeq: seq + 1 }, state);
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
export function replay(game: Game, setup: Setup, log: readonly LogEntry[], onRejected?: (entry: LogEntry, reason: string) => void): GameState {
  let state = newGame(game, setup);
  checkpointOf.set(state, state);
  for (const entry of log) {
    const reason = check(game, state, entry.action);
    if (reason !== null) {
      onRejected?.(entry, reason);
      state = inheritCheckpoint({ ...state, rejected: [...state.rejected, entry.seq], nextSeq: entry.seq + 1 }, state);
      continue;
    }
    state = stepAt(game, state, entry.action, entry.seq);
  }
  return state;
}
