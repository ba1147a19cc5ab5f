// What every card shares, and the shape of a card type. A card type is ONE declaration: a file in
// this folder that calls defineCardType with its schema, its names, its printed code and its role
// at the table. Every list of types — the content file keys, the decks, the rule book's
// components, the referee's behaviour, the TypeScript Card union — is derived from these entries.
import { z } from 'zod';
import { Id, ImagePath, Sentence } from '../schema/common.js';

export const cardBase = {
  id: Id,
  code: z
    .string()
    .regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, { message: 'a code is capital letters and digits joined by hyphens, e.g. "NE-ENG-16-2"' })
    .optional()
    .describe('The short code printed in the corner, e.g. "NE-ENG-16-2". Leave it out and one is made for you.'),
  title: Sentence.describe('The title printed on the card.'),
  image: ImagePath.optional(),
  replaces: Id.optional().describe('Packs only: the id of a base-game card this card takes the place of.'),
};

/**
 * What a card does at the table.
 * - `ownable`: a country can hold it, buy it, sell it back, trade it and score it (it has a value).
 * - `event`: it is drawn and its effects are applied (it has effects).
 * - `aid`: it is handed out for reference and never enters play.
 */
export type CardRole = 'ownable' | 'event' | 'aid';

/**
 * How an ownable card comes into play.
 * - `market`: it waits with its century and goes on the market when that century begins.
 * - `starting`: each country starts with its own, in editions that deal them (`manuscripts: true`).
 * - `lot`: it waits in an auction lot until an event releases the lot; what its owner paid for it
 *   caps what the bank gives back, and an edition may fix its value (`auction_book_value`).
 */
export type Arrival = 'market' | 'starting' | 'lot';

/**
 * When an event card is drawn.
 * - `national`: by its own country, one per round, in the national events.
 * - `world`: by the lead country at the end of its century, in editions with world events.
 * - `chance`: by a country that must draw chance (a roll, a card or a forced draw).
 */
export type Draw = 'national' | 'world' | 'chance';

interface Names<T extends string, K extends string> {
  /** The `type` written into game.json, e.g. "national-event". */
  type: T;
  /** The list key in a content YAML file, e.g. "national_events". */
  key: K;
  /** Singular and plural names for messages and the rule book. */
  label: string;
  plural: string;
  /** First part of the printed code, e.g. "NE". */
  codePrefix: string;
  /** Digits used for the running number in the code. */
  codeDigits: number;
  /** Short explanation for the content format reference and the rule book's list of components. */
  summary: string;
  /** The card layout it is printed with: templates/layouts/<layout>.yaml (its own type by default). */
  layout?: string;
}

/** The fields every ownable card has: what the rules need to price, count and score it. */
type OwnableShape = { value: number; title: string };
/** The field every event card has. */
type EventShape = { effects: unknown[] };

export type CardTypeDef<T extends string = string, K extends string = string, S extends z.ZodType = z.ZodType, R extends CardRole = CardRole> = Names<T, K> & {
  schema: S;
  role: R;
} & (R extends 'ownable' ? { arrives: Arrival } : { arrives?: never }) &
  (R extends 'event' ? { drawn: Draw } : { drawn?: never });

/**
 * Declares a card type. The role's requirements are checked by TypeScript: an ownable type's
 * schema must give a value and a title, an event type's schema must give effects.
 */
export function defineCardType<const T extends string, const K extends string, S extends z.ZodType, const R extends CardRole>(
  def: CardTypeDef<T, K, S, R> &
    (R extends 'ownable' ? (z.output<S> extends OwnableShape ? unknown : { schema: 'an ownable card needs value and title' }) : unknown) &
    (R extends 'event' ? (z.output<S> extends EventShape ? unknown : { schema: 'an event card needs effects' }) : unknown),
): CardTypeDef<T, K, S, R> {
  return def;
}

/** What the rules, the referee and outside tools need to know of a card type: written into game.json. */
export interface CardTypeInfo {
  type: string;
  key: string;
  label: string;
  plural: string;
  role: CardRole;
  arrives?: Arrival;
  drawn?: Draw;
}

export function typeInfo(def: CardTypeDef): CardTypeInfo {
  const info: CardTypeInfo = { type: def.type, key: def.key, label: def.label, plural: def.plural, role: def.role };
  if (def.arrives) info.arrives = def.arrives;
  if (def.drawn) info.drawn = def.drawn;
  return info;
}
