// The referee's action log and the state derived from it (DESIGN §5). The log is the truth: the
// screen is always `replay(log)`, and undo/redo are entries in the log, never deletions.
import type { CountryId } from '../ledger.js';
import type { Table } from '../table.js';
import type { Prompt } from '../prompts.js';
import type { Chain } from '../chain.js';
import type { Action } from './actions/index.js';

/**
 * Written into every log entry, so an old game can be told apart when the rules change.
 * 2: debts enforced, books for debts by edition, sale values, classic claims and end-of-game
 *    buying order, stopping early. Changing it means re-recording tests/fixtures/games.
 */
export const RULES_VERSION = '2';

export interface Setup {
  players: number;
  edition: string;
  length: 'short' | 'long';
  packs: string[];
  /** The century after which the game ends, if the table agreed to stop early; the last century when left out. */
  end?: string;
}

export type Die = 1 | 2 | 3 | 4 | 5 | 6;
export type { Action };

export interface LogEntry {
  seq: number;
  action: Action;
  rules: string;
  /** ISO time given by the caller (the engine has no clock). */
  at: string;
}

/** national events → market (→ again in long play) → world event → next century; at the end, the edition's buying, then over. */
export type Phase = 'national-events' | 'market' | 'world-event' | 'final-buying' | 'over';

export interface HistoryLine {
  /** The log entry this line came from: "undo to here" uses it. */
  seq: number;
  who: string;
  what: string;
  why: string;
}

export interface Entry {
  seq: number;
  action: Action;
}

/**
 * End-of-game buying (editions with `end_of_game: buy-books`): countries with credits buy from
 * the market in the order of their libraries' value, highest first; equal libraries roll the die.
 */
export interface Buying {
  /** Each buyer's library value (loose books and collections) when the buying began. */
  points: Record<CountryId, number>;
  /** Die rolls that break ties, in the order they were rolled. */
  rolls: Record<CountryId, number[]>;
}

export interface GameState {
  setup: Setup;
  table: Table;
  century: string;
  /** 1-based round within the century. */
  round: number;
  phase: Phase;
  current: CountryId;
  /** The game's very first round: a re-roll face is rolled again instead of meaning chance. */
  firstRound: boolean;
  /** The current country has rolled its die this market turn (a re-roll does not count). */
  rolled: boolean;
  /** Waiting for a person: chance draws, skipped rolls to come, books to choose, debts to settle. Auctions are in openAuctions. */
  prompts: Prompt[];
  openAuctions: string[];
  /** Chance codes out of the game (editions that draw without replacement). */
  chanceUsed: string[];
  /**
   * Chance cards drawn since this turn began. A turn never draws more than the deck holds, so a
   * chance card that says "draw a chance card" (shuffled back after every draw) cannot chain
   * without end: see `drawableChance`.
   */
  chanceThisTurn: number;
  /** What happened, line by line (read it with `historyOf`). */
  history: Chain<HistoryLine>;
  /**
   * Seqs of log entries that were undone and then left behind by a new action: redo can no longer
   * bring them back. With the entries in `redo`, they are the log's undone entries (read them with
   * `undoneOf`). A chain, so that undo and redo never copy a list as long as the game.
   */
  abandoned: Chain<number>;
  /** The seq the next log entry must carry. */
  nextSeq: number;
  /** The current country has played its national event (or the lead the world event) this turn. */
  eventPlayed: boolean;
  /** The current country skips its roll this market turn (a skip_roll effect). */
  skipping: boolean;
  /** Ids of national and world events already played. */
  played: string[];
  /** The effective game actions, oldest first: undo rebuilds the state from these (read them with `entriesOf`). */
  entries: Chain<Entry>;
  /** Undone entries that redo can bring back; the next to redo is last (one link each: `lastOf`). */
  redo: Chain<Entry>;
  /** Seqs of log entries that replay found illegal and skipped (a log written by other rules), oldest first. */
  rejected: Chain<number>;
  /** The century after which the game ends. */
  end: string;
  /** The end-of-game buying, once it has begun. */
  buying: Buying | null;
}
