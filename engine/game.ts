// The resolved game: base content plus selected packs, as every consumer sees it and as
// out/game.json stores it.
import type { Country, Century, Genre, Collection, Edition } from './schema/game.js';
import type { AuctionLot } from './schema/content-file.js';
import type { Book, AuctionBook, NationalEvent, WorldEvent, Chance, Manuscript, Reference } from './cards/index.js';

type Resolved<T, Type extends string> = Omit<T, 'code' | 'replaces'> & {
  type: Type;
  code: string;
  /** The pack the card came from ("base" for content/). */
  pack: string;
};

export type BookCard = Resolved<Book, 'book'>;
export type AuctionBookCard = Resolved<AuctionBook, 'auction-book'>;
export type NationalEventCard = Resolved<NationalEvent, 'national-event'> & { effects_text: string[] };
export type WorldEventCard = Resolved<WorldEvent, 'world-event'> & { effects_text: string[] };
export type ChanceCard = Resolved<Chance, 'chance'> & { effects_text: string[] };
export type ManuscriptCard = Resolved<Manuscript, 'manuscript'>;
export type ReferenceCard = Resolved<Reference, 'reference'>;

export type Card = BookCard | AuctionBookCard | NationalEventCard | WorldEventCard | ChanceCard | ManuscriptCard | ReferenceCard;

export type CardOfType<T extends Card['type']> = Extract<Card, { type: T }>;
/** Anything a country can own and score: books, auction books and manuscripts. */
export type OwnableCard = BookCard | AuctionBookCard | ManuscriptCard;
export type EventCard = NationalEventCard | WorldEventCard | ChanceCard;

export interface Rules {
  default_edition: string;
  editions: Edition[];
  collections: Collection[];
  players: { min: number; max: number };
  book_values: { min: number; max: number };
  /** How long the short and the long game take, in the rule book's words. */
  playing_time: { short: string; long: string };
}

export interface Game {
  format: 1;
  id: string;
  name: string;
  subtitle?: string;
  packs: { id: string; name: string }[];
  countries: Country[];
  centuries: Century[];
  genres: Genre[];
  rules: Rules;
  lots: AuctionLot[];
  cards: Card[];
}

// A resolved game never changes, and the rules ask for one kind of card on every check: each
// kind is listed once per game. The lists are shared, so callers copy before sorting.
const byType = new WeakMap<Game, Map<string, readonly Card[]>>();

export function cardsOfType<T extends Card['type']>(game: Game, type: T): readonly CardOfType<T>[] {
  let types = byType.get(game);
  if (!types) byType.set(game, (types = new Map()));
  let list = types.get(type);
  if (!list) types.set(type, (list = game.cards.filter((c) => c.type === type)));
  return list as readonly CardOfType<T>[];
}

export function isOwnable(card: Card): card is OwnableCard {
  return card.type === 'book' || card.type === 'auction-book' || card.type === 'manuscript';
}

export function editionOf(game: Game, id?: string): Edition {
  const wanted = id ?? game.rules.default_edition;
  const found = game.rules.editions.find((e) => e.id === wanted);
  if (!found) throw new Error(`unknown edition ${wanted}`);
  return found;
}
