// The balance report's figures: what `report.json` holds and `codex-conquest simulate --json`
// prints (docs/simulate.md lists the fields). Shares are fractions of games (0.25 is 25%);
// every interval is a 95% confidence interval.
import { z } from 'zod';

const Fraction = z.number().describe('A fraction, 0 to 1.');
const Interval = z.tuple([z.number(), z.number()]).describe('A 95% confidence interval: low, high.');

export const SpreadSchema = z.strictObject({
  mean: z.number(),
  min: z.number(),
  q1: z.number().describe('The lower quartile.'),
  median: z.number(),
  q3: z.number().describe('The upper quartile.'),
  max: z.number(),
});

export const CountryFigures = z.strictObject({
  id: z.string(),
  name: z.string(),
  games: z.number().int(),
  winShare: Fraction.describe('Share of its games it won, ties split.'),
  interval: Interval,
  fromFair: z.number().describe('winShare − 1/N: above a fair share when positive.'),
  withinBar: z.boolean().describe('Whether |fromFair| is within the fairness bar.'),
  centuriesLed: z.number().int().describe('Centuries it leads at this table (it goes first in their market).'),
  score: SpreadSchema.describe('Final totals.'),
  scores: z.array(z.tuple([z.number(), z.number()])).describe('Final totals: [total, games] pairs.'),
  credits: z
    .array(z.strictObject({ century: z.string(), q1: z.number(), median: z.number(), q3: z.number() }))
    .describe('Credits held at the end of each century.'),
  auctionBooks: z.number().describe('Books won at auction per game.'),
  auctionPrice: z.number().describe('Average price paid per book won at auction.'),
  debts: z.number().describe('Debts run up per game.'),
});

export const PlayersFigures = z.strictObject({
  players: z.number().int(),
  games: z.number().int(),
  fair: Fraction.describe('1/N.'),
  countries: z.array(CountryFigures),
  ties: Fraction.describe('Share of games whose win was shared.'),
  length: SpreadSchema.describe('Recorded actions per game.'),
  debts: SpreadSchema.describe('Debts arising per game.'),
  chance: SpreadSchema.describe('Chance cards drawn per game.'),
  auctions: z.strictObject({
    perGame: z.number().describe('Lots auctioned per game.'),
    unsold: Fraction.describe('Share of lots nobody bid for.'),
    sales: z.number().describe('Sales per game (one buyer; a whole lot or single books).'),
    pricePercent: z.array(z.tuple([z.number(), z.number()])).describe('Price paid as a percentage of the books’ printed value: [percent, sales] pairs.'),
  }),
  temperaments: z.array(z.strictObject({ id: z.string(), seats: z.number().int(), winShare: Fraction, interval: Interval })),
  moneyBreaks: z.number().int().describe('Games whose bank books did not balance: always 0.'),
  unfinished: z.number().int().describe('Games the bots could not finish: always 0.'),
});

export const CardFigures = z.strictObject({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  type: z.string(),
  country: z.string().nullable().describe('The country whose win share it is measured against (national events), or null.'),
  where: z.string().describe('Where the card is written: file:line.'),
  plays: z.number().int().describe('Times played or drawn, over all the games.'),
  effect: z.number().describe('Average change it made at once to the worth (credits less debts, plus books) of each library it touched.'),
  impact: z
    .strictObject({ difference: z.number(), interval: Interval, when: Fraction, otherwise: Fraction })
    .nullable()
    .describe(
      'National events: the win share of its country in games where it was played, less in games where it was not. Chance: the win share of the country that drew it, less that of a country drawing any other chance card. Null for world events (one is played every century) and cards never played.',
    ),
  outlier: z.boolean().describe('Its impact is clear of chance (the interval leaves out 0) and at least 2 points.'),
});

export const CompareFigures = z.strictObject({
  pack: z.strictObject({ ids: z.array(z.string()), names: z.array(z.string()) }),
  byPlayers: z.array(
    z.strictObject({
      players: z.number().int(),
      games: z.number().int(),
      countries: z.array(
        z.strictObject({
          id: z.string(),
          name: z.string(),
          base: Fraction,
          pack: Fraction,
          difference: z.number().describe('pack − base, paired game by game on the same seeds.'),
          interval: Interval,
        }),
      ),
    }),
  ),
});

export const BalanceReport = z.strictObject({
  format: z.literal('codex-conquest-balance-report'),
  version: z.literal(1),
  game: z.strictObject({ id: z.string(), name: z.string(), packs: z.array(z.string()) }),
  edition: z.string(),
  length: z.enum(['short', 'long']),
  seed: z.string(),
  habits: z.strictObject({
    temperaments: z.array(z.string()).describe('Each seat’s temperament is drawn from these, by the seed.'),
    trades: Fraction.describe('Chance per market turn of looking for a trade that helps both sides.'),
    forceChance: Fraction.describe('Chance per market turn of forcing a chance draw, where the edition allows it.'),
  }),
  games: z.number().int().describe('Games played (of the base game; a comparison plays as many again with the pack).'),
  players: z.array(z.number().int()).describe('The player counts simulated.'),
  winShare: z.record(z.string(), Fraction).describe('Country id → share of the games it played that it won, ties split, over every player count.'),
  fairness: z.strictObject({
    bar: z.number().describe('How far from 1/N a win share may be (0.04: four points).'),
    met: z.boolean(),
    worst: z.strictObject({ country: z.string(), players: z.number().int(), fromFair: z.number() }).nullable(),
  }),
  summary: z.array(z.string()).describe('The plain-language summary at the top of the page, sentence by sentence.'),
  byPlayers: z.array(PlayersFigures),
  cards: z.array(CardFigures),
  compare: CompareFigures.nullable(),
});
export type BalanceReport = z.infer<typeof BalanceReport>;
export type PlayersFigures = z.infer<typeof PlayersFigures>;
export type CountryFigures = z.infer<typeof CountryFigures>;
export type CardFigures = z.infer<typeof CardFigures>;
export type CompareFigures = z.infer<typeof CompareFigures>;
