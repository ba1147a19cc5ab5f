// How a bot values things. Three temperaments, as a table of players has them:
// - the collector aims at the collection its shelf is closest to and pays for books that take it
//   there, even above their printed value;
// - the value buyer takes the dearest book it can afford: points are points;
// - the saver keeps some credits back (in editions where credits score, they are safe from the
//   book-burning cards) and buys only a clear gain.
import type { Edition } from '../../engine/index.js';
import type { Sense } from './sense.js';

export type PolicyId = 'collector' | 'value' | 'saver';

export interface Policy {
  id: PolicyId;
  /** What these cards are worth to this library, in credits it would pay for them (`printed`: their printed values). */
  worth(sense: Sense, cards: readonly string[], printed: number): number;
  /** The same for one card (the market asks this for every book on sale, every turn). */
  worthOne(sense: Sense, id: string, price: number): number;
  /** How much better than its price a book must be before it buys. */
  margin: number;
  /** Credits it keeps back at the market. */
  reserve(edition: Edition): number;
  /** How it ranks the books it would buy: higher first. */
  rank(sense: Sense, id: string, price: number, worth: number): number;
  /** How much more than the debt a creditor wants in books before it takes books rather than waiting for credits. */
  booksOverCredits: number;
}

const sum = (cards: readonly string[], f: (id: string) => number) => cards.reduce((s, id) => s + f(id), 0);

/** The collector pays for promise, most of all toward the collection it aims at. */
function collectorWorth(sense: Sense, id: string): number {
  const target = sense.target;
  const aimed = target !== undefined && sense.groupsOf(id).includes(target);
  return sense.gain(id) + (aimed ? 1.5 : 0.5) * sense.promise(id);
}

export const POLICIES: Record<PolicyId, Policy> = {
  collector: {
    id: 'collector',
    // Its target collection's books are worth their promise besides their points.
    worth: (sense, cards) => sum(cards, (id) => collectorWorth(sense, id)),
    worthOne: (sense, id) => collectorWorth(sense, id),
    margin: 0,
    reserve: () => 0,
    rank: (_sense, _id, price, worth) => worth - price,
    booksOverCredits: 0,
  },
  value: {
    id: 'value',
    // A book is worth its price to it, and a little more: it buys whatever it can.
    worth: (sense, cards, printed) =>
      Math.max(
        sum(cards, (id) => sense.gain(id)),
        printed,
      ) + 0.5,
    worthOne: (sense, id, price) => Math.max(sense.gain(id), price) + 0.5,
    margin: 0,
    reserve: () => 0,
    rank: (_sense, _id, price, worth) => price + (worth - price) / 100,
    booksOverCredits: 0,
  },
  saver: {
    id: 'saver',
    worth: (sense, cards) => sum(cards, (id) => sense.gain(id) + sense.promise(id) / 2),
    worthOne: (sense, id) => sense.gain(id) + sense.promise(id) / 2,
    margin: 1,
    // Credits score at face value in most editions: keep a few; where they must be spent, keep none.
    reserve: (edition) => (edition.end_of_game === 'face-value' ? 3 : 0),
    rank: (_sense, _id, price, worth) => worth - price,
    booksOverCredits: 2,
  },
};

export const POLICY_IDS = Object.keys(POLICIES) as PolicyId[];
