// The report's charts, drawn by Observable Plot into SVG here on the server (a small DOM,
// linkedom, stands in for the browser's), so the page needs no script and no network. Every mark
// carries a title with its exact figure: a reader hovering sees it, and the browser test reads
// the figures back from the page to check them against report.json.
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { Game } from '../../engine/index.js';
import type { BalanceReport, CardFigures } from './schema.js';

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

function colourOf(game: Game, id: string): string {
  return game.countries.find((c) => c.id === id)?.colour ?? '#6b5d4f';
}

/** Plot draws into this document; each chart is taken out as SVG text. */
function render(options: Plot.PlotOptions): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const node = Plot.plot({ ...options, document: document as unknown as Document });
  return (node as unknown as { outerHTML: string }).outerHTML;
}

export interface Chart {
  /** What the chart is for, as the page's id for it (the browser test finds charts by it). */
  id: string;
  title: string;
  /** A sentence saying how to read it. */
  caption: string;
  svg: string;
}

/** Win share per country with its 95% interval, against a fair share and the fairness bar. */
export function winShareChart(game: Game, report: BalanceReport, players: number): Chart {
  const p = report.byPlayers.find((x) => x.players === players)!;
  const rows = p.countries.map((c) => ({ ...c, colour: colourOf(game, c.id) }));
  const bar = report.fairness.bar;
  const top = Math.max(p.fair + bar, ...rows.map((c) => c.interval[1])) + 0.02;
  // From just below the lowest figure or the band, so the differences are not squeezed into a corner.
  const bottom = Math.min(p.fair - bar, ...rows.map((c) => c.interval[0])) - 0.02;
  const svg = render({
    className: `win-${players}`,
    width: 640,
    height: 50 + rows.length * 32,
    marginLeft: 110,
    x: { domain: [Math.max(0, bottom), Math.min(1, top)], label: 'share of games won', tickFormat: (d: number) => pct(d, 0), grid: true },
    y: { domain: rows.map((c) => c.name), label: null },
    color: { type: 'identity' },
    marks: [
      Plot.rectX([0], { x1: p.fair - bar, x2: p.fair + bar, fill: '#2e7d32', fillOpacity: 0.1 }),
      Plot.ruleX([p.fair], { stroke: '#2e7d32', strokeDasharray: '4,3' }),
      Plot.link(rows, { x1: (d) => d.interval[0], x2: (d) => d.interval[1], y1: 'name', y2: 'name', stroke: 'colour', strokeWidth: 3 }),
      Plot.dot(rows, {
        x: 'winShare',
        y: 'name',
        r: 6,
        fill: 'colour',
        stroke: 'white',
        title: (d) =>
          `${d.name}, ${players} players: ${pct(d.winShare)} (95% interval ${pct(d.interval[0])}–${pct(d.interval[1])}); a fair share is ${pct(p.fair)}`,
      }),
    ],
  });
  return {
    id: `win-${players}`,
    title: `${players} players`,
    caption: `Each dot is a library's share of the ${p.games.toLocaleString('en')} games won (shared wins split), with its 95% interval. The dashed line is a fair share (${pct(p.fair, 0)}); the green band is ${Math.round(bar * 100)} points either side.`,
    svg,
  };
}

/** Final scores per country: the middle half of games as a box, the median as a line, the extremes as whiskers. */
export function scoreChart(game: Game, report: BalanceReport, players: number): Chart {
  const p = report.byPlayers.find((x) => x.players === players)!;
  const rows = p.countries.map((c) => ({ name: c.name, colour: colourOf(game, c.id), ...c.score }));
  const svg = render({
    className: `scores-${players}`,
    width: 640,
    height: 50 + rows.length * 30,
    marginLeft: 110,
    x: { label: 'final score', grid: true },
    y: { domain: rows.map((c) => c.name), label: null },
    color: { type: 'identity' },
    marks: [
      Plot.ruleY(rows, { y: 'name', x1: 'min', x2: 'max', stroke: '#999' }),
      Plot.barX(rows, {
        y: 'name',
        x1: 'q1',
        x2: 'q3',
        fill: 'colour',
        fillOpacity: 0.5,
        title: (d) => `${d.name}: median ${d.median}, middle half ${d.q1}–${d.q3}, lowest ${d.min}, highest ${d.max}`,
      }),
      Plot.tickX(rows, { y: 'name', x: 'median', stroke: 'black', strokeWidth: 2 }),
    ],
  });
  return {
    id: `scores-${players}`,
    title: `${players} players`,
    caption: 'The box holds the middle half of final scores, the black line is the median, the whiskers reach the lowest and highest.',
    svg,
  };
}

/** Credits at the end of each century: median and the middle half, country by country. */
export function creditsChart(game: Game, report: BalanceReport, players: number): Chart {
  const p = report.byPlayers.find((x) => x.players === players)!;
  const order = game.centuries.map((c) => c.id);
  const numeral = (id: string) => game.centuries.find((c) => c.id === id)?.numeral ?? id;
  const rows = p.countries.flatMap((c) => c.credits.map((x) => ({ ...x, country: c.name, colour: colourOf(game, c.id), century: numeral(x.century) })));
  const svg = render({
    className: `credits-${players}`,
    width: 900,
    height: 220,
    marginLeft: 40,
    fx: { label: null, domain: p.countries.map((c) => c.name) },
    // Beside five or six countries a facet is too narrow for every numeral: the first and last say enough.
    x: {
      domain: order.map(numeral),
      label: 'century',
      tickSize: 0,
      ...(p.countries.length > 4 && order.length > 2 ? { ticks: [numeral(order[0]!), numeral(order[order.length - 1]!)] } : {}),
    },
    y: { label: 'credits', grid: true },
    color: { type: 'identity' },
    marks: [
      Plot.areaY(rows, { fx: 'country', x: 'century', y1: 'q1', y2: 'q3', fill: 'colour', fillOpacity: 0.2, curve: 'linear' }),
      Plot.lineY(rows, { fx: 'country', x: 'century', y: 'median', stroke: 'colour', strokeWidth: 2 }),
      Plot.dot(rows, {
        fx: 'country',
        x: 'century',
        y: 'median',
        r: 2.5,
        fill: 'colour',
        title: (d) => `${d.country}, end of the ${d.century} century: median ${d.median} credits, middle half ${d.q1}–${d.q3}`,
      }),
    ],
  });
  return {
    id: `credits-${players}`,
    title: `${players} players`,
    caption: 'Credits each library holds at the end of each century: the line is the median game, the band the middle half of games.',
    svg,
  };
}

/** Prices paid at auction, as a percentage of the books' printed value. */
export function auctionChart(report: BalanceReport): Chart {
  const tables = report.byPlayers.map((p) => `${p.players} players`);
  const rows = report.byPlayers.flatMap((p) => p.auctions.pricePercent.map(([percent, sales]) => ({ players: `${p.players} players`, percent, sales })));
  const svg = render({
    className: 'auction-prices',
    width: 640,
    height: 240,
    marginLeft: 60,
    x: { label: 'price paid, % of printed value', type: 'band' },
    y: { label: 'sales', grid: true },
    // Table sizes are categories, named in advance: left to guess from no sales at all, Plot takes
    // the scale for a continuous one and draws its legend on a canvas, which the server has not.
    color: { legend: true, type: 'ordinal', domain: tables },
    marks: [
      Plot.barY(rows, {
        x: 'percent',
        y: 'sales',
        fill: 'players',
        title: (d) => `${d.players}: ${d.sales} sales at ${d.percent}% of printed value`,
      }),
      Plot.ruleY([0]),
    ],
  });
  return { id: 'auction-prices', title: 'Auction prices', caption: 'How much winning bidders paid, compared with what the books are printed as worth.', svg };
}

/** Ticks at whole points (1, 2 or 5 apart) covering these shares, so no two ticks read the same. */
function wholePoints(values: readonly number[]): number[] {
  const span = Math.ceil(Math.max(0, ...values) * 100) - Math.floor(Math.min(0, ...values) * 100);
  const step = span <= 8 ? 1 : span <= 16 ? 2 : 5;
  const lo = Math.floor((Math.min(0, ...values) * 100) / step) * step;
  const hi = Math.ceil((Math.max(0, ...values) * 100) / step) * step;
  const out: number[] = [];
  for (let t = lo; t <= hi; t += step) out.push(t / 100);
  return out;
}

/** Seat and lead: each country's distance from a fair share against the centuries it leads. */
export function leadChart(game: Game, report: BalanceReport): Chart {
  const rows = report.byPlayers.flatMap((p) =>
    p.countries.map((c) => ({
      name: c.name,
      players: p.players,
      table: `${p.players} players`,
      led: c.centuriesLed,
      fromFair: c.fromFair,
      colour: colourOf(game, c.id),
    })),
  );
  const ticks = wholePoints(rows.map((r) => r.fromFair));
  const svg = render({
    className: 'lead',
    width: 640,
    height: 280,
    x: { label: 'centuries led (first in the market)', ticks: game.centuries.length, domain: [0, game.centuries.length] },
    marginTop: 30,
    y: {
      label: 'points from a fair share',
      domain: [ticks[0]!, ticks[ticks.length - 1]!],
      ticks,
      tickFormat: signedPoints,
      grid: true,
    },
    color: { type: 'identity' },
    symbol: { legend: true },
    marks: [
      Plot.ruleY([0]),
      Plot.dot(rows, {
        x: 'led',
        y: 'fromFair',
        fill: 'colour',
        r: 5,
        symbol: 'table',
        title: (d) =>
          `${d.name}, ${d.players} players: leads ${d.led} centuries, ${d.fromFair >= 0 ? '+' : ''}${(d.fromFair * 100).toFixed(1)} points from a fair share`,
      }),
    ],
  });
  return {
    id: 'lead',
    title: 'Seat and lead',
    caption:
      'Each dot is a library at one table size. Seats are fixed by country, so a seat advantage shows as a country advantage; leading a century means going first in its market.',
    svg,
  };
}

/** A share as signed percentage points: "+3", "-2", "0". */
const signedPoints = (d: number) => `${d > 0 ? '+' : ''}${Math.round(d * 100)}`;

/** An axis of signed points, symmetric about zero and never narrower than ±5 (a pack may change nothing at all), wide enough for every interval. */
export function aroundZero(rows: readonly { interval: readonly number[] }[], label: string) {
  const reach = Math.max(0.05, ...rows.flatMap((c) => c.interval.map(Math.abs))) + 0.01;
  return { domain: [-reach, reach], label, tickFormat: signedPoints, grid: true };
}

/** The cards that change a library's chances most, with their intervals. */
export function cardChart(cards: readonly CardFigures[]): Chart {
  const rows = cards.filter((c) => c.impact).map((c) => ({ label: `${c.title} (${c.code})`, ...c, ...c.impact! }));
  const svg = render({
    className: 'cards',
    width: 760,
    height: 40 + rows.length * 22,
    marginLeft: 300,
    x: aroundZero(rows, 'points more (or fewer) won when it is played'),
    y: { domain: rows.map((c) => c.label), label: null },
    marks: [
      Plot.ruleX([0]),
      Plot.link(rows, {
        x1: (d) => d.interval[0],
        x2: (d) => d.interval[1],
        y1: 'label',
        y2: 'label',
        stroke: (d) => (d.difference > 0 ? '#1b5e20' : '#b71c1c'),
      }),
      Plot.dot(rows, {
        x: 'difference',
        y: 'label',
        r: 4,
        fill: (d) => (d.difference > 0 ? '#1b5e20' : '#b71c1c'),
        title: (d) =>
          `${d.title} (${d.where}): ${d.difference > 0 ? '+' : ''}${(d.difference * 100).toFixed(1)} points (95% interval ${(d.interval[0] * 100).toFixed(1)} to ${(d.interval[1] * 100).toFixed(1)})`,
      }),
    ],
  });
  return {
    id: 'cards',
    title: 'Cards that decide games',
    caption:
      'For a national event: how much more often its country wins when it is played than when another of its events is. For a chance card: how much more often the library that draws it wins than one drawing any other chance card.',
    svg,
  };
}

/** Base game against base game with the pack, country by country, on the same seeds. */
export function compareChart(game: Game, report: BalanceReport, players: number): Chart {
  const p = report.compare!.byPlayers.find((x) => x.players === players)!;
  const rows = p.countries.map((c) => ({ ...c, colour: colourOf(game, c.id) }));
  const svg = render({
    className: `compare-${players}`,
    width: 640,
    height: 50 + rows.length * 30,
    marginLeft: 110,
    x: aroundZero(rows, 'change in share of games won (points)'),
    y: { domain: rows.map((c) => c.name), label: null },
    color: { type: 'identity' },
    marks: [
      Plot.ruleX([0]),
      Plot.link(rows, { x1: (d) => d.interval[0], x2: (d) => d.interval[1], y1: 'name', y2: 'name', stroke: 'colour', strokeWidth: 3 }),
      Plot.dot(rows, {
        x: 'difference',
        y: 'name',
        r: 6,
        fill: 'colour',
        stroke: 'white',
        title: (d) =>
          `${d.name}, ${players} players: ${pct(d.base)} without the pack, ${pct(d.pack)} with it: ${d.difference >= 0 ? '+' : ''}${(d.difference * 100).toFixed(1)} points (95% interval ${(d.interval[0] * 100).toFixed(1)} to ${(d.interval[1] * 100).toFixed(1)})`,
      }),
    ],
  });
  return {
    id: `compare-${players}`,
    title: `${players} players`,
    caption:
      'Each dot is how much the pack changes a library’s share of games won, game for game on the same dice and draws, with its 95% interval. An interval that does not cross zero is a real change.',
    svg,
  };
}
