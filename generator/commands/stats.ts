// codex-conquest stats: the shape of the deck at a glance — counts, MVBs, values, and how each
// country's own national events treat it century by century (its century of dominance should lead).
import type { Command } from 'commander';
import type { LoadResult } from '../load/index.js';
import { contentOptions } from './content-options.js';
import { printDiagnostics } from '../load/format-diagnostic.js';
import { cardsOfType, type Game } from '../../engine/index.js';
import { flatNetOfCard } from '../../engine/index.js';
import type { Effect } from '../../engine/index.js';

export interface Stats {
  byType: Record<string, number>;
  books: {
    byCountry: Record<string, number>;
    byCentury: Record<string, number>;
    byGenre: Record<string, number>;
    values: Record<string, number>;
    totalValue: number;
    mvb: { id: string; title: string; country: string; value: number }[];
  };
  nationalEventNet: Record<string, Record<string, number>>;
  strongestCentury: Record<string, { century: string; lead: string; ok: boolean }>;
}

const tally = (keys: string[]) =>
  keys.reduce<Record<string, number>>((m, k) => {
    m[k] = (m[k] ?? 0) + 1;
    return m;
  }, {});

export function computeStats(game: Game): Stats {
  const books = cardsOfType(game, 'book');
  const events = cardsOfType(game, 'national-event');
  const net: Stats['nationalEventNet'] = {};
  const strongest: Stats['strongestCentury'] = {};
  for (const country of game.countries) {
    net[country.id] = {};
    for (const century of game.centuries) {
      net[country.id]![century.id] = events
        .filter((e) => e.country === country.id && e.century === century.id)
        .reduce((s, e) => s + flatNetOfCard(e.effects as Effect[], e.country, country.id), 0);
    }
    const row = net[country.id]!;
    const lead = game.centuries.find((c) => c.lead === country.id);
    const best = Object.entries(row).sort((a, b) => b[1] - a[1])[0];
    if (lead && best) {
      const others = Object.entries(row)
        .filter(([c]) => c !== lead.id)
        .map(([, v]) => v);
      // The best other century: when one ties with the lead's own, that is the one to name.
      const rival = Object.entries(row)
        .filter(([c]) => c !== lead.id)
        .sort((a, b) => b[1] - a[1])[0];
      strongest[country.id] = { century: rival && rival[1] >= row[lead.id]! ? rival[0] : best[0], lead: lead.id, ok: others.every((v) => v < row[lead.id]!) };
    }
  }
  return {
    byType: tally(game.cards.map((c) => c.type)),
    books: {
      byCountry: tally(books.map((b) => b.country)),
      byCentury: tally(books.map((b) => b.century)),
      byGenre: tally(books.map((b) => b.genre)),
      values: tally(books.map((b) => String(b.value))),
      totalValue: books.reduce((s, b) => s + b.value, 0),
      mvb: books.filter((b) => b.mvb).map((b) => ({ id: b.id, title: b.title, country: b.country, value: b.value })),
    },
    nationalEventNet: net,
    strongestCentury: strongest,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

export function formatStats(game: Game, s: Stats): string {
  const name = (id: string) => game.countries.find((c) => c.id === id)?.name ?? game.genres.find((g) => g.id === id)?.name ?? id;
  const lines: string[] = [];
  lines.push(`${game.name} — ${game.cards.length} cards`, '');
  lines.push('Cards by type', table(Object.entries(s.byType).map(([k, v]) => [k, String(v)])), '');
  lines.push('Books by country', table(Object.entries(s.books.byCountry).map(([k, v]) => [name(k), String(v)])), '');
  lines.push('Books by century', table(Object.entries(s.books.byCentury).map(([k, v]) => [k, String(v)])), '');
  lines.push('Books by genre', table(Object.entries(s.books.byGenre).map(([k, v]) => [name(k), String(v)])), '');
  lines.push(
    'Book values (value: how many books)',
    Object.entries(s.books.values)
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([v, n]) => `${v}: ${'■'.repeat(n)} ${n}`)
      .join('\n'),
    `total value of all books: ${s.books.totalValue}`,
    '',
  );
  lines.push(`Most Valuable Books (${s.books.mvb.length})`, table(s.books.mvb.map((b) => [b.title, name(b.country), String(b.value)])), '');
  const centuries = game.centuries.map((c) => c.id);
  lines.push(
    "Net credits from each country's own national events (flat amounts; * = century of dominance)",
    table([
      ['', ...centuries],
      ...game.countries.map((c) => [
        c.name,
        ...centuries.map((cy) => `${s.nationalEventNet[c.id]![cy]}${game.centuries.find((x) => x.id === cy)?.lead === c.id ? '*' : ''}`),
      ]),
    ]),
  );
  const off = Object.entries(s.strongestCentury).filter(([, v]) => !v.ok);
  if (off.length)
    lines.push(
      '',
      ...off.map(([c, v]) => {
        const tie = s.nationalEventNet[c]![v.century] === s.nationalEventNet[c]![v.lead];
        return `note: ${name(c)} does ${tie ? 'as well' : 'better'} in the ${v.century} century ${tie ? 'as' : 'than'} in the ${v.lead}, the century it leads; its own century should be its best.`;
      }),
    );
  return `${lines.join('\n')}\n`;
}

export function statsCommand(program: Command, load: (dir: string, packs: string[]) => Promise<LoadResult>): void {
  contentOptions(program.command('stats'))
    .description("Summarise the deck: counts by type, country, century and genre, the MVBs, book values, and each country's fortunes from its national events.")
    .option('--json', 'print the figures as JSON')
    .addHelpText('after', '\nExamples:\n  $ codex-conquest stats\n  $ codex-conquest stats --pack packs/low-countries --json')
    .action(async (dir: string, opts: { pack: string[]; json?: boolean }) => {
      const result = await load(dir, opts.pack);
      if (!result.game) {
        printDiagnostics(result);
        process.stderr.write('✗ The content has errors; run codex-conquest validate for the details.\n');
        process.exitCode = 1;
        return;
      }
      const s = computeStats(result.game);
      process.stdout.write(opts.json ? `${JSON.stringify(s, null, 2)}\n` : formatStats(result.game, s));
    });
}
