// One log entry at a time. Game actions are carried out; undo, redo and undo-to return to the
// state of the game's effective actions, so nothing is ever reversed by hand and nothing is lost.
import type { Game } from '../game.js';
import { applyAction } from './apply-action.js';
import { check } from './check.js';
import { newGame } from './turns.js';
import type { Action, Entry, GameState, LogEntry, Setup } from './types.js';
import { after, append, lastOf, type Chain } from '../chain.js';
import { added, redone, undone, undoneTo, type LogBooks } from './log-books.js';
import { withState } from './state.js';

// Undo returns to an earlier state. Replaying the game from its first action every time made
// reloading a long game with many undos quadratic; keeping every state would keep every table
// alive. So two kinds of states are remembered, by the link of the entries chain they were made
// with (that link names exactly the actions behind them): every CHECKPOINT-th effective action's
// state, for as long as its link lives, and the last RECENT states made, whatever their length.
// Undo, and undo back a few lines, find the state they return to among the recent ones (a slip
// and its undo, again and again, replays nothing); a longer way back walks the chain to the
// nearest checkpoint and replays at most CHECKPOINT - 1 actions from there. A simulator playing
// thousands of unrecorded games a second remembers nothing. Without either (a state from an older
// session), the game is rebuilt from its first action.
const CHECKPOINT = 32;
const RECENT = 64;
const checkpoints = new WeakMap<Chain<Entry>, GameState>();
const recent = new Map<Chain<Entry>, GameState>();

function remember(next: GameState): GameState {
  if (next.entries.length % CHECKPOINT === 0) checkpoints.set(next.entries, next);
  recent.delete(next.entries);
  recent.set(next.entries, next);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return next;
}

/** A state remembered for exactly these effective actions (its log bookkeeping may be older). */
function known(entries: Chain<Entry>): GameState | undefined {
  return recent.get(entries) ?? checkpoints.get(entries);
}

/** The state of the effective actions `books` leaves (a prefix of the present ones), with that bookkeeping. */
function rebuild(game: Game, state: GameState, books: LogBooks, seq: number): GameState {
  const { entries } = books;
  let base: GameState | undefined;
  for (let c: Chain<Entry> | null = entries; c && !base; c = c.prev) base = known(c);
  base ??= newGame(game, state.setup);
  let s = base;
  for (const e of after(entries, base.entries.length)) {
    const done = applyAction(game, s, e.action, e.seq);
    s = remember(withState(done.state, { history: append(s.history, done.lines), entries: append(s.entries, [e]) }));
  }
  // What is taken back is on the redo list; the log's other bookkeeping stays as it was.
  return remember(withState(s, { ...books, rejected: state.rejected, nextSeq: seq + 1 }));
}

function stepAt(game: Game, state: GameState, action: Action, seq: number, record = true): GameState {
  switch (action.type) {
    case 'undo':
      return rebuild(game, state, undone(state), seq);
    case 'undo-to':
      return rebuild(game, state, undoneTo(state, action.seq), seq);
    case 'redo': {
      const books = redone(state);
      const again = lastOf(books.entries)!;
      const done = applyAction(game, state, again.action, again.seq);
      return remember(withState(done.state, { history: append(state.history, done.lines), ...books, nextSeq: seq + 1 }));
    }
    default: {
      const done = applyAction(game, state, action, seq, record);
      if (!record) return withState(done.state, { nextSeq: seq + 1 });
      // A new action after an undo starts a new branch: what was undone can no longer be redone.
      return remember(withState(done.state, { history: append(state.history, done.lines), ...added(state, { seq, action }), nextSeq: seq + 1 }));
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
 * A log replayed a piece at a time, so that a page can replay a long game between frames and
 * show how far it got; `replay` is the same thing in one go. It may start from a state restored
 * from a checkpoint (checkpoint.ts) instead of the first action. The log may grow while it runs
 * (the referee goes on recording): `advance` takes whatever is there.
 */
export class Replay {
  /** The state after the entries replayed so far. */
  state: GameState;
  /** How many entries of the log are replayed. */
  done: number;

  constructor(
    private readonly game: Game,
    private readonly log: readonly LogEntry[],
    from: { state: GameState; done: number },
    private readonly onRejected?: (entry: LogEntry, reason: string) => void,
  ) {
    this.state = from.state;
    this.done = from.done;
    // Undo finds its way back to here without replaying what came before.
    checkpoints.set(this.state.entries, this.state);
  }

  /** From the game's first action. */
  static fromStart(game: Game, setup: Setup, log: readonly LogEntry[], onRejected?: (entry: LogEntry, reason: string) => void): Replay {
    return new Replay(game, log, { state: newGame(game, setup), done: 0 }, onRejected);
  }

  /** Replays up to `count` more entries; true once the whole log is replayed. */
  advance(count = Number.POSITIVE_INFINITY): boolean {
    const end = Math.min(this.log.length, this.done + count);
    let state = this.state;
    for (let i = this.done; i < end; i++) {
      const entry = this.log[i]!;
      const reason = check(this.game, state, entry.action);
      if (reason !== null) {
        this.onRejected?.(entry, reason);
        state = withState(state, { rejected: append(state.rejected, [entry.seq]), nextSeq: entry.seq + 1 });
        continue;
      }
      state = stepAt(this.game, state, entry.action, entry.seq);
    }
    this.state = state;
    this.done = end;
    return end === this.log.length;
  }
}

/**
 * The state a log describes. Nothing is rolled or drawn again: dice and cards are in the entries.
 * An entry the rules refuse (a log from other content or rules) is skipped and listed in `rejected`.
 */
export function replay(game: Game, setup: Setup, log: readonly LogEntry[], onRejected?: (entry: LogEntry, reason: string) => void): GameState {
  const r = Replay.fromStart(game, setup, log, onRejected);
  r.advance();
  return r.state;
}
