// A game opened from a checkpoint is replayed from its first action in the background, a piece at
// a time, as the banker plays on. When the replay has caught up with the log, the game on screen
// becomes the replayed one: the same game (now with the history lines of every action), or — when
// the checkpoint did not match the log (edited by hand, or made by a faulty version) — the game the
// log says, and the banker is told. The log is the truth; a checkpoint only saves time.
import { Replay } from '../../engine/index.js';
import { PIECE } from './loading.js';
import type { Session } from './session.js';

export class Verifier {
  private readonly replay: Replay;
  /** True once the replay has caught up and the session has taken its result. */
  finished = false;

  constructor(private readonly session: Session) {
    this.replay = Replay.fromStart(session.game, session.record.setup, session.log);
  }

  /** Entries replayed so far. */
  get done(): number {
    return this.replay.done;
  }

  /**
   * Replays up to `count` more of the entries the tablet has kept (not one still being written,
   * which may yet be taken back); once caught up with the log, hands the session the result.
   * True when finished.
   */
  piece(count = PIECE): boolean {
    if (this.finished) return true;
    const kept = this.session.keptLength;
    if (this.replay.done < kept) this.replay.advance(Math.min(count, kept - this.replay.done));
    if (this.replay.done === this.session.log.length && !this.session.saving) {
      this.finished = true;
      this.session.verified(this.replay.state);
    }
    return this.finished;
  }

  /** Finishes now, in one go (an undo or redo is about to reach back past the checkpoint). */
  finishNow(): void {
    if (this.session.saving) return;
    this.piece(Number.POSITIVE_INFINITY);
  }
}
