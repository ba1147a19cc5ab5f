// A checkpoint: the game as it stood after a given log entry, written down so that a long game
// opens without replaying every action before it. A saved game carries one (the state when it was
// exported) and the tablet keeps one per game in its store.
//
// The log stays the truth. A checkpoint is used only when it names the log it was made from (the
// check code the saved game would have had if it had ended there), the game it was made with (a
// fingerprint of the compiled game and the rules version), carries its own check code, and holds a
// state that is whole and sound: every field well formed, every name one of this game's, every
// book in exactly one place, the money law kept. Anything else is ignored, and the game is
// replayed from its first action. A checkpoint that passes all that could still have been written
// by hand, so the page replays the log from the start afterwards, a little at a time, and replaces
// the game by what the log says if they differ (referee/src/verifier.ts).
//
// What a checkpoint leaves out follows from the log: which entries are in effect, which can be
// redone and which were undone for good (log-books.ts, without carrying out any action); the
// history lines of the actions before it are not kept, so a restored game has the lines of the
// actions after it only, until the replay from the start brings them all back.
import { z } from 'zod';
import type { Game } from '../game.js';
import { editionOf, eventsDrawn, ownableCards } from '../game.js';
import { sha256Hex } from '../sha256.js';
import { MAX_CREDITS } from '../ledger.js';
import type { Place } from '../places.js';
import { withTable, type Table } from '../table.js';
import { append, emptyChain, toArray, type Chain } from '../chain.js';
import { moneyLaw } from '../money-law.js';
import { newGame } from './turns.js';
import { added, redone, undone, undoneTo, undoToProblem, type LogBooks } from './log-books.js';
import { RULES_VERSION, type Entry, type GameState, type LogEntry, type Setup } from './types.js';
import { undoneOf } from './read.js';
import { actionDef } from './actions/index.js';

/** The layout of a checkpoint; a change makes every older checkpoint one to ignore (the fingerprint holds it). */
export const CHECKPOINT_FORMAT = 1;

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be 64 hex digits' });
const Int = z.number().int().min(-1_000_000_000).max(1_000_000_000);
const Count = z.number().int().min(0).max(1_000_000_000);
const Name = z.string().min(1).max(200);
const Names = z.array(Name).max(5000);
const Reason = z.string().max(1000);

const PromptSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('draw-chance'), country: Name, count: Count }),
  z.strictObject({ kind: z.literal('open-auction'), lot: Name }),
  z.strictObject({ kind: z.literal('skip-roll'), country: Name }),
  z.strictObject({ kind: z.literal('choose-book'), country: Name, candidates: Names, to: Name, count: Count }),
  z.strictObject({ kind: z.literal('debt-terms'), debtor: Name, creditor: Name }),
  z.strictObject({ kind: z.literal('claim'), debtor: Name, creditor: Name, amount: Count, reason: Reason }),
]);

export const CheckpointStateSchema = z
  .strictObject({
    ledger: z
      .strictObject({
        bank: Int,
        credits: z.record(Name, Count),
        debts: z.array(z.strictObject({ debtor: Name, creditor: Name, amount: Count, reason: Reason })).max(1000),
        income: Int,
        writtenOff: Int,
        opening: Int,
      })
      .describe(
        "The bank's credits (from 0, below 0 once it has paid out more than it took in), each country's credits, the open debts (debtor, creditor, amount, reason; oldest first), and the bank's books: income, writtenOff and opening (the money law: see `money` below).",
      ),
    lead: Name.describe("The century's lead country."),
    places: z.record(Name, Names).describe('Every book by where it is: a country, "market", "unreleased" or "gone".'),
    sets: z
      .array(z.strictObject({ country: Name, collection: Name, key: Name, cards: Names }))
      .max(1000)
      .describe('The completed collections, locked: country, collection id, what the books share, and the books.'),
    paid: z.record(Name, Count).describe('What the holder of each auction book paid for it, by card id.'),
    century: Name.describe('The century being played.'),
    round: z.number().int().min(1).max(1000).describe('The round within the century, from 1.'),
    phase: z.enum(['national-events', 'market', 'world-event', 'final-buying', 'over']).describe('Where the century stands.'),
    current: Name.describe('The country whose turn it is.'),
    firstRound: z.boolean().describe("The game's very first round (a first 1 or 6 is rolled again)."),
    rolled: z.boolean().describe('The country at the market has rolled its die this turn.'),
    prompts: z.array(PromptSchema).max(1000).describe('What the game waits for a person to decide, each with its kind and the countries or books it names.'),
    openAuctions: Names.describe('The lots under the hammer, by id.'),
    chanceUsed: Names.describe('The codes of the chance cards out of the game.'),
    chanceThisTurn: Count.describe('The chance cards drawn since this turn began (a turn draws no more than the deck holds).'),
    eventPlayed: z.boolean().describe('The country (or the lead, for the world event) has played its event this turn.'),
    skipping: z.boolean().describe('The country at the market skips its roll this turn.'),
    played: Names.describe('The ids of the national and world events already played.'),
    end: Name.describe('The century after which the game ends (the table may have agreed to stop early).'),
    buying: z
      .strictObject({ points: z.record(Name, Int), rolls: z.record(Name, z.array(z.number().int().min(1).max(6)).max(1000)) })
      .nullable()
      .describe("The end-of-game buying, once begun: each buyer's library value, and the dice rolled to break ties; null before."),
    rejected: z.array(z.number().int().min(1)).max(1_000_000).describe('The entries up to here that the rules refused and replay skipped.'),
  })
  .describe('The game as it stood: the ledger, where every book is, the turn, what is waiting to be decided.');

export type CheckpointState = z.output<typeof CheckpointStateSchema>;

export const CheckpointSchema = z
  .strictObject({
    seq: z.number().int().min(0).describe('The log entry it stands after: the game as it was once entries 1 to seq were recorded.'),
    log: Hex64.describe('The check code this saved game would have had if its log had ended at entry seq: it ties the checkpoint to the log.'),
    game: Hex64.describe('A fingerprint of the compiled game and the rules version it was made with (SHA-256 of the JSON of [format, rules, game]).'),
    state: CheckpointStateSchema,
    check: Hex64.describe("The checkpoint's own check code: SHA-256 of the JSON of [seq, log, game, state], keys sorted."),
  })
  .describe(
    'The game as it stood after one log entry, so that a long game opens without replaying every action. Optional: the log is the truth, and a checkpoint that does not match it is ignored.',
  );

export type Checkpoint = z.output<typeof CheckpointSchema>;

/** JSON with every object's keys sorted: the same text for the same data, however it was built or read. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

const fingerprints = new WeakMap<Game, string>();

/** What a checkpoint must have been made with: this compiled game, under these rules, in this layout. */
export function gameFingerprint(game: Game): string {
  let f = fingerprints.get(game);
  if (!f) fingerprints.set(game, (f = sha256Hex(JSON.stringify([CHECKPOINT_FORMAT, RULES_VERSION, game]))));
  return f;
}

function checkpointCheck(cp: Omit<Checkpoint, 'check'>): string {
  return sha256Hex(canonicalJson([cp.seq, cp.log, cp.game, cp.state]));
}

/** The game's fields as a checkpoint writes them (everything but the log's bookkeeping and the history lines). */
function checkpointState(state: GameState): CheckpointState {
  const { table } = state;
  const places: Record<string, string[]> = {};
  for (const [id, place] of table.owner.entries()) (places[place] ??= []).push(id);
  return {
    ledger: { ...table.ledger, credits: { ...table.ledger.credits }, debts: table.ledger.debts.map((d) => ({ ...d })) },
    lead: table.lead,
    places,
    sets: table.sets.map((s) => ({ ...s, cards: [...s.cards] })),
    paid: { ...table.paid },
    century: state.century,
    round: state.round,
    phase: state.phase,
    current: state.current,
    firstRound: state.firstRound,
    rolled: state.rolled,
    prompts: state.prompts.map((p) => structuredCopy(p)),
    openAuctions: [...state.openAuctions],
    chanceUsed: [...state.chanceUsed],
    chanceThisTurn: state.chanceThisTurn,
    eventPlayed: state.eventPlayed,
    skipping: state.skipping,
    played: [...state.played],
    end: state.end,
    buying: state.buying && structuredCopy(state.buying),
    rejected: [...toArray(state.rejected)],
  };
}

function structuredCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/**
 * A checkpoint of `state`, the state after the log's first `state.nextSeq - 1` entries; `logCode`
 * is the check code of the saved game ending there.
 */
export function makeCheckpoint(game: Game, state: GameState, logCode: string): Checkpoint {
  const body = { seq: state.nextSeq - 1, log: logCode, game: gameFingerprint(game), state: checkpointState(state) };
  return { ...body, check: checkpointCheck(body) };
}

/**
 * Everything the game is, and which entries are in effect, undone or refused, as one text:
 * two states with the same text are the same game (their history lines aside).
 */
export function gameText(state: GameState): string {
  return canonicalJson({
    state: checkpointState(state),
    entries: toArray(state.entries).map((e) => e.seq),
    redo: toArray(state.redo).map((e) => e.seq),
    undone: undoneOf(state),
    nextSeq: state.nextSeq,
  });
}

/** Restored, or why the checkpoint cannot be used (for people who look into it; the page just replays). */
export type Restored = { ok: true; state: GameState } | { ok: false; problem: string };

/**
 * The state a checkpoint describes, for a game with this setup and log; `logCode` is the check
 * code of the saved game made of the log's first `cp.seq` entries (saved-game.ts works it out).
 */
export function restoreCheckpoint(game: Game, setup: Setup, log: readonly LogEntry[], cp: Checkpoint, logCode: string): Restored {
  const no = (problem: string): Restored => ({ ok: false, problem });
  const shape = CheckpointSchema.safeParse(cp);
  if (!shape.success) return no(`it is not written as a checkpoint is (${shape.error.issues[0]?.message ?? 'unknown field'})`);
  if (cp.game !== gameFingerprint(game)) return no('it was made with other cards or rules');
  if (cp.seq > log.length) return no(`it stands after entry ${cp.seq}, but the log has ${log.length}`);
  if (cp.log !== logCode) return no(`the log up to entry ${cp.seq} is not the one it was made from`);
  if (cp.check !== checkpointCheck(cp)) return no('its check code does not match: it was changed or damaged');
  let opening: GameState;
  try {
    opening = newGame(game, setup);
  } catch {
    return no('the setup does not fit this game');
  }
  const s = shape.data.state;
  const problem = stateProblem(game, opening.table, s, cp.seq);
  if (problem) return no(problem);
  const books = bookkeeping(log, cp.seq, new Set(s.rejected));
  if (typeof books === 'string') return no(books);

  let owner = opening.table.owner;
  for (const [place, cards] of Object.entries(s.places)) owner = owner.moved(cards, place as Place);
  const table: Table = withTable(opening.table, {
    ledger: { ...s.ledger, credits: { ...s.ledger.credits } },
    lead: s.lead,
    owner,
    sets: s.sets,
    paid: s.paid,
  });
  let rejected: Chain<number> = emptyChain();
  for (const seq of s.rejected) rejected = append(rejected, [seq]);
  const state: GameState = {
    setup: opening.setup,
    table,
    century: s.century,
    round: s.round,
    phase: s.phase,
    current: s.current,
    firstRound: s.firstRound,
    rolled: s.rolled,
    prompts: s.prompts,
    openAuctions: s.openAuctions,
    chanceUsed: s.chanceUsed,
    chanceThisTurn: s.chanceThisTurn,
    // The lines of the actions before the checkpoint are not kept (see the top of this file).
    history: emptyChain(),
    abandoned: books.abandoned,
    nextSeq: cp.seq + 1,
    eventPlayed: s.eventPlayed,
    skipping: s.skipping,
    played: s.played,
    entries: books.entries,
    redo: books.redo,
    rejected,
    end: s.end,
    buying: s.buying,
  };
  const law = moneyLaw(game, editionOf(game, setup.edition), table);
  if (!law.ok) return no(`its ledger breaks the money law: ${law.problems[0]}`);
  return { ok: true, state };
}

/** Which entries are in effect, can be redone or were undone for good after the first `seq` log entries; or why that cannot be. */
function bookkeeping(log: readonly LogEntry[], seq: number, rejected: ReadonlySet<number>): LogBooks | string {
  let books: LogBooks = { entries: emptyChain<Entry>(), redo: emptyChain<Entry>(), abandoned: emptyChain<number>() };
  for (let i = 0; i < seq; i++) {
    const e = log[i]!;
    if (e.seq !== i + 1) return `log entry ${i + 1} is numbered ${e.seq}`;
    if (rejected.has(e.seq)) continue;
    const action = e.action as { type?: unknown; seq?: unknown };
    // Only what the bookkeeping needs is read here. The rules are checked when the log is replayed
    // from the start; until then nothing before the checkpoint is carried out (the referee waits
    // for that replay before an undo or redo reaches back past the checkpoint).
    if (!actionDef(action.type) || (action.type === 'undo-to' && !Number.isSafeInteger(action.seq)))
      return `it counts entry ${e.seq} as carried out, but that entry is not an action the rules know`;
    if (action.type === 'undo') {
      if (books.entries.length === 0) return `it counts entry ${e.seq} as an undo, with nothing to undo`;
      books = undone(books);
    } else if (action.type === 'redo') {
      if (books.redo.length === 0) return `it counts entry ${e.seq} as a redo, with nothing to redo`;
      books = redone(books);
    } else if (action.type === 'undo-to') {
      const to = action.seq as number;
      if (undoToProblem(books.entries, to)) return `it counts entry ${e.seq} as going back to line ${to}, which it could not`;
      books = undoneTo(books, to);
    } else {
      books = added(books, { seq: e.seq, action: e.action });
    }
  }
  return books;
}

/** What is wrong with a checkpoint's state for this game, if anything: every name must be one of the game's. */
function stateProblem(game: Game, opening: Table, s: CheckpointState, seq: number): string | null {
  const players = new Set(opening.players);
  const country = (c: string) => players.has(c);
  const party = (c: string) => c === 'bank' || players.has(c);
  const ownable = new Set(ownableCards(game).map((c) => c.id));
  const lots = new Set(game.lots.map((l) => l.id));
  const cardIds = new Set(game.cards.map((c) => c.id));
  const codes = new Set(game.cards.map((c) => c.code));
  const { ledger } = s;
  const credited = Object.keys(ledger.credits);
  if (credited.length !== players.size || !credited.every(country)) return 'its ledger does not list the countries at this table';
  if (!ledger.debts.every((d) => country(d.debtor) && party(d.creditor))) return 'a debt names a country not at this table';
  // What a table holds (ledger.ts): the rules never let a purse, a debt or a price pass it.
  const over = (n: number) => n > MAX_CREDITS;
  if (Object.values(ledger.credits).some(over) || ledger.debts.some((d) => over(d.amount)) || Object.values(s.paid).some(over))
    return `it holds a purse, a debt or a price above the ${MAX_CREDITS.toLocaleString('en')} credits a table holds`;
  if (!country(s.lead) || !country(s.current)) return 'the lead or the country whose turn it is is not at this table';
  // Every book in exactly one place, and only places a book can be.
  const seen = new Set<string>();
  for (const [place, cards] of Object.entries(s.places)) {
    if (!['market', 'unreleased', 'gone'].includes(place) && !country(place)) return `books are placed with '${place}', which is not a place at this table`;
    for (const id of cards) {
      if (!ownable.has(id) || seen.has(id)) return `the book '${id}' is not one of this game's, or is in two places`;
      seen.add(id);
    }
  }
  if (seen.size !== ownable.size) return 'some books are in no place';
  const holder = new Map(Object.entries(s.places).flatMap(([place, cards]) => cards.map((id) => [id, place] as const)));
  const collections = new Set(game.rules.collections.map((c) => c.id));
  for (const set of s.sets) {
    if (!country(set.country) || !collections.has(set.collection)) return 'a completed collection names a country or a collection this game does not have';
    if (!set.cards.every((id) => holder.get(id) === set.country)) return 'a completed collection holds books its country does not hold';
  }
  if (!Object.keys(s.paid).every((id) => ownable.has(id))) return 'a price paid is for a book this game does not have';
  if (!game.centuries.some((c) => c.id === s.century) || !game.centuries.some((c) => c.id === s.end))
    return `the century '${s.century}' or '${s.end}' is not one of this game's`;
  for (const p of s.prompts) {
    const ok =
      p.kind === 'open-auction'
        ? lots.has(p.lot)
        : p.kind === 'debt-terms' || p.kind === 'claim'
          ? country(p.debtor) && party(p.creditor) && (p.kind !== 'claim' || p.amount <= MAX_CREDITS)
          : p.kind === 'choose-book'
            ? country(p.country) && (p.to === 'market' || country(p.to)) && p.candidates.every((id) => ownable.has(id))
            : country(p.country);
    if (!ok) return 'a decision it waits for names something this game does not have';
  }
  if (!s.openAuctions.every((l) => lots.has(l))) return 'an open auction is of a lot this game does not have';
  if (!s.chanceUsed.every((c) => codes.has(c)) || !s.played.every((id) => cardIds.has(id))) return 'a card it lists as played is not one of this game’s';
  if (s.chanceThisTurn > eventsDrawn(game, 'chance').length) return 'it counts more chance cards drawn this turn than the deck holds';
  if (s.buying && ![...Object.keys(s.buying.points), ...Object.keys(s.buying.rolls)].every(country))
    return 'the end-of-game buying names a country not at this table';
  if (!s.rejected.every((n, i) => n <= seq && (i === 0 || n > s.rejected[i - 1]!))) return 'its list of refused entries is out of order';
  return null;
}
