// Building blocks shared by every schema. Each field carries a description written for the
// teacher who edits the YAML: VS Code shows it on hover, and the format reference prints it.
import { z } from 'zod';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const Id = z
  .string()
  .regex(KEBAB, {
    message: 'an id may use only lower-case letters, digits and single hyphens (for example "gutenberg-bible")',
  })
  .describe('A short name that identifies this thing everywhere: lower-case letters, digits and hyphens, e.g. "gutenberg-bible".');

// References are checked against the game's own ids when the game is put together, where a
// misspelling ("England", "America", "poetry") can be answered with the id that was meant.
const Ref = z.string().trim().min(1, { message: 'write an id here' });
export const CountryRef = Ref.describe("The id of a country from game.yaml, e.g. 'england'.");
export const CenturyRef = Ref.describe("The id of a century from game.yaml, e.g. '16th'.");
export const GenreRef = Ref.describe("The id of a genre from game.yaml, e.g. 'science'.");

export const Year = z
  .number()
  .int({ message: 'a year is a whole number, e.g. 1455' })
  .min(1, { message: 'a year is a positive whole number, e.g. 1455' })
  .max(2100, { message: 'a year must be no later than 2100' })
  .describe('The year as a whole number, used to check the century, e.g. 1455.');

export const YearLabel = z.string().min(1).describe('How the date is printed when a single year would mislead, e.g. "c. 1454–55" or "1751–72". Optional.');

export const Sentence = z.string().trim().min(1, { message: 'write at least a few words here' });

export const Colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'a colour is written as # and six hex digits, e.g. "#1f4e79"' })
  .describe('A colour as # and six hex digits, e.g. "#1f4e79".');

/** The most players a table may seat: the referee's seats and the printed per-player aids are made for this many. */
export const MAX_PLAYERS = 12;

/** The most credits a single amount may be: far beyond any real table, well inside exact arithmetic. */
export const MAX_CREDITS = 10_000;

// The bound first: 1e21 is said to be too many credits, not "not whole" (it is beyond exact whole numbers).
export const Credits = z
  .number()
  .max(MAX_CREDITS, { message: `at most ${MAX_CREDITS.toLocaleString('en')} credits: far more than any table holds` })
  .int({ message: 'credits are whole numbers' })
  .min(0, { message: 'credits cannot be negative here' })
  .describe('A number of credits (whole number).');

export const ImagePath = z
  .string()
  .min(1, { message: 'write the path of a picture here, or leave "image" out' })
  .describe('Optional art for the card: a path to a PNG or JPEG, relative to this YAML file.');

/** Words that mean a role at the table rather than a country; no country may take them as an id. */
export const RESERVED_PARTIES = ['self', 'each', 'others', 'lead', 'richest', 'poorest', 'bank', 'market'] as const;
