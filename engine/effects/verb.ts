// The shape of an effect verb. A verb is ONE module in ./verbs/: its schema (what a card author
// writes), the words its printed line is made from (the sentence itself is a template in
// templates/effects.yaml), the ids it names (checked when content loads), how it is carried out
// at the table, a rough money estimate for the stats report and balance checks, and the most it can
// pay out (so the rules know when a purse could pass what a table holds). Adding a verb
// is adding a file there and listing it in ./verbs/index.ts.
import type { z } from 'zod';
import type { Country, Century, Genre } from '../schema/game.js';
import type { EffectRun } from './run.js';

/** The names the printed line needs. */
export interface NameBook {
  countries: Country[];
  centuries: Century[];
  genres: Genre[];
  lots: { id: string; name: string }[];
}

/** An id an effect names: checked against the game's countries, genres, centuries or lots. */
export interface Reference {
  /** Where it is written, relative to the effect. */
  path: (string | number)[];
  kind: 'country' | 'genre' | 'century' | 'lot';
  value: string;
  /** Words that are allowed besides ids (e.g. 'bank', 'self', 'each'). */
  keywords?: readonly string[];
}

/** A warning for the card's author: it loads, but probably does not do what was meant. */
export interface Advice {
  path: (string | number)[];
  message: string;
  fix: string;
}

export interface EffectVerb<V extends string = string, S extends z.ZodType = z.ZodType> {
  verb: V;
  schema: S;
  /** The values its template in templates/effects.yaml can use. */
  wording(effect: z.output<S>, names: NameBook): Record<string, unknown>;
  /** The ids it names. */
  references(effect: z.output<S>): Reference[];
  /**
   * Warnings about a card that has this effect (`cardType` is the card's type, e.g. "chance";
   * `holder` the country the card always belongs to, for a national event).
   */
  advice?(effect: z.output<S>, cardType: string, holder?: string): Advice[];
  /** Carries the effect out at the table. */
  apply(run: EffectRun, effect: z.output<S>): void;
  /** Net credits it gives `country` when the card belongs to `holder`: flat amounts at face value, "per book" counted once. */
  estimate(effect: z.output<S>, holder: string, country: string): number;
  /**
   * The most its payments can come to, all together, at a table of `seats` countries that hold
   * `books` books between them (so no shelf, whatever the card moves, holds more). While that
   * leaves every purse and debt within what a table
   * holds, the rules need not carry the card out on a scratch copy to be sure (game/check.ts).
   */
  most(effect: z.output<S>, seats: number, books: number): number;
}

export function defineVerb<const V extends string, S extends z.ZodType>(def: EffectVerb<V, S>): EffectVerb<V, S> {
  return def;
}
