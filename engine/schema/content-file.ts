// The shape of every content YAML file other than game.yaml and pack.yaml: lists of cards under
// their type's key (books:, national_events:, …) and the auction lots. Derived from the registry
// of card types each time it changes, so a type registered at run time has its key too.
import { z } from 'zod';
import { cardTypes } from '../cards/index.js';
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

let made: { types: readonly unknown[]; schema: z.ZodType<Record<string, unknown>> } | undefined;

/** The schema of a content file, for the card types known now. */
export function contentFileSchema(): z.ZodType<Record<string, unknown>> {
  const types = cardTypes();
  if (made && made.types.length === types.length) return made.schema;
  const lists = Object.fromEntries(types.map((t) => [t.key, z.array(t.schema).optional().describe(`The ${t.plural} in this file.`)]));
  const schema = z
    .strictObject({ ...lists, auction_lots: z.array(AuctionLot).optional().describe('The auction lots defined in this file.') })
    .describe(`A content file: lists of cards under their kind (${types.map((t) => t.key).join(', ')}) and auction_lots.`);
  made = { types, schema };
  return schema;
}
