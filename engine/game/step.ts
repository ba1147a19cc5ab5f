// One log entry at a time. Game actions are carried out; undo, redo and undo-to return to the
// state of the game's effective actions, so nothing is ever reversed by hand and nothing is lost.
import type { Game } from '../game.js';
import { applyAction } from './apply-action.js';
import { check } from './check.js';
import { newGame } from './turns.js';
import type { Action, Entry, GameState, LogEntry, Setup } from './types.js';
import { after, append, lastOf, upTo, type Chain } from '../chain.js';
import { withState } from './state.js';

// Undo returns to an earlier state. Replaying the game from its first action every time made
// reloading a long game with many undos quadratic; keeping every state would keep every history
// array alive. So every CHECKPOINT-th effective action's state is remembered, by the link of the
// entries chain it was made with (that link names exactly the actions behind it), and undo walks
// back along the chain to the nearest one and replays at most CHECKPOINT - 1 actions from there.
// Only those few states are remembered, not one entry per action: a simulator playing thousands
// of games a second pays nothing for it. Without a checkpoint (a state from an older session),
// the game is rebuilt from its first action.
const CHECKPOINT = 32;
const checkpoints = new WeakMap<Chain<Entry>, GameState>();

function remember(next: GameState): GameState {
  if (next.entries.length % CHECKPOINT === 0) checkpoints.set(next.entries, next);
  return next;
}

/** The state after the first `keep` effective actions (a prefix of the log), keeping the log's bookkeeping. */
function rebuild(game: Game, state: GameState, keep: number, redo: Entry[], seq: number): GameState {
  const entries = upTo(state.entries, keep);
  let base: GameState | undefined;
  for (let c: Chain<Entry> | null = entries; c && !base; c = c.prev) base = checkpoints.get(c);
  base ??= newGame(game, state.setup);
  let s = base;
  for (const e of after(entries, base.entries.length)) {
    const done = applyAction(game, s, e.action, e.seq);
    s = withState(done.state, { history: append(s.history, done.lines), entries: append(s.entries, [e]) });
  }
  // What is taken back joins the undone lines; nothing else changes there.
  const removed = after(state.entries, keep).map((e) => e.seq);
  const undone = [...state.undone, ...removed].sort((a, b) => a - b);
  return withState(s, { entries, redo, undone, rejected: state.rejected, nextSeq: seq + 1 });
}

// Most actions leave nothing to redo: they share one empty list rather than make a new one each.
const NO_REDO: Entry[] = [];

function stepAt(game: Game, state: GameState, action: Action, seq: number, record = true): GameState {
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
      const done = applyAction(game, state, again.action, again.seq);
      return remember(
        withState(done.state, {
          history: append(state.history, done.lines),
          entries: append(state.entries, [again]),
          redo: state.redo.slice(0, -1),
          undone: state.undone.filter((n) => n !== again.seq),
          nextSeq: seq + 1,
        }),
      );
    }
    default: {
      const done = applyAction(game, state, action, seq, record);
      if (!record) return withState(done.state, { nextSeq: seq + 1 });
      // A new action after an undo starts a new branch: what was undone can no longer be redone.
      return remember(
        withState(done.state, {
          history: append(state.history, done.lines),
          entries: append(state.entries, [{ seq, action }]),
          redo: NO_REDO,
          nextSeq: seq + 1,
        }),
      );
    }
  }
}

export interface StepOptions {
  /**
   * false: the game is played by the same rules and checks but not written down — no history
   * lines and nothing to undo. For the balance simulator, which plays thousands of games a second
   * and reads only how they end; the referee always records.
   */
  record?: boolean;
  /**
   * true: the action was built in code as an `Action` (the simulator's bots), so it is not read
   * against the saved-game schema again; every rule is still checked. Anything read from a file,
   * a page or a person is checked in full.
   */
  typed?: boolean;
}

/** Applies one action if the rules allow it; otherwise says why, in the banker's words. */
export function tryStep(game: Game, state: GameState, action: Action, options: StepOptions = {}): { state: GameState } | { refusal: string } {
  const refusal = check(game, state, action, options.typed ?? false);
  return refusal ? { refusal } : { state: stepAt(game, state, action, state.nextSeq, options.record ?? true) };
}

/** Applies one action; throws with the banker's sentence if it is not allowed. */
export function step(game: Game, state: GameState, action: Action, options: StepOptions = {}): GameState {
  const r = tryStep(game, state, action, options);
  if ('refusal' in r) throw new Error(r.refusal);
  return r.state;
}

/**
 * The state a log describes. Nothing is rolled or drawn again: dice and cards are in the entries.
 * An entry the rules refuse (a log from other content or rules) is skipped and listed in `rejected`.
 */
export function replay(game: Game, setup: Setup, log: readonly LogEntry[], onRejected?: (entry: LogEntry, reason: string) => void): GameState {
  let state = newGame(game, setup);
  checkpoints.set(state.entries, state);
  for (const entry of log) {
    const reason = check(game, state, entry.action);
    if (reason !== null) {
      onRejected?.(entry, reason);
      state = withState(state, { rejected: [...state.rejected, entry.seq], nextSeq: entry.seq + 1 });
      continue;
    }
    state = stepAt(game, state, entry.action, entry.seq);
  }
  return state;
}
