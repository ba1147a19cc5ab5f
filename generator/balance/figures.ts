// From the simulation's tallies to the report's figures (./schema.ts). Everything is in the
// game's own order (countries by seat, cards as the content lists them) and rounded the same way,
// so the same tallies always give the same bytes.
import { cardTitle, cardsOfType, drawOf, leadOf, type Card, type CountryId, type Game, type Setup } from '../../engine/index.js';
import type { RunResult, SettingResult } from '../simulate/pool.js';
import { POLICY_IDS } from '../simulate/policies.js';
import { WIN, type CardTally, type Histogram, type Tally } from '../simulate/tally.js';
import type { Habits } from '../simulate/watch.js';
import type { BalanceReport, CardFigures, CompareFigures, CountryFigures, PlayersFigures } from './schema.js';
import { clear, difference, meanOf, pooled, proportion, round, shareOf, sortedCounts, spreadOf, type Estimate, type Spread } from './stats.js';
import { summarise } from './summary.js';

/** How far from a fair share (1/N) a country's win share may be: four points. */
export const FAIRNESS_BAR = 0.04;

/** A card's impact is worth naming when clear of chance and at least this large. */
const OUTLIER = 0.02;

const r = (x: number) => round(x);
const interval = (e: Estimate): [number, number] => [r(e.low), r(e.high)];
const spread = (s: Spread) => ({ mean: r(s.mean), min: s.min, q1: s.q1, median: s.median, q3: s.q3, max: s.max });
const pairs = (h: Histogram) => sortedCounts(h);

function winShare(t: Tally, c: CountryId): Estimate {
  const x = t.countries[c];
  if (!x) return { value: 0, low: 0, high: 0, se: 0 };
  return shareOf(x.games, x.wins / WIN, x.winsSq / (WIN * WIN));
}

function centuriesLed(game: Game, setup: Setup, c: CountryId): number {
  const players = game.countries.slice(0, setup.players).map((x) => x.id);
  return game.centuries.filter((ce) => leadOf(game, players, ce.id) === c).length;
}

function countryFigures(game: Game, setup: SettingResult['setup'], t: Tally, fair: number): CountryFigures[] {
  return game.countries.slice(0, setup.players).map((country) => {
    const x = t.countries[country.id];
    const share = winShare(t, country.id);
    const games = x?.games ?? 0;
    return {
      id: country.id,
      name: country.name,
      games,
      winShare: r(share.value),
      interval: interval(share),
      fromFair: r(share.value - fair),
      withinBar: Math.abs(share.value - fair) <= FAIRNESS_BAR,
      centuriesLed: centuriesLed(game, setup, country.id),
      score: spread(spreadOf(x?.scores ?? {})),
      scores: pairs(x?.scores ?? {}),
      credits: game.centuries
        .filter((ce) => x?.credits[ce.id])
        .map((ce) => {
          const s = spreadOf(x!.credits[ce.id]!);
          return { century: ce.id, q1: s.q1, median: s.median, q3: s.q3 };
        }),
      auctionBooks: r(games ? (x?.auctionBooks ?? 0) / games : 0),
      auctionPrice: r(x?.auctionBooks ? x.auctionPaid / x.auctionBooks : 0),
      debts: r(games ? (x?.debts ?? 0) / games : 0),
    };
  });
}

function playersFigures(game: Game, s: SettingResult): PlayersFigures {
  const t = s.base;
  const fair = 1 / s.setup.players;
  return {
    players: s.setup.players,
    games: t.games,
    fair: r(fair),
    countries: countryFigures(game, s.setup, t, fair),
    ties: r(t.games ? t.ties / t.games : 0),
    length: spread(spreadOf(t.actions)),
    debts: spread(spreadOf(t.debts)),
    chance: spread(spreadOf(t.chance)),
    auctions: {
      perGame: r(t.games ? t.auctions.lots / t.games : 0),
      unsold: r(t.auctions.lots ? t.auctions.unsold / t.auctions.lots : 0),
      sales: r(t.games ? t.auctions.sales / t.games : 0),
      pricePercent: pairs(t.auctions.pricePercent),
    },
    temperaments: POLICY_IDS.filter((p) => t.policies[p]).map((p) => {
      const x = t.policies[p]!;
      const e = proportion(x.seats, x.wins / WIN);
      return { id: p, seats: x.seats, winShare: r(e.value), interval: interval(e) };
    }),
    moneyBreaks: t.moneyBreaks,
    unfinished: t.unfinished,
  };
}

function cardCountry(card: Card): CountryId | undefined {
  return 'country' in card && typeof card.country === 'string' ? card.country : undefined;
}

/** A national event's country: its win share when the card was played, less when another of its events was. */
function nationalImpact(t: Tally, c: CardTally, country: CountryId): Estimate | undefined {
  const x = t.countries[country];
  if (!x || c.plays === 0 || c.plays >= x.games) return undefined;
  return difference(proportion(c.plays, c.wins / WIN), proportion(x.games - c.plays, (x.wins - c.wins) / WIN));
}

/** A chance card's drawer: its win share after drawing this card, less after drawing any other. */
function chanceImpact(c: CardTally, all: { plays: number; wins: number }): Estimate | undefined {
  if (c.plays === 0 || c.plays >= all.plays) return undefined;
  return difference(proportion(c.plays, c.wins / WIN), proportion(all.plays - c.plays, (all.wins - c.wins) / WIN));
}

function cardFigures(game: Game, settings: readonly SettingResult[], where: ReadonlyMap<string, string>): CardFigures[] {
  const chanceIds = new Set(cardsOfType(game, 'chance').map((c) => c.id));
  const chanceTotals = settings.map((s) => {
    let plays = 0;
    let wins = 0;
    for (const id of chanceIds) {
      plays += s.base.cards[id]?.plays ?? 0;
      wins += s.base.cards[id]?.wins ?? 0;
    }
    return { plays, wins };
  });
  return game.cards
    .filter((card) => {
      const d = drawOf(game, card);
      return d === 'national' || d === 'world' || d === 'chance';
    })
    .map((card) => {
      const draw = drawOf(game, card);
      const country = draw === 'national' ? cardCountry(card) : undefined;
      let plays = 0;
      let effect = 0;
      let felt = 0;
      // Win shares with the card and without it, over all player counts (for people to read);
      // the difference itself is worked out within each player count and then pooled.
      const tally = { when: 0, whenN: 0, otherwise: 0, otherwiseN: 0 };
      const parts: Estimate[] = [];
      settings.forEach((s, i) => {
        const c = s.base.cards[card.id];
        if (!c) return;
        plays += c.plays;
        effect += c.effect;
        felt += c.felt;
        let e: Estimate | undefined;
        if (draw === 'national' && country) {
          e = nationalImpact(s.base, c, country);
          const x = s.base.countries[country];
          if (x) tally.otherwise += x.wins - c.wins;
          if (x) tally.otherwiseN += x.games - c.plays;
        } else if (draw === 'chance') {
          e = chanceImpact(c, chanceTotals[i]!);
          tally.otherwise += chanceTotals[i]!.wins - c.wins;
          tally.otherwiseN += chanceTotals[i]!.plays - c.plays;
        }
        tally.when += c.wins;
        tally.whenN += c.plays;
        if (e) parts.push(e);
      });
      const impact = pooled(parts);
      return {
        id: card.id,
        code: card.code,
        title: cardTitle(game, card.id),
        type: card.type,
        country: country ?? null,
        where: where.get(card.id) ?? '',
        plays,
        effect: r(felt ? effect / felt : 0),
        impact: impact
          ? {
              difference: r(impact.value),
              interval: interval(impact),
              when: r(tally.whenN ? tally.when / WIN / tally.whenN : 0),
              otherwise: r(tally.otherwiseN ? tally.otherwise / WIN / tally.otherwiseN : 0),
            }
          : null,
        outlier: impact !== undefined && clear(impact) && Math.abs(impact.value) >= OUTLIER,
      };
    });
}

function compareFigures(game: Game, packGame: Game, settings: readonly SettingResult[]): CompareFigures {
  return {
    pack: { ids: packGame.packs.map((p) => p.id), names: packGame.packs.map((p) => p.name) },
    byPlayers: settings.map((s) => ({
      players: s.setup.players,
      games: s.base.games,
      countries: game.countries
        .slice(0, s.setup.players)
        .filter((c) => s.pack?.pairs?.[c.id])
        .map((c) => {
          const p = s.pack!.pairs![c.id]!;
          // Paired: each seed's game with the pack less the same seed's game without it.
          const d = meanOf(p.games, p.diff / WIN, p.diffSq / (WIN * WIN));
          return {
            id: c.id,
            name: c.name,
            base: r(winShare(s.base, c.id).value),
            pack: r(winShare(s.pack!, c.id).value),
            difference: r(d.value),
            interval: interval(d),
          };
        }),
    })),
  };
}

export interface ReportInput {
  game: Game;
  /** The base game with the pack, when comparing. */
  packGame?: Game;
  run: RunResult;
  seed: string;
  habits: Habits;
  /** file:line of every card, by id. */
  where: ReadonlyMap<string, string>;
}

export function buildReport(input: ReportInput): BalanceReport {
  const { game, run } = input;
  const first = run.settings[0]!.setup;
  const byPlayers = run.settings.map((s) => playersFigures(game, s));
  // Over every player count: each country's wins over the games it played.
  const winShareAll: Record<string, number> = {};
  for (const c of game.countries) {
    let games = 0;
    let wins = 0;
    for (const s of run.settings) {
      games += s.base.countries[c.id]?.games ?? 0;
      wins += s.base.countries[c.id]?.wins ?? 0;
    }
    if (games > 0) winShareAll[c.id] = r(wins / WIN / games);
  }
  let worst: BalanceReport['fairness']['worst'] = null;
  for (const p of byPlayers) {
    for (const c of p.countries)
      if (!worst || Math.abs(c.fromFair) > Math.abs(worst.fromFair)) worst = { country: c.id, players: p.players, fromFair: c.fromFair };
  }
  const report: BalanceReport = {
    format: 'codex-conquest-balance-report',
    version: 1,
    game: { id: game.id, name: game.name, packs: game.packs.map((p) => p.id) },
    edition: first.edition,
    length: first.length,
    seed: input.seed,
    habits: { temperaments: [...POLICY_IDS], trades: input.habits.trades, forceChance: input.habits.forceChance },
    games: run.settings.reduce((s, x) => s + x.base.games, 0),
    players: run.settings.map((s) => s.setup.players),
    winShare: winShareAll,
    fairness: { bar: FAIRNESS_BAR, met: byPlayers.every((p) => p.countries.every((c) => c.withinBar)), worst },
    summary: [],
    byPlayers,
    cards: cardFigures(game, run.settings, input.where),
    compare: input.packGame ? compareFigures(game, input.packGame, run.settings) : null,
  };
  report.summary = summarise(game, report);
  return report;
}
