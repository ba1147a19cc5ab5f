// game.yaml: the table itself — countries, centuries, genres, collections and the editions.
import { z } from 'zod';
import { Id, CountryRef, Colour, Credits, MAX_CREDITS, MAX_PLAYERS, Sentence, Year } from './common.js';

export const Country = z
  .strictObject({
    id: Id,
    name: Sentence.describe('The name players see, e.g. "England".'),
    code: z
      .string()
      .regex(/^[A-Z]{2,4}$/, { message: 'a country code is 2 to 4 capital letters, e.g. "ENG"' })
      .describe('Two to four capital letters printed in card codes, e.g. "ENG".'),
    adjective: Sentence.optional().describe('The adjective for the country, e.g. "English". Optional.'),
    colour: Colour.describe('The country\'s colour on cards and on the referee, e.g. "#1f4e79".'),
    emblem: Id.describe(
      'The emblem shown beside the colour, so no one relies on colour alone: an icon name, e.g. "eagle-emblem" (find names with codex-conquest icons).',
    ),
    motto: Sentence.optional().describe('A short line about this library. Optional.'),
  })
  .describe('A player country (a national library).');

export const Century = z
  .strictObject({
    id: Id,
    name: Sentence.describe('How the century is written, e.g. "16th century".'),
    numeral: z
      .string()
      .regex(/^[IVXLC]+$/, { message: 'a numeral is written in capital Roman numerals, e.g. "XVI"' })
      .describe('Roman numeral printed large on card backs, e.g. "XVI".'),
    code: z
      .string()
      .regex(/^[0-9]{2}$/, { message: 'a century code is two digits, e.g. "16"' })
      .describe('Two digits printed in card codes, e.g. "16".'),
    from: Year.describe('First year of the century, e.g. 1500.'),
    to: Year.describe('Last year of the century, e.g. 1599.'),
    lead: CountryRef.describe('The country that dominates this century and goes first in its market.'),
  })
  .describe('One century of play.');

export const Genre = z
  .strictObject({
    id: Id,
    name: Sentence.describe('The genre as printed, e.g. "Geography & Exploration".'),
    icon: Id.describe('The icon printed for this genre, e.g. "compass" (find names with codex-conquest icons).'),
    covers: Sentence.optional().describe('What belongs here, e.g. "medicine, mathematics and navigation". Optional.'),
  })
  .describe('A genre of books.');

export const Collection = z
  .strictObject({
    id: Id,
    name: Sentence.describe('The collection as printed, e.g. "National Canon".'),
    kind: z
      .enum(['country', 'mvb', 'genre'])
      .describe("What the books share: 'country' (all of one country), 'mvb' (all flagged MVB) or 'genre' (all of one genre)."),
    size: z.number().int().min(2).max(12).describe('How many books complete it.'),
    multiplier: z.number().int().min(1).max(5).default(2).describe("A completed collection scores its books' values times this (2 = double)."),
    describe: Sentence.optional().describe('One line for the objectives card. Optional.'),
  })
  .describe('A collection players try to complete.');

export const AuctionRules = z
  .strictObject({
    reserve: Credits.describe('The lowest total bid accepted for a whole lot (0 = no reserve).'),
    single_books: z.boolean().describe('true if countries may bid for single books of a lot, not only the whole lot.'),
    unsold: z.enum(['market', 'leave-game']).describe("What happens to books nobody buys: 'market' (they join their century's market) or 'leave-game'."),
  })
  .describe('How auctions work in this edition.');

// Said on the number itself as well as on the field that may leave it out, so a message about a
// number out of range says what this one is for, not what credits are.
const AUCTION_BOOK_VALUE =
  'Credits every auction book is worth, for everything (points, debts, selling back), whatever its printed value; leave out (or null) to use the printed value.';
const FORCE_CHANCE_COST = 'Credits (or books of that value) a country pays to make another country draw chance; null if not allowed.';

/**
 * What a country may start with: a tenth of what a table holds, so that the gains of a game
 * (dice, events, sales) cannot carry a purse past MAX_CREDITS, where the rules refuse the action
 * and a card that must be played could never be (a purse starting at 10,000 stopped the first
 * national event that paid anything).
 */
export const MAX_STARTING_CREDITS = 1_000;

export const Edition = z
  .strictObject({
    id: Id,
    name: Sentence.describe('The edition as printed on its reference cards, e.g. "Codex Conquest".'),
    starting_credits: Credits.max(MAX_STARTING_CREDITS, {
      message: `at most ${MAX_STARTING_CREDITS.toLocaleString('en')} credits to start with: purses grow as the game is played, and no purse may pass the ${MAX_CREDITS.toLocaleString('en')} credits a table holds`,
    }).describe('Credits each country starts with.'),
    manuscripts: z.boolean().describe('true if each country starts with its medieval manuscript.'),
    world_events: z.boolean().describe('true if a world event ends each century.'),
    auction: AuctionRules,
    chance_reshuffle: z.boolean().describe('true if a drawn chance card is shuffled back after every draw; false if the deck is drawn without replacement.'),
    debt_books: z
      .enum(['closest', 'cover-with-change'])
      .default('closest')
      .describe(
        "How books settle a debt. 'closest' (the default): the creditor takes the debtor's books whose values add up closest to the debt, over or under, and that settles it in full. 'cover-with-change': the books must be worth at least the debt, and the creditor gives back the difference in credits or books.",
      ),
    victor_may_demand_books: z
      .boolean()
      .default(false)
      .describe(
        'true if a country that a card pays may ask for books instead of credits even when the payer could pay, and may ask for books for a debt at any later turn; false (the default) if only a payer who falls short owes a debt, and the creditor chooses books or credits once, when the debt arises.',
      ),
    auction_book_value: Credits.describe(AUCTION_BOOK_VALUE).nullable().optional().describe(AUCTION_BOOK_VALUE),
    // At least 1: forcing for nothing could be done without end.
    force_chance_cost: Credits.min(1, { message: 'forcing a rival to draw chance would cost nothing, so it could be done without end' })
      .describe(FORCE_CHANCE_COST)
      .nullable()
      .describe(FORCE_CHANCE_COST),
    end_of_game: z
      .enum(['face-value', 'buy-books'])
      .describe("'face-value': leftover credits count as points; 'buy-books': leftover credits must buy books from the market, richest first."),
    rounds_per_century: z
      .strictObject({
        short: z.number().int().min(1).max(3).describe('Rounds per century in short play, e.g. 1.'),
        long: z.number().int().min(1).max(3).describe('Rounds per century in long play, e.g. 2.'),
      })
      .describe('How many rounds (national events + market) each century has, in short and long play.'),
    first_round_reroll: z.array(z.number().int().min(1).max(6)).describe('Die faces that are rolled again in the first round, e.g. [1, 6].'),
    chance_faces: z.array(z.number().int().min(1).max(6)).describe('Die faces that mean drawing a chance card after the first round, e.g. [1, 6].'),
    source: Sentence.optional().describe('Where these rules come from. Optional.'),
  })
  .describe('One edition of the rules. Editions differ only in these numbers and switches.');

/**
 * A pack's change to an edition: its id and only the settings that change. Defaults are left out
 * on purpose, so a setting the pack does not name keeps the edition's own value.
 */
export const EditionChange = z
  .strictObject(
    Object.fromEntries(
      Object.entries(Edition.shape).map(([key, field]) => {
        if (key === 'id') return [key, field];
        let inner: z.ZodType = field;
        if (inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
        // auction and rounds_per_century may change one setting at a time too.
        if (inner instanceof z.ZodObject) inner = inner.partial();
        return [key, inner.optional().describe(field.description ?? inner.description ?? key)];
      }),
    ),
  )
  .describe(
    'An edition to change (by its id, listing only the settings that change) or a whole new edition (a new id with every setting).',
  ) as unknown as z.ZodType<EditionChange>; // the shape is built from Edition's, so its type is spelt out below

export const Players = z
  .strictObject({
    min: z.number().int().min(2).max(MAX_PLAYERS).describe('The fewest players, e.g. 3.'),
    max: z.number().int().min(2).max(MAX_PLAYERS).describe('The most players, e.g. 6.'),
  })
  .describe('Fewest and most players.');

export const PlayingTime = z
  .strictObject({
    short: Sentence.describe('How long the short game takes, as the rule book says it, e.g. "about an hour".'),
    long: Sentence.describe('How long the long game takes, e.g. "an hour and a half to two hours".'),
  })
  .describe('How long a game takes, in words for the rule book.');

export const Tables = z
  .record(z.string().regex(/^[0-9]{1,2}$/, { message: 'name a table by its number of players, e.g. 3' }), z.array(CountryRef).min(1))
  .describe(
    'Which countries take part at a table of that many players, e.g. { 3: [germany, italy, low-countries] }. A table not listed takes the first countries in seat order.',
  );

export const GameFile = z
  .strictObject({
    id: Id.describe('The game id, e.g. "codex-conquest".'),
    name: Sentence.describe('The game\'s name, e.g. "Codex Conquest".'),
    subtitle: Sentence.optional().describe('A subtitle for the rule book cover. Optional.'),
    players: Players.describe(
      'Fewest and most players; with fewer than all countries, the first countries in seat order take part (unless "tables" says who).',
    ),
    tables: Tables.optional(),
    book_values: z
      .strictObject({
        min: Credits.describe('The lowest value a book or manuscript may have, in credits, e.g. 1.'),
        max: Credits.describe('The highest value a book or manuscript may have, in credits, e.g. 12.'),
      })
      .describe('The lowest and highest value a book or manuscript may have.'),
    playing_time: PlayingTime,
    countries: z.array(Country).min(1).describe('The countries in seat and turn order.'),
    centuries: z.array(Century).min(1).describe('The centuries in order of play.'),
    genres: z.array(Genre).min(1).describe('The genres of books.'),
    collections: z.array(Collection).min(1).describe('The collections players try to complete.'),
    editions: z.array(Edition).min(1).describe('The editions of the rules; the first is the default.'),
  })
  .describe('game.yaml: the countries, centuries, genres, collections and editions of the game.');

export type GameFile = z.infer<typeof GameFile>;
export type Country = z.infer<typeof Country>;
export type Century = z.infer<typeof Century>;
export type Genre = z.infer<typeof Genre>;
export type Collection = z.infer<typeof Collection>;
export type Edition = z.infer<typeof Edition>;
/** An edition change as read: the id, then any settings (auction and rounds one at a time). */
export type EditionChange = { id: string } & {
  [K in Exclude<keyof Edition, 'id'>]?: K extends 'auction' | 'rounds_per_century' ? Partial<Edition[K]> : Edition[K];
};
export type Tables = z.infer<typeof Tables>;
