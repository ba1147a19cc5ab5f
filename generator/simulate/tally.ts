// What a batch of simulated games adds up to: only whole-number counts and histograms, so the
// batches the worker threads play can be added together in any order and give the same figures
// to the last digit (the same seed gives a byte-identical report, however the work was shared).
//
// Wins shared in a tie are split, so a win is counted in sixtieths (60 divides by 1 to 6 ways).
import type { CountryId } from '../../engine/index.js';
import type { PolicyId } from './policies.js';

/** A share of one win, in sixtieths: a win alone is 60, a two-way tie 30 each. */
export const WIN = 60;

/** How often each whole-number value came up, by value. */
export type Histogram = Record<string, number>;

export interface CountryTally {
  /** Games this country played. */
  games: number;
  /** Its wins, in sixtieths (ties split). */
  wins: number;
  /** The sum of its squared per-game wins, in sixtieths squared: for the confidence interval. */
  winsSq: number;
  /** Final totals. */
  scores: Histogram;
  /** Credits held at the end of each century, by century id. */
  credits: Record<string, Histogram>;
  /** Books it won at auction, and what it paid for them. */
  auctionBooks: number;
  auctionPaid: number;
  /** Debts it ran up (each time a new debt arose). */
  debts: number;
}

export interface CardTally {
  /** Times played or drawn (national events: once a game at most). */
  plays: number;
  /** Wins, in sixtieths, of the country it was played by or for (its own country, the drawer). */
  wins: number;
  /** The sum, over those who felt it, of the change in their worth (credits less debts, plus books) the card made at once. */
  effect: number;
  /** How many such changes `effect` adds up. */
  felt: number;
}

/** The same seeds played with and without a pack: each country's per-game difference in wins (pack − base, sixtieths). */
export interface PairTally {
  games: number;
  diff: number;
  diffSq: number;
}

export interface Tally {
  games: number;
  /** Games whose first place was shared. */
  ties: number;
  /** Games whose bank books did not balance at the end (the money law): must stay 0. */
  moneyBreaks: number;
  /** Games the bots could not finish within the safety stop: must stay 0. */
  unfinished: number;
  /** Actions per game. */
  actions: Histogram;
  /** Debts arising per game, chance cards drawn per game. */
  debts: Histogram;
  chance: Histogram;
  countries: Record<CountryId, CountryTally>;
  /** Each temperament's seats and wins (sixtieths). */
  policies: Record<string, { seats: number; wins: number }>;
  auctions: {
    /** Lots auctioned, lots nobody bid for, sales (one buyer, one or more books). */
    lots: number;
    unsold: number;
    sales: number;
    /** Price paid per book at auction, as a percentage of its printed value (rounded to 10). */
    pricePercent: Histogram;
  };
  cards: Record<string, CardTally>;
  /** Paired with a pack's games (only in a comparison). */
  pairs?: Record<CountryId, PairTally>;
}

export function emptyTally(): Tally {
  return {
    games: 0,
    ties: 0,
    moneyBreaks: 0,
    unfinished: 0,
    actions: {},
    debts: {},
    chance: {},
    countries: {},
    policies: {},
    auctions: { lots: 0, unsold: 0, sales: 0, pricePercent: {} },
    cards: {},
  };
}

export function countryTally(t: Tally, c: CountryId): CountryTally {
  let x = t.countries[c];
  if (!x) t.countries[c] = x = { games: 0, wins: 0, winsSq: 0, scores: {}, credits: {}, auctionBooks: 0, auctionPaid: 0, debts: 0 };
  return x;
}

export function cardTally(t: Tally, id: string): CardTally {
  let x = t.cards[id];
  if (!x) t.cards[id] = x = { plays: 0, wins: 0, effect: 0, felt: 0 };
  return x;
}

export function policyTally(t: Tally, p: PolicyId): { seats: number; wins: number } {
  let x = t.policies[p];
  if (!x) t.policies[p] = x = { seats: 0, wins: 0 };
  return x;
}

export function count(h: Histogram, value: number, n = 1): void {
  const k = String(value);
  h[k] = (h[k] ?? 0) + n;
}

function addHistogram(into: Histogram, from: Histogram): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

function addNumbers<T extends { [K in keyof T]: number }>(into: T, from: T): void {
  for (const k of Object.keys(from) as (keyof T)[]) into[k] = ((into[k] ?? 0) + from[k]) as T[keyof T];
}

/** Adds `from` into `into`. */
export function addTally(into: Tally, from: Tally): Tally {
  into.games += from.games;
  into.ties += from.ties;
  into.moneyBreaks += from.moneyBreaks;
  into.unfinished += from.unfinished;
  addHistogram(into.actions, from.actions);
  addHistogram(into.debts, from.debts);
  addHistogram(into.chance, from.chance);
  for (const [c, x] of Object.entries(from.countries)) {
    const to = countryTally(into, c);
    to.games += x.games;
    to.wins += x.wins;
    to.winsSq += x.winsSq;
    to.auctionBooks += x.auctionBooks;
    to.auctionPaid += x.auctionPaid;
    to.debts += x.debts;
    addHistogram(to.scores, x.scores);
    for (const [century, h] of Object.entries(x.credits)) addHistogram((to.credits[century] ??= {}), h);
  }
  for (const [p, x] of Object.entries(from.policies)) addNumbers(policyTally(into, p as PolicyId), x);
  into.auctions.lots += from.auctions.lots;
  into.auctions.unsold += from.auctions.unsold;
  into.auctions.sales += from.auctions.sales;
  addHistogram(into.auctions.pricePercent, from.auctions.pricePercent);
  for (const [id, x] of Object.entries(from.cards)) addNumbers(cardTally(into, id), x);
  if (from.pairs) {
    into.pairs ??= {};
    for (const [c, x] of Object.entries(from.pairs)) addNumbers((into.pairs[c] ??= { games: 0, diff: 0, diffSq: 0 }), x);
  }
  return into;
}
