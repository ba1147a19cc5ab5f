// What the banker's tablet sends the server, and what a phone receives: the public table for
// everyone, and one library per country that only that country's phone is ever sent
// (generator/commands/referee-live.ts keeps the rest to itself). Ids, numbers and the engine's
// sentences only: the phone draws names, emblems and titles from the same game.json as the tablet.
import type { CountryId } from '../../../engine/index.js';

/** What the whole table may see: it is on the shared screen anyway. */
export interface PublicTable {
  /** Which game on the tablet this is: a new game or another one reopened replaces it on phones. */
  game: string;
  /** How many actions the log holds: a phone ignores anything older than what it has of the same game. */
  rev: number;
  century: string;
  round: string;
  phase: string;
  lead: CountryId;
  /** Whose turn it is (none once the game is over). */
  turn: CountryId | null;
  over: boolean;
  /** Once the game is over: the final order, winners first (places shared on a tie), as the Scores tab shows it. */
  standings: { place: number; countries: CountryId[]; total: number }[] | null;
  /** What happens next, in the engine's words. */
  next: string[];
  balances: { country: CountryId; credits: number; owes: number; owed: number }[];
  /** The bank's check (the money law) holds. */
  bankOk: boolean;
}

/** One country's own library: its books are its secret. */
export interface Library {
  credits: number;
  owes: { to: string; amount: number; reason: string }[];
  owed: { from: CountryId; amount: number; reason: string }[];
  /** Each book with its value under the edition being played (classic counts auction books as 1). */
  books: { id: string; value: number; locked: boolean }[];
  done: { label: string; points: number }[];
  progress: { label: string; have: number; size: number }[];
  /** Its score if the game ended now (the final score once it has). */
  score: number;
  /** The latest history lines that name it, newest first. */
  recent: { seq: number; text: string }[];
}

export interface Snapshot {
  table: PublicTable;
  libraries: Record<CountryId, Library>;
}

/** What one phone is sent. */
export interface PhoneMessage {
  country: CountryId;
  table: PublicTable;
  library: Library | null;
}

/** The server's answer to a snapshot: each country's join token and its addresses on the network. */
export interface PushAnswer {
  phones: Record<CountryId, string>;
  lan: string[];
  /** The countries whose phones are following now. */
  following: CountryId[];
}
