// The shape of every content YAML file other than game.yaml and pack.yaml: lists of cards under
// their type's key (books:, national_events:, …) and the auction lots.
import { z } from 'zod';
import { CARD_TYPES } from '../cards/index.js';
import { Id, CenturyRef, Sentence } from './common.js';

export const AuctionLot = z
  .strictObject({
    id: Id,
    name: Sentence.describe('The lot\'s theme as printed, e.g. "Incunable Bibles".'),
    century: CenturyRef.describe('The century whose national event releases this lot.'),
    theme: Sentence.describe('One sentence on what ties the four books together.'),
  })
  .describe('A lot of four auction books on one theme, released by a national event.');
export type AuctionLot = z.infer<typeof AuctionLot>;

type CardLists = {
  [T in (typeof CARD_TYPES)[number] as T['key']]: z.ZodOptional<z.ZodArray<T['schema']>>;
};

const cardLists = Object.fromEntries(
  CARD_TYPES.map((t) => [t.key, z.array(t.schema).optional().describe(`The ${t.plural} in this file.`)]),
) as unknown as CardLists;

export const ContentFile = z
  .strictObject({
    ...cardLists,
    auction_lots: z.array(AuctionLot).optional().describe('The auction lots defined in this file.'),
  })
  .describe(
    'A content file: lists of cards under their kind (books, national_events, world_events, chance, manuscripts, auction_books, reference) and auction_lots.',
  );

export type ContentFile = z.infer<typeof ContentFile>;
