// pack.yaml: an expansion layered on the base game (or on another pack). Besides adding cards, a
// pack may reshape the game: which centuries are played, who sits where at each table size, who
// leads each century, and any edition setting — so a teacher can write a one-lesson game in YAML.
import { z } from 'zod';
import { Id, CountryRef, CenturyRef, Sentence } from './common.js';
import { Country, Century, Genre, EditionChange, Players, PlayingTime, Tables } from './game.js';

export const PackFile = z
  .strictObject({
    id: Id.describe('The pack id, e.g. "low-countries".'),
    // Printed on the rule book's cover: the limits keep a name and its author to a line or two there.
    name: Sentence.max(60).describe('The pack name players see, e.g. "The Low Countries" (at most 60 characters).'),
    description: Sentence.optional().describe('What the pack adds, in a sentence or two; printed in the rule book. Optional.'),
    extends: Id.describe('The id of the game or pack this pack builds on, e.g. "codex-conquest".'),
    author: Sentence.max(80).optional().describe('Who wrote the pack; printed in the rule book (at most 80 characters). Optional.'),
    subtitle: Sentence.max(100)
      .optional()
      .describe('A new subtitle for the rule book cover, e.g. "Three centuries of print, 1450–1699" (at most 100 characters). Optional.'),
    mark: z
      .string()
      .regex(/^[A-Za-z0-9]{1,4}$/, { message: 'a mark is 1 to 4 of the letters A–Z and the digits 0–9 (no accents, spaces or other signs), e.g. "LC"' })
      .optional()
      .describe(
        'The small mark printed beside the code of every card from this pack: 1 to 4 of the letters A–Z and the digits 0–9, e.g. "LC". Optional: the initials of the name.',
      ),
    countries: z
      .array(Country)
      .optional()
      .describe('Countries the pack adds; they take the next seats after the base countries unless "seats" says otherwise.'),
    centuries: z.array(Century).optional().describe('Centuries the pack adds, after the base centuries.'),
    genres: z.array(Genre).optional().describe('Genres the pack adds.'),
    remove: z
      .array(Id)
      .optional()
      .describe(
        'Ids to take out of the game: cards, auction lots, whole centuries (with every card and lot of that century) or whole countries (with all their cards), e.g. [18th, printing-press-fire].',
      ),
    end_after: CenturyRef.optional().describe(
      'The last century played, e.g. 17th: the game ends after it, and every later century leaves the game with its cards.',
    ),
    seats: z
      .array(CountryRef)
      .min(1)
      .optional()
      .describe(
        'Seat and turn order: the countries named here sit first, in this order; any not named follow in their usual order. E.g. [germany, italy, low-countries].',
      ),
    tables: Tables.optional(),
    leads: z
      .record(CenturyRef, CountryRef)
      .optional()
      .describe('Which country leads a century (and goes first in its market), by century id, e.g. { 16th: low-countries }.'),
    players: Players.partial().optional().describe("The fewest and most players, e.g. { min: 3, max: 3 }; leave out to keep the game's."),
    editions: z
      .array(EditionChange)
      .optional()
      .describe(
        "Rule changes: an entry with an edition's id changes only the settings it lists, e.g. { id: codex, starting_credits: 8 }; an entry with a new id is a whole new edition.",
      ),
    default_edition: Id.optional().describe('The edition the rule book, the referee and the aids use first, e.g. codex.'),
    playing_time: PlayingTime.partial().optional().describe('How long the game takes with this pack, in words, e.g. { short: "one lesson of 50 minutes" }.'),
  })
  .describe(
    'pack.yaml: an expansion that adds countries, centuries, genres and cards, replaces or removes cards, and may reshape the game (centuries played, seats, leads, rules).',
  );

export type PackFile = Omit<z.infer<typeof PackFile>, 'editions'> & { editions?: EditionChange[] };
