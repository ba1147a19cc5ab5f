import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { CenturyRef, Year, YearLabel, Sentence } from '../schema/common.js';
import { Effects } from '../schema/effects.js';

export const WorldEvent = z
  .strictObject({
    ...cardBase,
    century: CenturyRef,
    year: Year,
    year_label: YearLabel.optional(),
    text: Sentence.describe('One or two sentences in your own words about what happened.'),
    effects: Effects,
  })
  .describe('An event that touches every country, turned over at the end of its century.');

export type WorldEvent = z.infer<typeof WorldEvent>;

export const worldEventType = defineCardType({
  type: 'world-event',
  key: 'world_events',
  label: 'world event',
  plural: 'world events',
  codePrefix: 'WE',
  codeDigits: 1,
  role: 'event',
  drawn: 'world',
  schema: WorldEvent,
  summary: 'An event that touches every country, turned over at the end of its century.',
});
