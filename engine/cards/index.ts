// The registry of card types, in the order decks are printed and listed. The built-in types are
// listed once here; `registerCardType` adds one at run time (a tool or a test with a type of its
// own), and everything that lists types asks `cardTypes()`.
import type { z } from 'zod';
import { bookType } from './book.js';
import { auctionBookType } from './auction-book.js';
import { nationalEventType } from './national-event.js';
import { worldEventType } from './world-event.js';
import { chanceType } from './chance.js';
import { manuscriptType } from './manuscript.js';
import { referenceType } from './reference.js';
import { typeInfo, type CardRole, type CardTypeDef, type CardTypeInfo } from './base.js';

export const CARD_TYPES = [bookType, auctionBookType, nationalEventType, worldEventType, chanceType, manuscriptType, referenceType] as const;

type Builtin = (typeof CARD_TYPES)[number];
export type CardTypeName = Builtin['type'];

/** A card as the resolved game holds it: its fields, its type, its printed code and its pack. */
type ResolvedOf<D> =
  D extends CardTypeDef<infer T, string, infer S, infer R>
    ? Omit<z.output<S>, 'code' | 'replaces'> & {
        type: T;
        code: string;
        /** The pack the card came from ("base" for content/). */
        pack: string;
      } & (R extends 'event' ? { effects_text: string[] } : unknown)
    : never;

/** Every card of the built-in types (the union is derived from the registry, never written by hand). */
export type Card = ResolvedOf<Builtin>;
export type CardOfType<T extends CardTypeName> = Extract<Card, { type: T }>;
/** Anything a country can own and score. */
export type OwnableCard = ResolvedOf<Extract<Builtin, { role: 'ownable' }>>;
/** Anything drawn and carried out. */
export type EventCard = ResolvedOf<Extract<Builtin, { role: 'event' }>>;

const added: CardTypeDef[] = [];

/** Every card type: the built-in ones, then those registered at run time. */
export function cardTypes(): readonly CardTypeDef[] {
  return added.length === 0 ? CARD_TYPES : [...CARD_TYPES, ...added];
}

/** Adds a card type for this process. Its type, key and code prefix must be new. */
export function registerCardType(def: CardTypeDef): void {
  for (const t of cardTypes()) {
    if (t.type === def.type || t.key === def.key || t.codePrefix === def.codePrefix) {
      throw new RangeError(`the card type '${def.type}' clashes with '${t.type}' (same type, key or code prefix)`);
    }
  }
  added.push(def);
}

export function cardTypeOf(type: string): CardTypeDef | undefined {
  return cardTypes().find((t) => t.type === type);
}

/** The registry as game.json carries it, so the referee and outside tools know every type's role. */
export function cardTypeInfos(): CardTypeInfo[] {
  return cardTypes().map(typeInfo);
}

export function typesWithRole(role: CardRole): readonly CardTypeDef[] {
  return cardTypes().filter((t) => t.role === role);
}

export { bookType, auctionBookType, nationalEventType, worldEventType, chanceType, manuscriptType, referenceType };
export { defineCardType, cardBase, typeInfo, type CardTypeDef, type CardTypeInfo, type CardRole, type Arrival, type Draw } from './base.js';
export type { Book } from './book.js';
export type { AuctionBook } from './auction-book.js';
export type { NationalEvent } from './national-event.js';
export type { WorldEvent } from './world-event.js';
export type { Chance } from './chance.js';
export type { Manuscript } from './manuscript.js';
export type { Reference } from './reference.js';
