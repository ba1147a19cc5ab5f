import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { CountryRef, Credits, Sentence, YearLabel } from '../schema/common.js';

export const Manuscript = z
  .strictObject({
    ...cardBase,
    country: CountryRef.describe('The country that starts with this manuscript.'),
    made: YearLabel.describe('When it was made, as printed, e.g. "c. 715–720".'),
    place: Sentence.optional().describe('Where it was made. Optional.'),
    held: Sentence.optional().describe('Where it is kept today, e.g. "British Library, London". Optional.'),
    value: Credits.describe('Points at the end of the game and price when sold back.'),
    note: Sentence.describe('One sentence in your own words on why it matters.'),
  })
  .describe("A country's medieval manuscript: it starts the game with it. No genre, never MVB.");

export type Manuscript = z.infer<typeof Manuscript>;

export const manuscriptType = defineCardType({
  type: 'manuscript',
  key: 'manuscripts',
  label: 'manuscript',
  plural: 'manuscripts',
  codePrefix: 'MS',
  codeDigits: 1,
  role: 'ownable',
  arrives: 'starting',
  schema: Manuscript,
  summary: "A medieval manuscript each country starts with; it counts toward that country's National Canon.",
});
