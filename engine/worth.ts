// What a card is worth, in one place (DESIGN §2, "Selling back"). Three questions, three answers:
// - its value: what it scores, what it counts for against a debt or a cost, and its price on the
//   market — the printed value, except that an edition may fix every auction book's value
//   (`auction_book_value`, 1 in classic);
// - what the bank pays to take it back: its value, but a card bought at auction returns what its
//   owner paid for it (its equal share of the lot's price, rounded down) and never more;
// - its worth to the money law: what the bank would pay for it now.
import { arrivalOf, type Game, type OwnableCard } from './game.js';
import type { Edition } from './schema/game.js';

/** The card's value under this edition's rules: points, debts, costs and market price. */
export function bookValue(game: Game, edition: Edition, card: OwnableCard): number {
  if (arrivalOf(game, card) === 'lot' && edition.auction_book_value !== undefined && edition.auction_book_value !== null) return edition.auction_book_value;
  return card.value;
}

/**
 * What the bank pays for the card when its holder sells it back: its value, capped by what was
 * paid for it when it was won at auction (`paid`, by card id). Ordinary books return their value.
 */
export function saleValue(game: Game, edition: Edition, paid: Readonly<Record<string, number>>, card: OwnableCard): number {
  const value = bookValue(game, edition, card);
  const price = paid[card.id];
  return price === undefined ? value : Math.min(price, value);
}

/** Each book's share of a price paid for several at once: equal shares, rounded down. */
export function shareOf(price: number, books: number): number {
  return books > 0 ? Math.floor(price / books) : 0;
}
