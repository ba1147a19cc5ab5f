import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { printedWork } from './book.js';
import { CountryRef, Credits, Id } from '../schema/common.js';

export const AuctionBook = z
  .strictObject({
    ...cardBase,
    ...printedWork,
    lot: Id.describe('The id of the auction lot this book belongs to (see auction_lots).'),
    country: CountryRef.optional().describe('The country this book counts for in a National Canon. Optional.'),
    value: Credits.describe('Points at the end of the game and price when sold back; it has no price at auction.'),
  })
  .describe('A book sold only at auction, as part of a themed lot of four.');

export type AuctionBook = z.infer<typeof AuctionBook>;

export const auctionBookType = defineCardType({
  type: 'auction-book',
  key: 'auction_books',
  label: 'auction book',
  plural: 'auction books',
  codePrefix: 'AB',
  codeDigits: 1,
  role: 'ownable',
  arrives: 'lot',
  schema: AuctionBook,
  summary: 'A book that is only sold at auction, in a lot of four released by a national event.',
});
