import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { Sentence, Year, YearLabel } from '../schema/common.js';
import { Effects } from '../schema/effects.js';

export const Chance = z
  .strictObject({
    ...cardBase,
    text: Sentence.describe('What happens to the library that draws this card, in your own words.'),
    note: Sentence.describe('The real story behind the card: where, when, what happened.'),
    year: Year.optional().describe('The year of the real story. Optional.'),
    year_label: YearLabel.optional(),
    effects: Effects,
  })
  .describe('A stroke of luck or disaster that can strike any library.');

export type Chance = z.infer<typeof Chance>;

export const chanceType = defineCardType({
  type: 'chance',
  key: 'chance',
  label: 'chance card',
  plural: 'chance cards',
  codePrefix: 'CH',
  codeDigits: 2,
  role: 'event',
  drawn: 'chance',
  schema: Chance,
  summary: 'Luck or disaster from real library history; drawn on a roll of 1 or 6 after the first round.',
});
