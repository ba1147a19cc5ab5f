// The referee's action log and the state derived from it (DESIGN §5). The log is the truth: the
// screen is always `replay(log)`, and undo/redo are entries in the log, never deletions.
import type { CountryId, Party } from '../ledger.js';
import type { Table } from '../table.js';
import type { Prompt } from '../effects/apply.js';

/** Written into every log entry, so an old game can be told apart when the rules change. */
export const RULES_VERSION = '1';

export interface Setup {
  players: number;
  edition: string;
  length: 'short' | 'long';
  packs: string[];
}

export type Die = 1 | 2 | 3 | 4 | 5 | 6;

export type Action =
  /** The die result, entered or rolled on screen: stored as data, never rolled again. */
  | { type: 'roll'; country: CountryId; face: Die }
  /** A drawn national event, world event or chance card, by printed code; its effects are one step. */
  | { type: 'play-card'; country: CountryId | null; code: string }
  /** Answers a choose-book prompt. */
  | { type: 'choose-book'; country: CountryId; cards: string[] }
  /** At printed value, from the market. */
  | { type: 'buy'; country: CountryId; card: string }
  /** Back to the market at printed value. */
  | { type: 'sell'; country: CountryId; card: string }
  | { type: 'trade'; a: CountryId; b: CountryId; aGives: { credits: number; cards: string[] }; bGives: { credits: number; cards: string[] } }
  /** Books handed over reduce the debt by their printed value; the excess comes back as change where the edition says so. */
  | { type: 'settle'; debtor: CountryId; creditor: Party; credits: number; cards: string[] }
  /** Closes an open auction: whole lot or single books; an empty list of sales means nobody bought. */
  | { type: 'auction'; lot: string; sales: { country: CountryId; cards: string[]; price: number }[] }
  /** A manual move of credits, always possible; a shortfall becomes a debt like any other. */
  | { type: 'transfer'; from: Party; to: Party; amount: number; note: string }
  /** Editions with force_chance_cost only. `cards` (optional): books sent to the market to pay part of the cost. */
  | { type: 'force-chance'; by: CountryId; target: CountryId; cards?: string[] }
  /** Next country / next phase / next round / next century. */
  | { type: 'end-turn' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'undo-to'; seq: number };

export interface LogEntry {
  seq: number;
  action: Action;
  rules: string;
  /** ISO time given by the caller (the engine has no clock). */
  at: string;
}

export type Phase = 'national-events' | 'market' | 'world-event' | 'over';

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
  /** Waiting for a person: chance draws, skipped rolls to come, books to choose. Auctions are in openAuctions. */
  prompts: Prompt[];
  openAuctions: string[];
  /** Chance codes out of the game (editions that draw without replacement). */
  chanceUsed: string[];
  history: HistoryLine[];
  /** Seqs of log entries that are currently undone. */
  undone: number[];

  // ── added to the contract ──
  /** The seq the next log entry must carry. */
  nextSeq: number;
  /** The current country has played its national event (or the lead the world event) this turn. */
  eventPlayed: boolean;
  /** The current country skips its roll this market turn (a skip_roll effect). */
  skipping: boolean;
  /** Ids of national and world events already played. */
  played: string[];
  /** The effective game actions, oldest first: undo rebuilds the state from these. */
  entries: Entry[];
  /** Undone entries that redo can bring back; the next to redo is last. */
  redo: Entry[];
  /** Seqs of log entries that replay found illegal and skipped (a log written by other rules). */
  rejected: number[];
}
