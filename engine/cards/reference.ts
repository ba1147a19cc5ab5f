import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { Id, Sentence } from '../schema/common.js';

export const Reference = z
  .strictObject({
    ...cardBase,
    edition: Id.optional().describe('The edition this card is for (an edition id from game.yaml); leave out for every edition.'),
    kind: z.enum(['order', 'objectives', 'other']).describe("'order' (order of operations), 'objectives', or 'other'."),
    lines: z
      .array(Sentence)
      .min(1)
      .max(14)
      .describe(
        'The lines printed on the card, in order. **bold** and *italic* work, and so do names that follow the game, e.g. {{last_century}} or {{starting_credits}} (the names are listed under Reference cards in docs/content-format.md).',
      ),
    copies: z
      .union([z.literal('per-player'), z.number().int().min(1).max(24)])
      .optional()
      .describe("How many of this card to print: 'per-player' (one for each player at the largest table) or a number, e.g. 1. Optional: per-player."),
  })
  .describe('A reference card handed to every player: order of operations, objectives.');

export type Reference = z.infer<typeof Reference>;

export const referenceType = defineCardType({
  type: 'reference',
  key: 'reference',
  label: 'reference card',
  plural: 'reference cards',
  codePrefix: 'RF',
  codeDigits: 1,
  role: 'aid',
  schema: Reference,
  summary: 'A player aid: the order of operations or the objectives, one per player.',
});
