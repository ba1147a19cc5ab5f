// One simulated game, watched for the balance report: who won (ties split), each final score,
// credits at the end of every century, debts, chance draws, auctions, and what every event and
// chance card did at once to the library that felt it. The game is played unrecorded through the
// engine's checks (./play.ts); the money law is checked at the end of every game.
import {
  cardByCode,
  drawOf,
  finalScores,
  moneyCheck,
  owed,
  ranking,
  type Action,
  type CountryId,
  type Game,
  type GameState,
  type Setup,
  type StepOptions,
  type Table,
} from '../../engine/index.js';
import { playWith, type PlayOptions } from './play.js';
import { POLICY_IDS, type PolicyId } from './policies.js';
import { Random } from './random.js';
import { kindsOf } from './sense.js';
import { WIN, cardTally, count, countryTally, policyTally, type Tally } from './tally.js';

/** The table's habits, beyond each seat's temperament (drawn per seat from the seed). */
export interface Habits {
  /** Chance per market turn that the country looks for a trade that helps both sides. */
  trades: number;
  /** Chance per market turn, in editions that allow it, that the richest forces a chance draw. */
  forceChance: number;
}

export const DEFAULT_HABITS: Habits = { trades: 0.25, forceChance: 0.1 };

/** How the simulator steps: unrecorded, its typed actions not read against the schema again (the rules are checked). */
const FAST: StepOptions = { record: false, typed: true };

/** The seed of one game: the run's seed, the setting and the game's number. */
export function gameSeed(seed: string, setup: Setup, i: number): string {
  return `${seed}/${setup.edition}/${setup.length}/${setup.players}/${i}`;
}

/** Credits, less debts, plus the value of the books held: what a card's effect changes. */
class Worth {
  // The value of each country's shelf, kept while the shelf is the very same array.
  private readonly shelves = new Map<CountryId, { shelf: readonly string[]; value: number }>();

  constructor(private readonly values: ReadonlyMap<string, number>) {}

  of(table: Table, c: CountryId): number {
    const shelf = table.owner.at(c);
    let known = this.shelves.get(c);
    if (!known || known.shelf !== shelf) {
      let value = 0;
      for (const id of shelf) value += this.values.get(id) ?? 0;
      this.shelves.set(c, (known = { shelf, value }));
    }
    return (table.ledger.credits[c] ?? 0) - owed(table.ledger, c) + known.value;
  }
}

export interface WatchedGame {
  state: GameState;
  /** Each country's share of the win, in sixtieths. */
  wins: Record<CountryId, number>;
}

/**
 * Plays game number `i` of this setting and adds what happened to `tally`. The seats' temperaments
 * are drawn from the game's own seed, so a game is the same whatever else is played around it.
 */
export function playAndTally(game: Game, setup: Setup, seed: string, i: number, habits: Habits, tally: Tally, step: StepOptions = FAST): WatchedGame {
  const rng = new Random(gameSeed(seed, setup, i));
  const seats = game.countries.slice(0, setup.players).map((c) => c.id);
  const policies: Record<CountryId, PolicyId> = {};
  for (const c of seats) policies[c] = rng.pick(POLICY_IDS);
  const options: PlayOptions = { setup, seed: 0, policies, trades: habits.trades, forceChance: habits.forceChance };
  const values = kindsOf(game, game.rules.editions.find((e) => e.id === setup.edition) ?? game.rules.editions[0]!).value;

  const worth = new Worth(values);
  let actions = 0;
  let debts = 0;
  let chance = 0;
  const drawn: { card: string; by: CountryId }[] = [];
  const national: { card: string; country: CountryId }[] = [];
  const ended = new Set<string>();

  const endCentury = (century: string, table: Table) => {
    if (ended.has(century)) return;
    ended.add(century);
    for (const c of table.players) count((countryTally(tally, c).credits[century] ??= {}), table.ledger.credits[c] ?? 0);
  };

  const watch = (before: GameState, action: Action, after: GameState) => {
    actions++;
    const was = before.table.ledger.debts;
    const now = after.table.ledger.debts;
    if (now !== was) {
      for (const d of now) {
        if (was.some((x) => x.debtor === d.debtor && x.creditor === d.creditor)) continue;
        debts++;
        countryTally(tally, d.debtor).debts++;
      }
    }
    if (action.type === 'play-card') {
      const card = cardByCode(game, action.code);
      if (card) {
        const draw = drawOf(game, card);
        const felt: CountryId[] =
          draw === 'world' ? after.table.players : draw === 'national' && 'country' in card && typeof card.country === 'string' ? [card.country] : [];
        if (draw === 'chance') {
          const by = action.country ?? before.prompts.find((p) => p.kind === 'draw-chance')?.country;
          if (by) {
            felt.push(by);
            drawn.push({ card: card.id, by });
          }
          chance++;
        }
        if (draw === 'national' && felt[0]) national.push({ card: card.id, country: felt[0] });
        const t = cardTally(tally, card.id);
        t.plays++;
        for (const c of felt) {
          t.effect += worth.of(after.table, c) - worth.of(before.table, c);
          t.felt++;
        }
      }
    } else if (action.type === 'auction') {
      tally.auctions.lots++;
      if (action.sales.length === 0) tally.auctions.unsold++;
      for (const sale of action.sales) {
        tally.auctions.sales++;
        const ct = countryTally(tally, sale.country);
        ct.auctionBooks += sale.cards.length;
        ct.auctionPaid += sale.price;
        const printed = sale.cards.reduce((s, id) => s + (values.get(id) ?? 0), 0);
        if (printed > 0) count(tally.auctions.pricePercent, Math.round((sale.price / printed) * 10) * 10);
      }
    }
    if (after.century !== before.century) endCentury(before.century, after.table);
    if ((after.phase === 'over' || after.phase === 'final-buying') && before.phase !== after.phase) endCentury(before.century, after.table);
  };

  const state = playWith(game, options, rng, step, watch);

  const scores = finalScores(game, setup.edition, state.table);
  const first = ranking(scores)[0]!;
  const wins: Record<CountryId, number> = {};
  for (const c of seats) wins[c] = first.countries.includes(c) ? WIN / first.countries.length : 0;
  tally.games++;
  if (first.countries.length > 1) tally.ties++;
  if (state.phase !== 'over') tally.unfinished++;
  if (!moneyCheck(game, state).ok) tally.moneyBreaks++;
  count(tally.actions, actions);
  count(tally.debts, debts);
  count(tally.chance, chance);
  for (const s of scores) {
    const ct = countryTally(tally, s.country);
    ct.games++;
    ct.wins += wins[s.country]!;
    ct.winsSq += wins[s.country]! ** 2;
    count(ct.scores, s.total);
    const p = policyTally(tally, policies[s.country]!);
    p.seats++;
    p.wins += wins[s.country]!;
  }
  for (const n of national) cardTally(tally, n.card).wins += wins[n.country] ?? 0;
  for (const d of drawn) cardTally(tally, d.card).wins += wins[d.by] ?? 0;
  return { state, wins };
}
