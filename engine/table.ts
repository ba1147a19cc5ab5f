// The table: the ledger plus where every book is and what was paid for auction books. Events,
// the market and scoring all read it; only the engine's own steps change it, always by returning
// a new one.
import { arrivalOf, editionOf, isOwnable, ownableCards, type Game, type Card, type OwnableCard } from './game.js';
import type { Edition } from './schema/game.js';
import { byId } from './names.js';
import { openLedger, type CountryId, type Ledger } from './ledger.js';
import { bookValue, saleValue } from './worth.js';
import { layoutOf, Places, type Layout, type Place } from './places.js';

export { Places, type Place };

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
  /** Where each ownable card is (`owner.get(id)`), and what each place holds (`owner.at(place)`). */
  owner: Places;
  /** Completed collections, as they were locked: their cards are out of reach of events, chance and creditors. */
  sets: LockedSet[];
  /** What the holder of an auction book paid for it (its share of the lot's price), by card id: the most the bank gives back. */
  paid: Record<string, number>;
}

/** A new table from an old one with some fields changed (written out for speed: see game/state.ts). */
export function withTable(t: Table, changes: Partial<Table>): Table {
  const next: Table = { ledger: t.ledger, players: t.players, lead: t.lead, owner: t.owner, sets: t.sets, paid: t.paid };
  return Object.assign(next, changes);
}

interface CardIndex {
  byId: Map<string, Card>;
  ownable: Map<string, OwnableCard>;
  byCode: Map<string, Card>;
  order: Map<string, number>;
}

// Every table of a game places the same cards in the same order: one layout per game.
const layouts = new WeakMap<Game, Layout>();

function layoutFor(game: Game): Layout {
  let layout = layouts.get(game);
  if (!layout)
    layouts.set(
      game,
      (layout = layoutOf(
        ownableCards(game).map((c) => c.id),
        game.countries.map((c) => c.id),
      )),
    );
  return layout;
}

// A resolved game never changes, so its lookups are built once per game object.
const indexes = new WeakMap<Game, CardIndex>();

function cardIndex(game: Game): CardIndex {
  let ix = indexes.get(game);
  if (!ix) {
    const made: CardIndex = { byId: new Map(), ownable: new Map(), byCode: new Map(), order: new Map() };
    game.cards.forEach((c, i) => {
      made.byId.set(c.id, c);
      if (isOwnable(game, c)) made.ownable.set(c.id, c);
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
  return cardIndex(game).ownable.get(id);
}

/** A card's title by id (the id itself for an unknown card): how messages name books. */
export function cardTitle(game: Game, id: string): string {
  const card = cardById(game, id);
  return card && 'title' in card ? card.title : id;
}

/** Finds a card by its printed code (any case, spaces ignored) or, failing that, by its id. */
export function cardByCode(game: Game, code: string): Card | undefined {
  const ix = cardIndex(game);
  // Codes from the referee's buttons and the simulator are already written as printed.
  const exact = ix.byCode.get(code);
  if (exact) return exact;
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

/** Ids of the cards a country holds, in card order (shared: do not change it). */
export function holdings(table: Table, country: CountryId): readonly string[] {
  return table.owner.at(country);
}

/** Every card in a completed collection. */
export function lockedCards(table: Table): string[] {
  return table.sets.flatMap((s) => s.cards);
}

// Locked sets only grow, a new array each time: the cards they hold are gathered once per array.
const lockedBySets = new WeakMap<readonly LockedSet[], ReadonlySet<string>>();

export function isLocked(table: Table, cardId: string): boolean {
  if (table.sets.length === 0) return false;
  let locked = lockedBySets.get(table.sets);
  if (!locked) lockedBySets.set(table.sets, (locked = new Set(table.sets.flatMap((s) => s.cards))));
  return locked.has(cardId);
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
  const owner = table.owner.moved(cards, to);
  let paid = table.paid;
  for (const id of cards) {
    if ((to === 'market' || to === 'gone') && paid[id] !== undefined) {
      if (paid === table.paid) paid = { ...paid };
      delete paid[id];
    }
  }
  return withTable(table, { owner, paid });
}

/**
 * The table at the start of a game: the countries seated at that table size, starting credits
 * and starting cards as the edition says, cards of absent countries out of the game, the opening
 * century's books (and any earlier ones) on the market, later centuries and all lots waiting.
 * Lots belong to no country's deck, so they stay in with any players.
 */
// A table never changes once made, and every game of a setting opens on the same one.
const openings = new WeakMap<Game, Map<string, Table>>();

export function openTable(game: Game, players: number, editionId: string, centuryId: string): Table {
  let byKey = openings.get(game);
  if (!byKey) openings.set(game, (byKey = new Map()));
  const key = `${players}\u0000${editionId}\u0000${centuryId}`;
  let table = byKey.get(key);
  if (!table) byKey.set(key, (table = makeTable(game, players, editionId, centuryId)));
  return table;
}

function makeTable(game: Game, players: number, editionId: string, centuryId: string): Table {
  const edition = editionOf(game, editionId);
  if (!Number.isInteger(players) || players < 1 || players > game.countries.length) {
    throw new RangeError(`this game seats 1 to ${game.countries.length} countries, not ${players}`);
  }
  const present = seatedAt(game, players);
  const start = game.centuries.findIndex((c) => c.id === centuryId);
  if (start < 0) throw new RangeError(`unknown century '${centuryId}'`);
  const released = new Set(game.centuries.slice(0, start + 1).map((c) => c.id));

  let openingWorth = 0;
  const placeOf = (card: OwnableCard): Place => {
    const country = 'country' in card ? card.country : undefined;
    switch (arrivalOf(game, card)) {
      case 'starting':
        return edition.manuscripts && country && present.includes(country) ? country : 'gone';
      case 'lot':
        return 'unreleased';
      default: {
        const century = centuryOfCard(game, card);
        if (country && !present.includes(country)) return 'gone';
        return century === undefined || released.has(century) ? 'market' : 'unreleased';
      }
    }
  };
  const owner = Places.of(layoutFor(game), (id) => {
    const card = ownableById(game, id)!;
    const place = placeOf(card);
    if (place !== 'gone' && arrivalOf(game, card) === 'starting') openingWorth += bookValue(game, edition, card);
    return place;
  });
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
  const waiting = marketCardsOf(game, centuryId).filter((id) => table.owner.get(id) === 'unreleased');
  return withTable(table, { owner: table.owner.moved(waiting, 'market') });
}

const byCentury = new WeakMap<Game, Map<string, readonly string[]>>();

/** The market cards of a century (not its lots), in card order. */
function marketCardsOf(game: Game, centuryId: string): readonly string[] {
  let m = byCentury.get(game);
  if (!m) {
    m = new Map();
    for (const card of ownableCards(game)) {
      const century = centuryOfCard(game, card);
      if (arrivalOf(game, card) !== 'market' || century === undefined) continue;
      m.set(century, [...(m.get(century) ?? []), card.id]);
    }
    byCentury.set(game, m);
  }
  return m.get(centuryId) ?? [];
}

/** The cards a country holds, in the game's order; only those outside completed collections when `loose`. */
export function shelfOf(game: Game, table: Table, country: CountryId, loose = false): OwnableCard[] {
  const out: OwnableCard[] = [];
  for (const id of table.owner.at(country)) {
    const card = ownableById(game, id);
    if (card && !(loose && isLocked(table, id))) out.push(card);
  }
  return out;
}
