// The resolved game: base content plus selected packs, as every consumer sees it and as
// out/game.json stores it. It carries the card types' roles, so the rules treat every card by what
// it does at the table (ownable, event, aid) and never by a list of type names.
import type { Country, Century, Genre, Collection, Edition } from './schema/game.js';
import type { AuctionLot } from './schema/content-file.js';
import type { Card, CardOfType, CardTypeName, OwnableCard, EventCard, CardTypeInfo, Arrival, Draw } from './cards/index.js';

export type { Card, CardOfType, OwnableCard, EventCard, CardTypeInfo };
export type BookCard = CardOfType<'book'>;
export type AuctionBookCard = CardOfType<'auction-book'>;
export type NationalEventCard = CardOfType<'national-event'>;
export type WorldEventCard = CardOfType<'world-event'>;
export type ChanceCard = CardOfType<'chance'>;
export type ManuscriptCard = CardOfType<'manuscript'>;
export type ReferenceCard = CardOfType<'reference'>;

export interface Rules {
  default_edition: string;
  editions: Edition[];
  collections: Collection[];
  players: { min: number; max: number };
  /**
   * The countries at each table size from min to max players, in seat order (keys are the
   * number of players). Written out in full by the loader, so every consumer seats the same way.
   */
  tables: Record<string, string[]>;
  book_values: { min: number; max: number };
  /** How long the short and the long game take, in the rule book's words. */
  playing_time: { short: string; long: string };
}

export interface Game {
  format: 1;
  id: string;
  name: string;
  subtitle?: string;
  /** The packs layered on the base game, in order, with what the rule book's credits print. */
  packs: { id: string; name: string; mark: string; author?: string; description?: string }[];
  countries: Country[];
  centuries: Century[];
  genres: Genre[];
  rules: Rules;
  /** Every card type in the game, with its role at the table, in deck order. */
  card_types: CardTypeInfo[];
  lots: AuctionLot[];
  cards: Card[];
}

// A resolved game never changes, and the rules ask for one kind of card on every check: each
// kind is listed once per game. The lists are shared, so callers copy before sorting.
const byType = new WeakMap<Game, Map<string, readonly Card[]>>();

export function cardsOfType<T extends CardTypeName>(game: Game, type: T): readonly CardOfType<T>[] {
  let types = byType.get(game);
  if (!types) byType.set(game, (types = new Map()));
  let list = types.get(type);
  if (!list) types.set(type, (list = game.cards.filter((c) => c.type === type)));
  return list as readonly CardOfType<T>[];
}

const infos = new WeakMap<Game, Map<string, CardTypeInfo>>();

/** What the game says of a card type (its role, how it arrives, when it is drawn). */
export function typeInfoOf(game: Game, type: string): CardTypeInfo | undefined {
  let m = infos.get(game);
  if (!m) infos.set(game, (m = new Map(game.card_types.map((t) => [t.type, t]))));
  return m.get(type);
}

export function isOwnable(game: Game, card: Card): card is OwnableCard {
  return typeInfoOf(game, card.type)?.role === 'ownable';
}

export function isEvent(game: Game, card: Card): card is EventCard {
  return typeInfoOf(game, card.type)?.role === 'event';
}

/** How an ownable card comes into play (see engine/cards/base.ts). */
export function arrivalOf(game: Game, card: Card): Arrival | undefined {
  return typeInfoOf(game, card.type)?.arrives;
}

/** When an event card is drawn (see engine/cards/base.ts). */
export function drawOf(game: Game, card: Card): Draw | undefined {
  return typeInfoOf(game, card.type)?.drawn;
}

const ofRole = new WeakMap<Game, Map<string, readonly Card[]>>();

function listed(game: Game, key: string, keep: (c: Card) => boolean): readonly Card[] {
  let m = ofRole.get(game);
  if (!m) ofRole.set(game, (m = new Map()));
  let list = m.get(key);
  if (!list) m.set(key, (list = game.cards.filter(keep)));
  return list;
}

/** Every card a country can own, in game order. */
export function ownableCards(game: Game): readonly OwnableCard[] {
  return listed(game, 'ownable', (c) => isOwnable(game, c)) as readonly OwnableCard[];
}

/** The event cards drawn at this moment of the game (national, world or chance), in game order. */
export function eventsDrawn(game: Game, draw: Draw): readonly EventCard[] {
  return listed(game, `event:${draw}`, (c) => drawOf(game, c) === draw) as readonly EventCard[];
}

// ── what an ownable card shares with the rules, whatever its type ──────────────────────────

/** The genre a card counts for, if it has one (manuscripts have none). */
export function genreOf(card: OwnableCard): string | undefined {
  return 'genre' in card ? card.genre : undefined;
}

/** Whether a card carries the Most Valuable Book mark. */
export function isMvb(card: OwnableCard): boolean {
  return 'mvb' in card && card.mvb === true;
}

/** The country a card counts for in a National Canon, if any. */
export function countryOf(card: OwnableCard): string | undefined {
  return 'country' in card ? card.country : undefined;
}

/** The year a card was printed; manuscripts predate every printed book, so they count as oldest. */
export function yearOf(card: OwnableCard): number {
  return 'year' in card && typeof card.year === 'number' ? card.year : Number.NEGATIVE_INFINITY;
}

/** How its date is printed: a year label, a year, or a manuscript's "made". */
export function dateLabelOf(card: OwnableCard): string {
  if ('year_label' in card && card.year_label) return card.year_label;
  if ('year' in card && typeof card.year === 'number') return String(card.year);
  return 'made' in card ? card.made : '';
}

export function editionOf(game: Game, id?: string): Edition {
  const wanted = id ?? game.rules.default_edition;
  const found = game.rules.editions.find((e) => e.id === wanted);
  if (!found) throw new Error(`unknown edition ${wanted}`);
  return found;
}
