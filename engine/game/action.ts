// The shape of an action. An action is ONE module in ./actions/: its schema (how it is written in
// a saved game), when the rules allow it (one sentence for the banker when they do not), what it
// does to the game, and how it reads in a list of undone lines. ./actions/index.ts lists them.
import { z } from 'zod';
import type { Game } from '../game.js';
import type { Edition } from '../schema/game.js';
import { MAX_CREDITS, owed, type CountryId, type Party } from '../ledger.js';
import { isLocked, ownableById, type Table } from '../table.js';
import type { GameState, HistoryLine } from './types.js';
import { andList } from '../names.js';
import { editionFor, name, Name, possessive } from './read.js';

/** Everything an action's rules look at. */
export interface Ctx {
  game: Game;
  state: GameState;
  edition: Edition;
}

export function ctxOf(game: Game, state: GameState): Ctx {
  return { game, state, edition: editionFor(game, state) };
}

/**
 * Collects the history lines an action writes. An unrecorded game (`record: false`: the
 * simulator) keeps no history, so nobody reads its lines: `on` is false and the actions build no
 * words at all (each line is written `if (rec.on) rec.say(…)`), saving the string work of every
 * action. A recorded game gets exactly the same lines as always.
 */
export class Recorder {
  readonly lines: HistoryLine[] = [];
  constructor(
    private readonly seq: number,
    /** Whether the lines are kept (and so worth writing). */
    readonly on = true,
  ) {}
  say(who: string, what: string, why = ''): void {
    if (this.on) this.lines.push({ seq: this.seq, who, what, why });
  }
}

export interface ActionDef<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  schema: S;
  /** null when the rules allow it now; otherwise why not, and what to do instead. */
  check(ctx: Ctx, action: z.output<S>): string | null;
  /** Carries it out (`check` has said yes). */
  apply(ctx: Ctx, action: z.output<S>, rec: Recorder): GameState;
  /** A short sentence for buttons and undone lines, e.g. "Spain buys Don Quixote". */
  describe(game: Game, action: z.output<S>): string;
  /** What it records, for the saved-game reference (docs/saved-game.md). */
  summary: string;
  /** A real example, written as a saved game writes it; the docs show it and a test parses it. */
  example: z.output<S>;
  /** Whether it answers an open decision (a book to choose, a debt's terms, a claim): those may be given while one is open. */
  answers?: true;
  /** Whether it is bookkeeping of the log itself (undo, redo), allowed whatever is open. */
  meta?: true;
  /**
   * For an action by which credits may reach a purse, or a debt grow: the most its payments can
   * come to, all together. When that could take a purse, a debt or a payment past what a table
   * holds (MAX_CREDITS: engine/ledger.ts, `roomLeft`), `check` carries the action out on a scratch
   * copy once its own rules allow it, so that one that does is refused with a reason like any
   * other rule, whichever way the credits travel: a die, a card, a trade, a debt passed on.
   */
  credits?(ctx: Ctx, action: z.output<S>): number;
}

export function defineAction<const T extends string, S extends z.ZodType>(def: ActionDef<T, S>): ActionDef<T, S> {
  return def;
}

// ── the pieces of the saved-game format ───────────────────────────────────────────────────

/** An id as a saved game writes it: short, and nothing that could hide in a message. */
export const IdField = z.string().min(1).max(120);
export const CountryField = IdField.describe('A country id, e.g. "spain".');
export const PartyField = IdField.describe('A country id, or "bank".');
export const CreditsField = z
  // Each message follows the field's name: "the field 'amount' must be …".
  .number({ message: 'must be a whole number of credits' })
  // The bound first: 1e21 is too many credits, not "not whole" (beyond exact whole numbers).
  .max(MAX_CREDITS, { message: `must be at most ${MAX_CREDITS.toLocaleString('en')} credits at a time, far more than any table holds` })
  .int({ message: 'must be a whole number of credits' })
  .min(0, { message: 'cannot be negative' })
  .describe(`A whole number of credits, 0 to ${MAX_CREDITS}.`);
export const CardsField = z.array(IdField).max(200).describe('Card ids.');

// ── checks several actions share ──────────────────────────────────────────────────────────

export function present(state: GameState, c: string): boolean {
  return state.table.players.includes(c);
}

export function notPlaying(game: Game, c: string): string {
  return game.countries.some((x) => x.id === c) ? `${Name(game, c)} is not playing in this game.` : `There is no country '${c}'.`;
}

/** The country is at the table, or a sentence saying it is not. */
export function seated(game: Game, state: GameState, c: string): string | null {
  return present(state, c) ? null : notPlaying(game, c);
}

export function partyProblem(game: Game, state: GameState, p: Party): string | null {
  return p === 'bank' ? null : seated(game, state, p);
}

export function creditsOf(state: GameState, c: CountryId): number {
  return state.table.ledger.credits[c] ?? 0;
}

export function credits(n: number): string {
  return `${n} credit${n === 1 ? '' : 's'}`;
}

/** Cards a country may hand over: its own, not locked in a completed collection, each once. */
export function handOverProblem(game: Game, table: Table, country: CountryId, cards: readonly string[]): string | null {
  if (new Set(cards).size !== cards.length) return 'The same book is listed twice.';
  for (const id of cards) {
    const card = ownableById(game, id);
    if (!card) return noSuchBook(game, id);
    if (table.owner.get(id) !== country) return `${Name(game, country)} does not hold ${card.title}.`;
    if (isLocked(table, id)) return `${card.title} is locked in one of ${possessive(name(game, country))} completed collections.`;
  }
  return null;
}

/**
 * A book named by something that is not a book's id: most often its printed code, which actions
 * on a card (play-card) take but actions on a book do not.
 */
export function noSuchBook(game: Game, id: string): string {
  const byCode = game.cards.find((c) => c.code.toLowerCase() === id.trim().toLowerCase());
  if (byCode) return `'${id}' is the code printed on ${byCode.title}; here the book is named by its id, '${byCode.id}'.`;
  return `There is no book '${id}'.`;
}

/**
 * A country that owes may not buy, bid or force a chance draw (DESIGN §2): every credit it
 * receives goes to its creditors first.
 */
export function owesProblem(game: Game, state: GameState, country: CountryId, doing: string): string | null {
  const debts = state.table.ledger.debts.filter((d) => d.debtor === country);
  if (debts.length === 0) return null;
  const list = andList(debts.map((d) => `${d.amount} to ${name(game, d.creditor)}`));
  return `${Name(game, country)} owes ${list}; every credit it receives goes to that first, so it cannot ${doing} until the debt is paid.`;
}

export function totalOwed(state: GameState, country: CountryId): number {
  return owed(state.table.ledger, country);
}

export const OVER = 'The game is over.';
