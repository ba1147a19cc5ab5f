// The registry of card types, in the order decks are printed and listed.
import { bookType } from './book.js';
import { auctionBookType } from './auction-book.js';
import { nationalEventType } from './national-event.js';
import { worldEventType } from './world-event.js';
import { chanceType } from './chance.js';
import { manuscriptType } from './manuscript.js';
import { referenceType } from './reference.js';

export const CARD_TYPES = [bookType, auctionBookType, nationalEventType, worldEventType, chanceType, manuscriptType, referenceType] as const;

export type CardTypeName = (typeof CARD_TYPES)[number]['type'];

export { bookType, auctionBookType, nationalEventType, worldEventType, chanceType, manuscriptType, referenceType };
export type { Book } from './book.js';
export type { AuctionBook } from './auction-book.js';
export type { NationalEvent } from './national-event.js';
export type { WorldEvent } from './world-event.js';
export type { Chance } from './chance.js';
export type { Manuscript } from './manuscript.js';
export type { Reference } from './reference.js';
