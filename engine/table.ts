// The table: the ledger plus where every book is and what was paid for auction books. Events,
// the market and scoring all read it; only the engine's own steps change it, always by returning
// a new one.
import { arrivalOf, editionOf, isOwnable, ownableCards, type Game, type Card, type OwnableCard } from './game.js';
import type { Edition } from './schema/game.js';
import { byId } from './names.js';
import { openLedger, type CountryId, type Ledger } from './ledger.js';
import { bookValue, saleValue } from './worth.js';

export type Place = CountryId | 'market' | 'unreleased' | 'gone';

/** A completed collection, locked when it was completed: these books stay together for good. */
export interface LockedSet {
  country: CountryId;
  /** Collection id from game.rules.collections. */
  collection: string;
  /** What the books share: a country id, a genre id, or 'mvb'. */
  key: string;
  cards: string[];
}

export interface Table {
  ledger: Ledger;
  /** Present countries, in seat order. */
  players: CountryId[];
  lead: CountryId;
  /** Where each ownable card is, by card id. */
  owner: Record<string, Place>;
  /** Completed collections, as they were locked: their cards are out of reach of events, chance and creditors. */
  sets: LockedSet[];
  /** What the holder of an auction book paid for it (its share of the lot's price), by card id: the most the bank gives back. */
  paid: Record<string, number>;
}

interface CardIndex {
  byId: Map<string, Card>;
  byCode: Map<string, Card>;
  order: Map<string, number>;
}

// A resolved game never changes, so its lookups are built once per game object.
const indexes = new WeakMap<Game, CardIndex>();

function cardIndex(game: Game): CardIndex {
  let ix = indexes.get(game);
  if (!ix) {
    const made: CardIndex = { byId: new Map(), byCode: new Map(), order: new Map() };
    game.cards.forEach((c, i) => {
      made.byId.set(c.id, c);
      made.byCode.set(c.code.toUpperCase(), c);
      made.order.set(c.id, i);
    });
    indexes.set(game, made);
    ix = made;
  }
  return ix;
}

export function cardById(game: Game, id: string): Card | undefined {
  return cardIndex(game).byId.get(id);
}

export function ownableById(game: Game, id: string): OwnableCard | undefined {
  const c = cardById(game, id);
  return c && isOwnable(game, c) ? c : undefined;
}

/** A card's title by id (the id itself for an unknown card): how messages name books. */
export function cardTitle(game: Game, id: string): string {
  const card = cardById(game, id);
  return card && 'title' in card ? card.title : id;
}

/** Finds a card by its printed code (any case, spaces ignored) or, failing that, by its id. */
export function cardByCode(game: Game, code: string): Card | undefined {
  const ix = cardIndex(game);
  const wanted = code.trim().toUpperCase().replace(/\s+/g, '');
  return ix.byCode.get(wanted) ?? ix.byId.get(code.trim());
}

/** Position of a card in the game's card list: the tie-breaker everywhere a rule needs one. */
export function cardOrder(game: Game, id: string): number {
  return cardIndex(game).order.get(id) ?? Number.MAX_SAFE_INTEGER;
}

/** The century an ownable card belongs to: its own, or for a lot's card the lot's; none for a starting card. */
export function centuryOfCard(game: Game, card: OwnableCard): string | undefined {
  if ('century' in card && typeof card.century === 'string') return card.century;
  if ('lot' in card && typeof card.lot === 'string') return byId(game.lots, card.lot)?.century;
  return undefined;
}

/**
 * The countries that play at a table of `players`, in seat order: the game's table for that size,
 * or (for a game written before tables were data) the first countries in seat order.
 */
export function seatedAt(game: Game, players: number): CountryId[] {
  return game.rules.tables?.[String(players)] ?? game.countries.slice(0, players).map((c) => c.id);
}

/** The century's lead country, or — when it is absent — the next present country in seat order. */
export function leadOf(game: Game, players: CountryId[], centuryId: string): CountryId {
  const century = byId(game.centuries, centuryId);
  if (!century) throw new RangeError(`unknown century '${centuryId}'`);
  if (players.length === 0) throw new RangeError('no countries at the table');
  const seats = game.countries.map((c) => c.id);
  const start = Math.max(0, seats.indexOf(century.lead));
  for (let i = 0; i < seats.length; i++) {
    const c = seats[(start + i) % seats.length]!;
    if (players.includes(c)) return c;
  }
  return players[0]!;
}

/** Ids of the cards a country holds, in card order. */
export function holdings(table: Table, country: CountryId): string[] {
  return Object.keys(table.owner).filter((id) => table.owner[id] === country);
}

/** Every card in a completed collection. */
export function lockedCards(table: Table): string[] {
  return table.sets.flatMap((s) => s.cards);
}

export function isLocked(table: Table, cardId: string): boolean {
  return table.sets.some((s) => s.cards.includes(cardId));
}

/** The value of some cards under the edition's rules (see worth.ts), added up. */
export function valueOfCards(game: Game, edition: Edition, cards: readonly string[]): number {
  return cards.reduce((s, id) => {
    const card = ownableById(game, id);
    return s + (card ? bookValue(game, edition, card) : 0);
  }, 0);
}

/** What the bank would pay for these cards now (see worth.ts), added up. */
export function saleValueOfCards(game: Game, edition: Edition, table: Table, cards: readonly string[]): number {
  return cards.reduce((s, id) => {
    const card = ownableById(game, id);
    return s + (card ? saleValue(game, edition, table.paid, card) : 0);
  }, 0);
}

/** What a country may still give up: its cards outside completed (locked) collections. */
export function unlockedHoldings(table: Table, country: CountryId): string[] {
  return holdings(table, country).filter((id) => !isLocked(table, id));
}

/** Moves cards to a place; a card leaving a country for the market or out of the game forgets its price. */
export function moveCards(table: Table, cards: readonly string[], to: Place): Table {
  if (cards.length === 0) return table;
  const owner = { ...table.owner };
  let paid = table.paid;
  for (const id of cards) {
    owner[id] = to;
    if ((to === 'market' || to === 'gone') && paid[id] !== undefined) {
      if (paid === table.paid) paid = { ...paid };
      delete paid[id];
    }
  }
  return { ...table, owner, paid };
}

/**
 * The table at the start of a game: the countries seated at that table size, starting credits
 * and starting cards as the edition says, cards of absent countries out of the game, the opening
 * century's books (and any earlier ones) on the market, later centuries and all lots waiting.
 * Lots belong to no country's deck, so they stay in with any players.
 */
export function openTable(game: Game, players: number, editionId: string, centuryId: string): Table {
  const edition = editionOf(game, editionId);
  if (!Number.isInteger(players) || players < 1 || players > game.countries.length) {
    throw new RangeError(`this game seats 1 to ${game.countries.length} countries, not ${players}`);
  }
  const present = seatedAt(game, players);
  const start = game.centuries.findIndex((c) => c.id === centuryId);
  if (start < 0) throw new RangeError(`unknown century '${centuryId}'`);
  const released = new Set(game.centuries.slice(0, start + 1).map((c) => c.id));

  const owner: Record<string, Place> = {};
  let openingWorth = 0;
  for (const card of ownableCards(game)) {
    const country = 'country' in card ? card.country : undefined;
    switch (arrivalOf(game, card)) {
      case 'starting':
        owner[card.id] = edition.manuscripts && country && present.includes(country) ? country : 'gone';
        if (owner[card.id] !== 'gone') openingWorth += bookValue(game, edition, card);
        break;
      case 'lot':
        owner[card.id] = 'unreleased';
        break;
      default: {
        const century = centuryOfCard(game, card);
        if (country && !present.includes(country)) owner[card.id] = 'gone';
        else owner[card.id] = century === undefined || released.has(century) ? 'market' : 'unreleased';
      }
    }
  }
  return {
    ledger: openLedger(present, edition.starting_credits, openingWorth),
    players: present,
    lead: leadOf(game, present, centuryId),
    owner,
    sets: [],
    paid: {},
  };
}

/** Moves a century's waiting market cards onto the market (the start of a new century). */
export function releaseCentury(game: Game, table: Table, centuryId: string): Table {
  const owner = { ...table.owner };
  for (const card of ownableCards(game)) {
    if (arrivalOf(game, card) === 'market' && centuryOfCard(game, card) === centuryId && owner[card.id] === 'unreleased') owner[card.id] = 'market';
  }
  return { ...table, owner };
}

/** The cards a country holds, in the game's order; only those outside completed collections when `loose`. */
export function shelfOf(game: Game, table: Table, country: CountryId, loose = false): OwnableCard[] {
  return ownableCards(game).filter((c) => table.owner[c.id] === country && !(loose && isLocked(table, c.id)));
}
