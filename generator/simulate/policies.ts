// How a bot values things. Three temperaments, as a table of players has them:
// - the collector chases the collection it is closest to, and pays for promise;
// - the value buyer takes the dearest book it can afford (points are points);
// - the saver keeps credits (they count at the end in most editions) and buys only a clear gain.
import type { Edition } from '../../engine/index.js';
import type { Library } from './library.js';

export type PolicyId = 'collector' | 'value' | 'saver';

export interface Policy {
  id: PolicyId;
  /** What the cards are worth to this library, in credits it would pay for them. */
  worth(lib: Library, cards: readonly string[], price: number): number;
  /** How much better than its price a card must be before it buys. */
  margin: number;
  /** Credits it keeps back at the market. */
  reserve(edition: Edition): number;
}

const promise = (lib: Library, cards: readonly string[]) => cards.reduce((s, id) => s + lib.promise(id), 0);

export const POLICIES: Record<PolicyId, Policy> = {
  collector: {
    id: 'collector',
    worth: (lib, cards) => lib.gain(cards) + promise(lib, cards),
    margin: 0,
    reserve: () => 0,
  },
  value: {
    id: 'value',
    // A book is worth its price to it, and a little more: it buys whatever it can.
    worth: (lib, cards, price) => Math.max(lib.gain(cards), price) + 0.5,
    margin: 0,
    reserve: () => 0,
  },
  saver: {
    id: 'saver',
    worth: (lib, cards) => lib.gain(cards) + promise(lib, cards) / 2,
    margin: 1,
    // Credits score at face value in most editions: keep a few; where they must be spent, keep none.
    reserve: (edition) => (edition.end_of_game === 'face-value' ? 3 : 0),
  },
};

export const POLICY_IDS = Object.keys(POLICIES) as PolicyId[];
