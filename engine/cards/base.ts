// What every card shares, and the shape of a card type. A new card type is one file in this
// folder that calls defineCardType, plus a layout and a template in templates/.
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

export interface CardTypeDef<T extends string = string, K extends string = string, S extends z.ZodType = z.ZodType> {
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
  schema: S;
  /** Short explanation for the content format reference. */
  summary: string;
}

export function defineCardType<T extends string, K extends string, S extends z.ZodType>(def: CardTypeDef<T, K, S>): CardTypeDef<T, K, S> {
  return def;
}
