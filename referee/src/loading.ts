// Opening a game: a game kept on the tablet (on every reload), or a saved game imported from a
// file. A long game opens from its checkpoint (engine/game/checkpoint.ts), replaying only the
// actions after it; without one that can be used, every action is replayed. Either way the work
// is done a slice at a time with its progress shown, so the page never freezes while it opens.
// A game opened from a checkpoint is then replayed from its first action in the background and
// set right if the two differ (verifier.ts): the log is the truth.
import { Replay, checkpointSeq, newGame, restoreCheckpoint, sha256Hex, type Checkpoint, type Game, type GameState, type LogEntry } from '../../engine/index.js';
import { inSlices } from './slices.js';
import type { StoredGame } from './store/game-store.js';

/** Actions replayed between two looks at the clock. */
export const PIECE = 64;

export interface Progress {
  done: number;
  total: number;
}

/** A game restored from a checkpoint that covers the log's first `seq` entries (`entries` of them in effect), not yet replayed from the start. */
export interface Restored {
  seq: number;
  entries: number;
}

/** A game opened: the state its log leads to, and the checkpoint it came from, if one was used. */
export interface Opened {
  state: GameState;
  restored?: Restored;
}

/**
 * What ties a checkpoint kept on the tablet to its log: the game's key, the entry it stands after
 * and that entry. A tablet's log only ever grows, so this names the log up to there without
 * reading all of it (a file's checkpoints are tied by check codes: engine/saved-game.ts).
 */
export function storeBinding(key: string, log: readonly LogEntry[], seq: number): string {
  return sha256Hex(JSON.stringify([key, seq, log[seq - 1] ?? null]));
}

/**
 * A game kept on the tablet, opened from its checkpoint when that can be used, else from the start.
 * Entries the rules refuse are skipped (the page says how many), as they always were on a reload.
 */
export async function openKept(game: Game, stored: StoredGame, onProgress?: (p: Progress) => void): Promise<Opened> {
  const { record, log } = stored;
  let from = { state: newGame(game, record.setup), done: 0 };
  let restored: Restored | undefined;
  // A seq past the log's end is refused by restoreCheckpoint.
  const seq = checkpointSeq(stored.checkpoint);
  if (seq !== undefined && seq > 0) {
    const r = restoreCheckpoint(game, record.setup, log, stored.checkpoint as Checkpoint, storeBinding(record.key, log, seq));
    if (r.ok) {
      from = { state: r.state, done: seq };
      restored = { seq, entries: r.state.entries.length };
    }
  }
  const replay = new Replay(game, log, from);
  await inSlices(
    () => replay.advance(PIECE),
    () => onProgress?.({ done: replay.done, total: log.length }),
  );
  return { state: replay.state, ...(restored ? { restored } : {}) };
}
