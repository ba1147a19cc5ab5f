// Questions about a game state that the rules, the checks and the banker's guide all ask.
import { arrivalOf, editionOf, eventsDrawn, ownableCards, type Game, type EventCard, type OwnableCard } from '../game.js';
import type { Edition } from '../schema/game.js';
import { isDebtor, type CountryId } from '../ledger.js';
import { andList, countryName, lotName } from '../names.js';
import type { Entry, GameState, HistoryLine } from './types.js';
import { lastOf, toArray } from '../chain.js';
import { ownableById, type Table } from '../table.js';
import { bookValue } from '../worth.js';

export function editionFor(game: Game, state: GameState): Edition {
  return editionOf(game, state.setup.edition);
}

/** A country's name inside a sentence: "Spain", "the Americas" (a name that starts with "The"). */
export function name(game: Game, id: string): string {
  return countryName(game, id).replace(/^The /, 'the ');
}

/** A country's name at the start of a sentence: "Spain", "The Americas", "The bank". */
export function Name(game: Game, id: string): string {
  const n = countryName(game, id);
  return n.charAt(0).toUpperCase() + n.slice(1);
}

/** A name's possessive: "Spain's", "the Americas'". */
export function possessive(n: string): string {
  return n.endsWith('s') ? `${n}'` : `${n}'s`;
}

/** Countries listed at the start of a sentence: "The Americas and Spain", "Spain and the Americas". */
export function Names(game: Game, ids: readonly string[]): string {
  return andList(ids.map((id, i) => (i === 0 ? Name(game, id) : name(game, id))));
}

export function roundsPerCentury(game: Game, state: GameState): number {
  return editionFor(game, state).rounds_per_century[state.setup.length];
}

/** Market order: the lead first, then the others in seat order, wrapping round. */
export function marketOrder(state: GameState): CountryId[] {
  const { players, lead } = state.table;
  const i = Math.max(0, players.indexOf(lead));
  return [...players.slice(i), ...players.slice(0, i)];
}

function field(card: EventCard, key: 'country' | 'century'): string | undefined {
  return key in card ? ((card as Record<string, unknown>)[key] as string) : undefined;
}

// The rules ask for one country's events of one century on nearly every check: the events are
// grouped once per game by draw, country and century (in game order), in maps of maps, so that
// asking builds no key string.
type EventGroups = Record<'national' | 'world', Map<string, Map<string, readonly EventCard[]>>>;
const eventGroups = new WeakMap<Game, EventGroups>();

function eventsOf(game: Game, draw: 'national' | 'world', country: string | undefined, century: string): readonly EventCard[] {
  let groups = eventGroups.get(game);
  if (!groups) {
    groups = { national: new Map(), world: new Map() };
    for (const d of ['national', 'world'] as const) {
      for (const c of eventsDrawn(game, d)) {
        const who = d === 'national' ? (field(c, 'country') ?? '') : '';
        const when = field(c, 'century') ?? '';
        let byCentury = groups[d].get(who);
        if (!byCentury) groups[d].set(who, (byCentury = new Map()));
        byCentury.set(when, [...(byCentury.get(when) ?? []), c]);
      }
    }
    eventGroups.set(game, groups);
  }
  return groups[draw].get(country ?? '')?.get(century) ?? [];
}

/** The national events a country can still turn over this century. */
export function unplayedNationalEvents(game: Game, state: GameState, country: CountryId): EventCard[] {
  return eventsOf(game, 'national', country, state.century).filter((c) => !state.played.includes(c.id));
}

/** This century's world events not yet turned over. */
export function worldEventOf(game: Game, state: GameState): EventCard[] {
  return eventsOf(game, 'world', undefined, state.century).filter((c) => !state.played.includes(c.id));
}

/** Whether a century has a world event to turn over. */
export function hasWorldEvent(game: Game, century: string): boolean {
  return eventsOf(game, 'world', undefined, century).length > 0;
}

/**
 * Chance cards that can still be drawn: all of them when the deck is reshuffled after each draw —
 * but none once this turn has drawn as many as the deck holds. Drawn without putting back, the
 * deck runs out by then anyway; shuffled back, a card that says "draw a chance card" could
 * otherwise start a chain that never ends, and the turn with it. The draws left are dropped when
 * the turn ends (`advance`), as for an empty deck.
 */
export function drawableChance(game: Game, state: GameState): readonly EventCard[] {
  const all = eventsDrawn(game, 'chance');
  if (state.chanceThisTurn >= all.length) return NONE;
  if (editionFor(game, state).chance_reshuffle || state.chanceUsed.length === 0) return all;
  if (lastDrawn.used === state.chanceUsed && lastDrawn.game === game) return lastDrawn.left;
  const left = all.filter((c) => !state.chanceUsed.includes(c.code));
  lastDrawn = { game, used: state.chanceUsed, left };
  return left;
}

const NONE: readonly EventCard[] = [];

/**
 * Why no chance card can be drawn now, for the banker: `sentence` on its own, `clause` after
 * "would draw chance, but"; null when one can be drawn.
 */
export function chanceStop(game: Game, state: GameState): { sentence: string; clause: string } | null {
  if (drawableChance(game, state).length > 0) return null;
  const deck = eventsDrawn(game, 'chance').length;
  if (deck > 0 && state.chanceThisTurn >= deck) {
    const drawn = `${deck} ${deck === 1 ? 'card has' : 'cards have'} been drawn this turn, as many as the deck holds`;
    return { sentence: `No more chance cards this turn: ${drawn}.`, clause: drawn };
  }
  return { sentence: 'The chance deck is empty.', clause: 'the deck is empty' };
}

// The cards drawn so far only grow, a new list each time, and the rules ask about the latest list
// again and again: the answer for the last list asked about is kept (one entry, not a WeakMap
// entry per list: those cost the garbage collector more than they save).
let lastDrawn: { game: Game | null; used: readonly string[] | null; left: readonly EventCard[] } = { game: null, used: null, left: [] };

const lots = new WeakMap<Game, Map<string, readonly OwnableCard[]>>();

/** The cards of an auction lot. */
export function lotBooks(game: Game, lot: string): OwnableCard[] {
  let byLot = lots.get(game);
  if (!byLot) {
    byLot = new Map();
    for (const c of ownableCards(game)) {
      if (arrivalOf(game, c) === 'lot' && 'lot' in c && typeof c.lot === 'string') byLot.set(c.lot, [...(byLot.get(c.lot) ?? []), c]);
    }
    lots.set(game, byLot);
  }
  return [...(byLot.get(lot) ?? [])];
}

/** The books of a lot not yet sold at its auction. */
export function waitingLotBooks(game: Game, table: Table, lot: string): OwnableCard[] {
  return lotBooks(game, lot).filter((b) => table.owner.get(b.id) === 'unreleased');
}

/** The cards for sale now, in game order. */
export function marketCards(game: Game, state: GameState): OwnableCard[] {
  return state.table.owner.at('market').map((id) => ownableById(game, id)!);
}

/** The cheapest price on the market, or null when it is empty. */
export function cheapestOnMarket(game: Game, state: GameState): number | null {
  const edition = editionFor(game, state);
  let least: number | null = null;
  for (const c of marketCards(game, state)) {
    const price = bookValue(game, edition, c);
    if (least === null || price < least) least = price;
  }
  return least;
}

/** Whether the country can still afford something on the market. */
export function canBuyAnything(game: Game, state: GameState, country: CountryId): boolean {
  const least = cheapestOnMarket(game, state);
  return least !== null && !isDebtor(state.table.ledger, country) && (state.table.ledger.credits[country] ?? 0) >= least;
}

/** The decisions the table must make before anything else can happen: a book to choose, a debt's terms, a claim. */
export function openDecision(game: Game, state: GameState): string | null {
  for (const p of state.prompts) {
    if (p.kind === 'choose-book') return `${Name(game, p.country)} must first choose ${p.count === 1 ? 'a book' : `${p.count} books`} to give up.`;
    if (p.kind === 'debt-terms')
      return `${Name(game, p.creditor)} must first say whether it takes books from ${name(game, p.debtor)} now or waits for credits.`;
    if (p.kind === 'claim') return `${Name(game, p.creditor)} must first say whether ${name(game, p.debtor)} pays its ${p.amount} in credits or in books.`;
  }
  return null;
}

/**
 * What must be settled before the turn can move on, as a sentence for the banker, or null.
 * A chance draw that the deck can no longer serve does not hold the game up.
 */
export function blocker(game: Game, state: GameState): string | null {
  const decision = openDecision(game, state);
  if (decision) return decision;
  for (const p of state.prompts) {
    if (p.kind === 'draw-chance' && drawableChance(game, state).length > 0) return `${Name(game, p.country)} must first draw a chance card.`;
  }
  if (state.openAuctions.length > 0) return `Close the auction of ${lotName(game, state.openAuctions[0]!)} first (record the sales, or that nobody bought).`;
  return null;
}

/** What happened so far, line by line, oldest first. */
export function historyOf(state: GameState): readonly HistoryLine[] {
  return toArray(state.history);
}

/** The actions in effect, oldest first. */
export function entriesOf(state: GameState): readonly Entry[] {
  return toArray(state.entries);
}

const undoneLists = new WeakMap<GameState, readonly number[]>();

/**
 * The seqs of the log entries that are undone, in order: those redo can bring back and those a
 * new action left behind. Worked out when asked (undo and redo keep no list as long as the game).
 */
export function undoneOf(state: GameState): readonly number[] {
  let list = undoneLists.get(state);
  if (!list) {
    list = [...toArray(state.abandoned), ...toArray(state.redo).map((e) => e.seq)].sort((a, b) => a - b);
    undoneLists.set(state, list);
  }
  return list;
}

/** The seqs of the log entries that replay skipped as not allowed, in order. */
export function rejectedOf(state: GameState): readonly number[] {
  return toArray(state.rejected);
}

/** The next undone entry redo would bring back, if any. */
export function nextRedo(state: GameState): Entry | undefined {
  return lastOf(state.redo);
}

/** The last action in effect, if any. */
export function lastEntry(state: GameState): Entry | undefined {
  return lastOf(state.entries);
}
