// The report's first paragraph, written for a teacher who has just made an expansion and wants to
// know one thing: is it still fair? Every number in it comes from the figures below it.
import { countryName, type Game } from '../../engine/index.js';
import type { BalanceReport, CardFigures } from './schema.js';

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** "The Americas" inside a sentence reads "the Americas". */
const inText = (name: string) => name.replace(/^The /, 'the ');
const points = (x: number) => {
  const n = Math.round(Math.abs(x) * 100);
  return `${n} point${n === 1 ? '' : 's'}`;
};
/** Half the width of an interval, in points, as "± 1". */
const plusMinus = (i: [number, number]) => `± ${Math.max(1, Math.round(((i[1] - i[0]) / 2) * 100))}`;

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function players(n: number[]): string {
  return n.length === 1 ? `${n[0]} players` : `${list(n.map(String))} players`;
}

/** The cards that do most for a country, as a teacher reads them: title and where it is written. */
function favouring(report: BalanceReport, country: string, up: boolean): CardFigures[] {
  return report.cards
    .filter((c) => c.country === country && c.impact && (up ? c.impact.difference > 0 : c.impact.difference < 0))
    .sort((a, b) => (up ? b.impact!.difference - a.impact!.difference : a.impact!.difference - b.impact!.difference))
    .slice(0, 2);
}

/**
 * When not one auction book sold in any game, the sentence that says so and why, as far as the
 * figures tell: the game has no lots, no event put one up, or every lot put up went unsold (an
 * edition's reserve above any bid, or auction books worth nothing). Undefined when some sold.
 */
export function nothingSold(game: Game, report: BalanceReport): string | undefined {
  if (report.byPlayers.some((p) => p.auctions.sales > 0)) return undefined;
  if (game.lots.length === 0) return 'The game has no auction lots, so nothing was auctioned in any game.';
  if (report.byPlayers.every((p) => p.auctions.perGame === 0))
    return 'No auction lot went up for auction in any game: no event that was played released one, so no auction book was sold.';
  const edition = game.rules.editions.find((e) => e.id === report.edition);
  const why =
    edition?.auction_book_value === 0
      ? ': auction books are worth nothing in this edition (auction_book_value: 0), so no library bids for them'
      : edition && edition.auction.reserve > 0
        ? `: no library bid the edition's reserve of ${edition.auction.reserve.toLocaleString('en')} credits for a lot`
        : ': nobody bid for any lot put up';
  return `No auction book sold in any game${why}.`;
}

export function summarise(game: Game, report: BalanceReport): string[] {
  const out: string[] = [];
  const known = game.rules.editions.find((e) => e.id === report.edition);
  const rules = known?.source ? `by ${known.source}` : `by the ${known?.name ?? report.edition} rules`;
  const each =
    report.byPlayers.length > 1
      ? `, ${report.byPlayers[0]!.games.toLocaleString('en')} for each of ${players(report.players)}`
      : ` with ${players(report.players)}`;
  out.push(
    `The computer played ${report.games.toLocaleString('en')} ${report.length} games of ${report.game.name}${report.game.packs.length ? ` with ${list(report.game.packs)}` : ''} ${rules}${each}. Its players had three temperaments — collectors, value buyers and savers — mixed at random.`,
  );
  const off = report.byPlayers
    .flatMap((p) => p.countries.filter((c) => !c.withinBar).map((c) => ({ p, c })))
    .sort((a, b) => Math.abs(b.c.fromFair) - Math.abs(a.c.fromFair));
  const bar = Math.round(report.fairness.bar * 100);
  if (off.length === 0) {
    const where = report.byPlayers.length > 1 ? 'at every table size' : `with ${players(report.players)}`;
    out.push(`Every library's chance of winning stays within ${bar} points of a fair share ${where}: by this measure the game is fair.`);
  } else {
    const shown = off
      .slice(0, 3)
      .map(
        ({ p, c }) =>
          `${inText(c.name)} wins ${pct(c.winShare)} ${plusMinus(c.interval)} of ${p.players}-player games, ${points(c.fromFair)} ${c.fromFair > 0 ? 'above' : 'below'} a fair share (${pct(p.fair)})`,
      );
    out.push(
      `${off.length === 1 ? 'One library is' : `${off.length} results are`} more than ${bar} points from a fair share: ${list(shown)}${off.length > 3 ? ', and more in the table below' : ''}.`,
    );
    const worst = off[0]!.c;
    const cards = favouring(report, worst.id, worst.fromFair > 0);
    if (cards.length > 0) {
      const named = cards.map((c) => `${c.title} (${c.where}, ${c.impact!.difference > 0 ? '+' : '−'}${points(c.impact!.difference)})`);
      out.push(
        `The ${cards.length === 1 ? 'card' : `${cards.length} cards`} that ${worst.fromFair > 0 ? 'favour' : 'hurt'} ${inText(countryName(game, worst.id))} most ${cards.length === 1 ? 'is' : 'are'} ${list(named)}: ${cards.length === 1 ? 'its figure is' : 'their figures are'} how much more or less often it wins when ${cards.length === 1 ? 'that card is' : 'each is'} played.`,
      );
    }
  }
  const outliers = report.cards.filter((c) => c.outlier);
  if (outliers.length > 0) {
    // Most events are meant to help or hurt: what a teacher needs is the strongest, and where they are.
    const strongest = [...outliers].sort((a, b) => Math.abs(b.impact!.difference) - Math.abs(a.impact!.difference)).slice(0, 2);
    const named = strongest.map(
      (c) =>
        `${c.title} (${c.impact!.difference > 0 ? '+' : '−'}${points(c.impact!.difference)} for ${c.country ? inText(countryName(game, c.country)) : 'the library that draws it'}; ${c.where})`,
    );
    out.push(
      outliers.length === 1
        ? `One card changes a library's chances clearly: ${named[0]}. It is listed under “Cards that decide games”, with the line to edit.`
        : `Events and chance cards change a library's chances, as good and bad fortune should: ${outliers.length} of ${report.cards.length} do so clearly. The strongest are ${list(named)}. All are listed under “Cards that decide games”, with the line to edit.`,
    );
  }
  const unsold = nothingSold(game, report);
  if (unsold) out.push(unsold);
  const ties = report.byPlayers.reduce((s, p) => s + p.ties * p.games, 0) / Math.max(1, report.games);
  const debts = report.byPlayers.reduce((s, p) => s + p.debts.mean * p.games, 0) / Math.max(1, report.games);
  out.push(`${pct(ties)} of games end in a shared win; a game sees ${debts.toFixed(1)} debts on average.`);
  const breaks = report.byPlayers.reduce((s, p) => s + p.moneyBreaks + p.unfinished, 0);
  out.push(
    breaks === 0
      ? "The bank's books balanced at the end of every game."
      : `Warning: ${breaks} games did not finish or did not balance — please report this as a bug.`,
  );
  if (report.compare) {
    const changes = report.compare.byPlayers
      .flatMap((p) => p.countries.map((c) => ({ p, c })))
      .filter(({ c }) => c.interval[0] > 0 || c.interval[1] < 0)
      .sort((a, b) => Math.abs(b.c.difference) - Math.abs(a.c.difference));
    const pack = list(report.compare.pack.names);
    if (changes.length === 0) out.push(`With ${pack}, no library's chance of winning changes by more than chance alone would explain.`);
    else {
      const shown = changes
        .slice(0, 3)
        .map(
          ({ p, c }) =>
            `${inText(c.name)}'s share of ${p.players}-player games ${c.difference > 0 ? 'rises' : 'falls'} by ${points(c.difference)} (from ${pct(c.base)} to ${pct(c.pack)}, ${plusMinus(c.interval)})`,
        );
      out.push(`With ${pack}: ${list(shown)}.`);
    }
  }
  return out;
}
