// One game at the table: its action log (the truth), the state the engine derives from it, and
// the one way to add to it. An action is checked by the rules, then written to the tablet and
// shown at the same time (taken back if the write fails); nothing else ever changes the game.
// Every so often it also keeps a checkpoint of the game on the tablet (a long game then reopens
// without replaying every action); a game opened from a checkpoint is replayed from its start in
// the background (verifier.ts), and the game on screen is then the replayed one.
import {
  gameText,
  makeCheckpoint,
  nextRedo,
  moneyCheck,
  replay,
  tryStep,
  RULES_VERSION,
  type Action,
  type Game,
  type GameState,
  type LogEntry,
  type MoneyReport,
  type Setup,
} from '../../engine/index.js';
import { GameTaken, type GameRecord, type GameStore } from './store/game-store.js';
import { randomId } from './store/tab-guard.js';
import { toSavedGame, type SavedGame } from './store/saved-game.js';
import { storeBinding, type Restored } from './loading.js';
import { Verifier } from './verifier.js';

/** A checkpoint is kept once this many entries were recorded since the last: a reload then replays at most this many. */
export const KEEP_EVERY = 1000;

export interface SessionOptions {
  /** Opened from a checkpoint, not yet replayed from the start: a verifier does that. */
  restored?: Restored;
  /** How many of the first entries the store keeps in chunks. */
  chunked?: number;
  /** The entry the newest checkpoint kept on the tablet stands after (0: none). */
  checkpointed?: number;
}

/** What the replay from the start found, once it has caught up with the log. */
export interface Verified {
  /** The game on screen was the game the log says. */
  same: boolean;
  /** Entries the rules refused in the replay from the start. */
  rejected: number;
}

export type Outcome =
  | { ok: true }
  /** Refused by the rules (the engine's sentence) or not saved; `taken` when another tab has taken the game over. */
  | { ok: false; message: string; taken?: true }
  /** A second tap of a double tap, or a tap while the last action was still being saved. */
  | { ok: false; ignored: true };

/** The same action again within this time is the second half of a double tap, not a new action. */
const DOUBLE_TAP_MS = 600;

/** Undo and redo never move under the finger, so every tap of them counts (issue: quick taps were dropped). */
function repeatable(action: Action): boolean {
  return action.type === 'undo' || action.type === 'redo';
}

/** A new game's key on the tablet: the tab holds it (store/tab-guard.ts) before the game is started with it. */
export const newGameKey = randomId;

/** Why the tablet did not keep an action, for the banker. */
function notKeptBecause(e: unknown): string {
  if (e instanceof GameTaken) return 'another tab or window of this browser has taken this game over';
  if (e instanceof DOMException && e.name === 'ConstraintError')
    return 'this game is also open in another tab or window, which recorded an action first. Close the other one and reload this page to see the game as it stands';
  if (e instanceof DOMException && e.name === 'QuotaExceededError')
    return 'the browser has no room left to keep it. Export the game from the Game tab, then free some space on the tablet';
  return 'the browser would not keep it. Export the game from the Game tab so nothing is lost, then reload the page';
}

export class Session {
  state: GameState;
  readonly log: LogEntry[];
  private writing = false;
  private last?: { action: string; at: number };
  private checked?: { state: GameState; report: MoneyReport };
  /** Set while the game shown came from a checkpoint that the replay from the start has not reached yet. */
  restored: Restored | undefined;
  /** That replay, while it runs. */
  readonly verifier: Verifier | undefined;
  /** Told when the replay from the start has caught up (the page redraws, and speaks up if the game changed). */
  onVerified?: (v: Verified) => void;
  private chunked: number;
  private checkpointed: number;
  private keeping = false;

  constructor(
    readonly game: Game,
    readonly store: GameStore | null,
    readonly record: GameRecord,
    log: LogEntry[],
    state?: GameState,
    options: SessionOptions = {},
  ) {
    this.log = log;
    this.state = state ?? replay(game, record.setup, log);
    this.restored = options.restored;
    this.chunked = options.chunked ?? 0;
    this.checkpointed = options.checkpointed ?? 0;
    this.verifier = this.restored ? new Verifier(this) : undefined;
  }

  static async start(game: Game, store: GameStore | null, setup: Setup, key = newGameKey()): Promise<Session> {
    const record: GameRecord = { key, gameId: game.id, gameName: game.name, setup, rules: RULES_VERSION, started: new Date().toISOString() };
    await store?.create(record);
    return new Session(game, store, record, []);
  }

  /** An imported game, kept on the tablet (under a key this tab holds) with a checkpoint of where it ends. */
  static async adopt(game: Game, store: GameStore | null, saved: SavedGame, state: GameState, key = newGameKey(), restored?: Restored): Promise<Session> {
    const record: GameRecord = {
      key,
      gameId: game.id,
      gameName: game.name,
      setup: saved.setup,
      rules: saved.rules,
      started: saved.log[0]?.at ?? saved.saved,
    };
    const log = [...saved.log];
    const checkpoint = log.length > 0 ? makeCheckpoint(game, state, storeBinding(record.key, log, log.length)) : undefined;
    await store?.create(record, log, checkpoint);
    return new Session(game, store, record, log, state, { restored, chunked: log.length, checkpointed: checkpoint ? log.length : 0 });
  }

  /** The money law (engine/money-law.ts) on the game as it stands. */
  get money(): MoneyReport {
    // Asked by the header on every redraw; the answer changes only with the state.
    if (this.checked?.state !== this.state) this.checked = { state: this.state, report: moneyCheck(this.game, this.state) };
    return this.checked.report;
  }

  /**
   * Checks one action, applies it, and saves it. The screen may show the new state while the
   * tablet is still writing it (`shown` runs in that gap): the write finishes within a frame or
   * two, and waiting for it before drawing made every tap a frame slower than it needs to be. If
   * the write fails, the action is taken back, so the log and the state again match what is kept,
   * and the caller redraws. Until the write ends, every other action is refused as a double tap.
   */
  async act(action: Action, shown?: () => Promise<void>): Promise<Outcome> {
    if (this.writing) return { ok: false, ignored: true };
    const key = JSON.stringify(action);
    if (!repeatable(action) && this.last && this.last.action === key && performance.now() - this.last.at < DOUBLE_TAP_MS) return { ok: false, ignored: true };
    // What came before the checkpoint is only known once replayed from the start: finish that first.
    if (this.reachesPastCheckpoint(action)) this.verifier?.finishNow();
    const r = tryStep(this.game, this.state, action);
    if ('refusal' in r) return { ok: false, message: r.refusal };
    const entry: LogEntry = { seq: this.state.nextSeq, action, rules: RULES_VERSION, at: new Date().toISOString() };
    const before = this.state;
    this.writing = true;
    // The write starts before anything is drawn, so drawing never delays it.
    const saving = this.store?.append(this.record.key, entry) ?? Promise.resolve();
    this.log.push(entry);
    this.state = r.state;
    // A failure to draw is not a failure to keep: it is raised once the write has ended.
    const drawn = shown?.().then(
      () => undefined,
      (e: unknown) => ({ e }),
    );
    const failed = await saving.then(
      () => undefined,
      (e: unknown) => ({ e }),
    );
    const drawing = await drawn;
    this.writing = false;
    if (failed) {
      this.log.pop();
      this.state = before;
      const message = `That was not recorded: ${notKeptBecause(failed.e)}.`;
      return failed.e instanceof GameTaken ? { ok: false, message, taken: true } : { ok: false, message };
    }
    if (drawing) throw drawing.e;
    this.last = { action: key, at: performance.now() };
    this.keepCheckpoint();
    return { ok: true };
  }

  /** The entries the tablet has kept (all but one still being written). */
  get keptLength(): number {
    return this.log.length - (this.writing ? 1 : 0);
  }

  /** Whether an undo or redo would need the game as it stood before the checkpoint it was opened from. */
  private reachesPastCheckpoint(action: Action): boolean {
    const base = this.restored;
    if (!base) return false;
    if (action.type === 'undo') return this.state.entries.length - 1 < base.entries;
    if (action.type === 'undo-to') return action.seq < base.seq;
    if (action.type === 'redo') return (nextRedo(this.state)?.seq ?? Number.POSITIVE_INFINITY) <= base.seq;
    return false;
  }

  /**
   * The replay from the start has caught up with the log: its game is the one shown from now on,
   * with the history lines of every action. If it is not the game that was shown, the checkpoint
   * was wrong: a new one is kept at once.
   */
  verified(truth: GameState): void {
    const same = gameText(truth) === gameText(this.state);
    this.state = truth;
    this.restored = undefined;
    // A checkpoint that did not match is replaced at once, whatever the game's length.
    this.keepCheckpoint(!same);
    this.onVerified?.({ same, rejected: truth.rejected.length });
  }

  /**
   * Keeps a checkpoint of the game on the tablet when enough was recorded since the last one (not
   * while the game shown is still to be confirmed by the replay from the start). It is written on
   * the side: nothing waits for it, and if it is not kept the game simply replays a little more
   * when it is next opened.
   */
  keepCheckpoint(now = false): void {
    if (!this.store || this.restored || this.keeping || this.writing) return;
    const seq = this.log.length;
    if (seq === 0 || (!now && seq - this.checkpointed < KEEP_EVERY)) return;
    const checkpoint = makeCheckpoint(this.game, this.state, storeBinding(this.record.key, this.log, seq));
    this.keeping = true;
    this.store
      .keepCheckpoint(this.record.key, checkpoint, this.log, this.chunked)
      .then(
        () => {
          this.checkpointed = seq;
          this.chunked = Math.max(this.chunked, seq);
        },
        () => undefined,
      )
      .finally(() => {
        this.keeping = false;
      });
  }

  /** True while an action is shown but not yet kept by the tablet. */
  get saving(): boolean {
    return this.writing;
  }

  /** The game as a file, with a checkpoint of where it stands (once confirmed by the replay from the start). */
  toSaved(): SavedGame {
    this.verifier?.finishNow();
    return toSavedGame(this.game, this.record.rules, this.record.setup, this.log, new Date().toISOString(), this.restored ? undefined : this.state);
  }
}
