import { z } from 'zod';
import { cardBase, defineCardType } from './base.js';
import { CountryRef, CenturyRef, GenreRef, Year, YearLabel, Sentence, Credits } from '../schema/common.js';

export const printedWork = {
  gloss: Sentence.optional().describe('An English gloss of a foreign title, e.g. "The Prince". Optional.'),
  author: Sentence.optional().describe('Author, editor or translator as printed. Optional for anonymous works.'),
  printer: Sentence.optional().describe('Printer or publisher, e.g. "Aldus Manutius".'),
  place: Sentence.describe('Where it was printed, e.g. "Venice".'),
  year: Year,
  year_label: YearLabel.optional(),
  genre: GenreRef,
  note: Sentence.describe('One sentence in your own words on why this book matters.'),
};

export const Book = z
  .strictObject({
    ...cardBase,
    ...printedWork,
    country: CountryRef.describe("The library (country) this book belongs to, e.g. 'germany'."),
    century: CenturyRef,
    value: Credits.describe('Price in credits, and points at the end of the game.'),
    mvb: z.boolean().default(false).describe('true for one of the Most Valuable Books.'),
  })
  .describe('A landmark printed book bought from the market.');

export type Book = z.infer<typeof Book>;

export const bookType = defineCardType({
  type: 'book',
  key: 'books',
  label: 'book',
  plural: 'books',
  codePrefix: 'BK',
  codeDigits: 1,
  role: 'ownable',
  arrives: 'market',
  schema: Book,
  summary: 'A landmark printed book. Two per country per century go on the market.',
});
