import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { CountryRef, CenturyRef, Year, YearLabel, Sentence } from '../schema/common.js';
import { Effects } from '../schema/effects.js';

export const NationalEvent = z
  .strictObject({
    ...cardBase,
    country: CountryRef.describe('The country whose pile this event is in.'),
    century: CenturyRef,
    year: Year,
    year_label: YearLabel.optional(),
    text: Sentence.describe('One or two sentences in your own words about what happened.'),
    effects: Effects,
  })
  .describe("A real event in one country's history, drawn at the start of a round.");

export type NationalEvent = z.infer<typeof NationalEvent>;

export const nationalEventType = defineCardType({
  type: 'national-event',
  key: 'national_events',
  label: 'national event',
  plural: 'national events',
  codePrefix: 'NE',
  codeDigits: 1,
  role: 'event',
  drawn: 'national',
  schema: NationalEvent,
  summary: "A real event in one country's history; each country draws one of its own at the start of a round.",
});
