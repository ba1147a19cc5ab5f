// One game at the table: its action log (the truth), the state the engine derives from it, and
// the one way to add to it. An action is checked by the rules, written to the tablet, and only
// then shown; nothing else ever changes the game.
import {
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
import type { GameRecord, GameStore } from './store/game-store.js';
import { toSavedGame, type SavedGame } from './store/saved-game.js';

export type Outcome =
  | { ok: true }
  /** Refused by the rules (the engine's sentence) or not saved. */
  | { ok: false; message: string }
  /** A second tap of a double tap, or a tap while the last action was still being saved. */
  | { ok: false; ignored: true };

/** The same action again within this time is the second half of a double tap, not a new action. */
const DOUBLE_TAP_MS = 600;

/** Undo and redo never move under the finger, so every tap of them counts (issue: quick taps were dropped). */
function repeatable(action: Action): boolean {
  return action.type === 'undo' || action.type === 'redo';
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class Session {
  state: GameState;
  readonly log: LogEntry[];
  private writing = false;
  private last?: { action: string; at: number };
  private checked?: { state: GameState; report: MoneyReport };

  constructor(
    readonly game: Game,
    readonly store: GameStore | null,
    readonly record: GameRecord,
    log: LogEntry[],
    state?: GameState,
  ) {
    this.log = log;
    this.state = state ?? replay(game, record.setup, log);
  }

  static async start(game: Game, store: GameStore | null, setup: Setup): Promise<Session> {
    const record: GameRecord = { key: newKey(), gameId: game.id, gameName: game.name, setup, rules: RULES_VERSION, started: new Date().toISOString() };
    await store?.create(record);
    return new Session(game, store, record, []);
  }

  static async adopt(game: Game, store: GameStore | null, saved: SavedGame, state: GameState): Promise<Session> {
    const record: GameRecord = {
      key: newKey(),
      gameId: game.id,
      gameName: game.name,
      setup: saved.setup,
      rules: saved.rules,
      started: saved.log[0]?.at ?? saved.saved,
    };
    await store?.create(record, saved.log);
    return new Session(game, store, record, [...saved.log], state);
  }

  /** The money law (engine/money-law.ts) on the game as it stands. */
  get money(): MoneyReport {
    // Asked by the header on every redraw; the answer changes only with the state.
    if (this.checked?.state !== this.state) this.checked = { state: this.state, report: moneyCheck(this.game, this.state) };
    return this.checked.report;
  }

  /** Checks, saves, then applies one action. The screen is updated by the caller afterwards. */
  async act(action: Action): Promise<Outcome> {
    if (this.writing) return { ok: false, ignored: true };
    const key = JSON.stringify(action);
    if (!repeatable(action) && this.last && this.last.action === key && performance.now() - this.last.at < DOUBLE_TAP_MS) return { ok: false, ignored: true };
    const r = tryStep(this.game, this.state, action);
    if ('refusal' in r) return { ok: false, message: r.refusal };
    const entry: LogEntry = { seq: this.state.nextSeq, action, rules: RULES_VERSION, at: new Date().toISOString() };
    const next = r.state;
    this.writing = true;
    try {
      await this.store?.append(this.record.key, entry);
    } catch (e) {
      const why =
        e instanceof DOMException && e.name === 'ConstraintError'
          ? 'this game is also open in another tab or window, which recorded an action first. Close the other one and reload this page to see the game as it stands'
          : e instanceof DOMException && e.name === 'QuotaExceededError'
            ? 'the browser has no room left to keep it. Export the game from the Game tab, then free some space on the tablet'
            : 'the browser would not keep it. Export the game from the Game tab so nothing is lost, then reload the page';
      return { ok: false, message: `That was not recorded: ${why}.` };
    } finally {
      this.writing = false;
    }
    this.log.push(entry);
    this.state = next;
    this.last = { action: key, at: performance.now() };
    return { ok: true };
  }

  toSaved(): SavedGame {
    return toSavedGame(this.game, this.record.rules, this.record.setup, this.log, new Date().toISOString());
  }
}
