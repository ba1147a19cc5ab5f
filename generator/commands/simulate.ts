// codex-conquest simulate: plays thousands of games with computer players and writes a balance
// report (out/balance/report.html and report.json) a teacher can read: is every library's chance
// of winning fair, which cards decide games, and — with --compare — what an expansion changes.
// docs/simulate.md describes the report and the JSON.
import { mkdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { InvalidArgumentError, type Command } from 'commander';
import { editionOf, type Game, type Setup } from '../../engine/index.js';
import type { LoadResult } from '../load/index.js';
import { printDiagnostics } from '../load/format-diagnostic.js';
import { contentOptions } from './content-options.js';
import type { BalanceReport } from '../balance/schema.js';
import { MARK_FILE, Output } from '../io/output.js';
import { acquireLock, describeHolder, type LockInfo } from '../io/lock.js';
import { outputProblemText } from './output-problem.js';
import { ownLinkTarget, unwritable } from '../io/out-siblings.js';
import { shownPath } from '../io/shown-path.js';

export interface SimulateOptions {
  pack: string[];
  games: number;
  players: string;
  edition?: string;
  length: 'short' | 'long';
  seed: string;
  json?: boolean;
  out: string;
  compare?: string;
  threads?: number;
}

/** What --json prints: the report's figures and how fast they were made (docs/simulate.md). */
export type SimulateJson = BalanceReport & { gamesPerSecond: number; seconds: number; threads: number; files: { html: string; json: string } };

function wholeNumber(min: number, max: number, what: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${what} is a whole number from ${min} to ${max.toLocaleString('en')}.`);
    return n;
  };
}

class UsageProblem extends Error {}

/** The player counts asked for: one number, a range "3-6", or "all" (every count the game seats). */
export function playerCounts(game: Game, text: string): number[] {
  const max = Math.min(game.rules.players.max, game.countries.length);
  const min = game.rules.players.min;
  const all = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  if (text === 'all') return all;
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new UsageProblem(`--players takes a number of players (e.g. 4), a range (3-6) or "all"; "${text}" is none of these.`);
  const from = Number(m[1]);
  const to = Number(m[2] ?? m[1]);
  if (from > to || from < min || to > max)
    throw new UsageProblem(`${game.name} seats ${min} to ${max} players; --players ${text} asks for ${from === to ? from : `${from} to ${to}`}.`);
  return all.filter((n) => n >= from && n <= to);
}

/** Progress on standard error: a line redrawn in place on a terminal; in a log, a line at each quarter. */
function progressBar(stream: NodeJS.WriteStream, start: number): { update(done: number, total: number): void; end(): void } {
  let last = 0;
  let quarter = 0;
  return {
    update(done, total) {
      const now = performance.now();
      if (stream.isTTY) {
        if (now - last < 100 && done < total) return;
        last = now;
        const width = 24;
        const filled = Math.round((done / total) * width);
        const rate = done / Math.max(0.001, (now - start) / 1000);
        stream.write(
          `\r  Playing games [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')} / ${total.toLocaleString('en')}, ${Math.round(rate).toLocaleString('en')} a second `,
        );
      } else {
        const q = Math.floor((done / total) * 4);
        if (q > quarter && done < total) {
          quarter = q;
          stream.write(`  ${q * 25}% of the games played\n`);
        }
      }
    },
    end() {
      if (stream.isTTY) stream.write('\r\x1b[K');
    },
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The terminal's table: each country's win share at each table size, marked where it is off the bar. */
export function formatSummary(report: BalanceReport, rate: number, threads: number, files: { html: string }): string {
  const lines: string[] = [];
  lines.push(
    `${report.game.name}${report.game.packs.length ? ` + ${report.game.packs.join(', ')}` : ''} (${report.edition}, ${report.length} play): ${report.games.toLocaleString('en')} games, seed "${report.seed}", ${Math.round(rate).toLocaleString('en')} games a second on ${threads === 0 ? 'this thread' : `${threads} thread${threads === 1 ? '' : 's'}`}`,
  );
  lines.push('');
  const head = ['won (fair share ± 4 points)', ...report.byPlayers.map((p) => `${p.players} players (${pct(p.fair)})`)];
  const names = new Map<string, string>();
  for (const p of report.byPlayers) for (const c of p.countries) names.set(c.id, c.name);
  const rows = [...names].map(([id, name]) => [
    name,
    ...report.byPlayers.map((p) => {
      const c = p.countries.find((x) => x.id === id);
      if (!c) return '—';
      return `${pct(c.winShare)} ${c.withinBar ? ' ' : '✗'}`;
    }),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  lines.push(head.map((h, i) => (i === 0 ? h.padEnd(widths[i]!) : h.padStart(widths[i]!))).join('  '));
  for (const r of rows) lines.push(r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  '));
  lines.push('');
  for (const s of report.summary) lines.push(s);
  lines.push('', `Report: ${files.html}`);
  return `${lines.join('\n')}\n`;
}

/** Writes a file whole or not at all. */
function writeWhole(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function simulateCommand(program: Command, load: (dir: string, packs: string[]) => Promise<LoadResult>): void {
  contentOptions(program.command('simulate'))
    .description(
      'Play thousands of games with computer players and write a balance report: each country’s chance of winning with its margin of error, scores, credits over the centuries, the cards that decide games — and, with --compare, what an expansion pack changes.',
    )
    .option('-g, --games <n>', 'games for each number of players', wholeNumber(1, 10_000_000, '--games'), 1000)
    .option('--players <n>', 'how many players: a number (4), a range (3-6) or "all"', 'all')
    .option('--edition <id>', 'the edition to play, e.g. codex or classic (the game’s first edition when left out)')
    .option(
      '--length <length>',
      'short or long play',
      (v: string) => {
        if (v !== 'short' && v !== 'long') throw new InvalidArgumentError('--length is short or long.');
        return v;
      },
      'short',
    )
    .option('--seed <text>', 'where the dice start: the same seed gives the same games and the same report', 'codex')
    .option('--json', 'print the figures as JSON on standard output (the fields are listed in docs/simulate.md)')
    .option('-o, --out <dir>', 'where to write report.html and report.json', join('out', 'balance'))
    .option('--compare <pack>', 'also play every game with this pack added, and report what it changes')
    .option('--threads <n>', 'how many threads play (the computer’s cores when left out; 0 plays on one)', wholeNumber(0, 64, '--threads'))
    .addHelpText(
      'after',
      `
Examples:
  $ codex-conquest simulate
      1,000 games for each number of players, written to out/balance/report.html
  $ codex-conquest simulate --games 10000 --players 4
      a closer look at four-player games (more games: narrower margins of error)
  $ codex-conquest simulate --pack packs/low-countries --games 5000
      is the game with your expansion still fair?
  $ codex-conquest simulate --compare packs/low-countries
      what your expansion changes: the same games with and without it, country by country
  $ codex-conquest simulate --edition classic --length long --seed spring-term
  $ codex-conquest simulate --games 200 --json > figures.json

How to read it: a fair game gives each of N libraries about 1/N of the wins (25% with four
players). The report marks any library more than 4 points from that, names the cards that
push it there with the file and line where each is written, and says it all in plain words at
the top. Same seed, same report: change --seed to play different games.

Exit codes: 0 the report was written; 1 the content has mistakes (nothing is played) or a game
broke the bank's books (a bug: please report it); 2 the command was mistyped.
The report and the JSON are described in docs/simulate.md.`,
    )
    .action(async (dir: string, opts: SimulateOptions) => {
      const fail = (message: string, code = 1) => {
        process.stderr.write(`✗ ${message}\n`);
        process.exitCode = code;
      };
      const result = await load(dir, opts.pack);
      if (!result.game) {
        printDiagnostics(result);
        return fail('The game content has the errors above, so no games were played: fix them and run it again.');
      }
      const game = result.game;
      let packResult: LoadResult | undefined;
      if (opts.compare) {
        packResult = await load(dir, [...opts.pack, opts.compare]);
        if (!packResult.game) {
          printDiagnostics(packResult);
          return fail(`The pack ${opts.compare} has the errors above, so nothing was compared: fix them and run it again.`);
        }
      }
      let counts: number[];
      let edition: string;
      try {
        counts = playerCounts(game, opts.players);
        edition = opts.edition ?? game.rules.default_edition;
        if (!game.rules.editions.some((e) => e.id === edition)) {
          throw new UsageProblem(`${game.name} has no edition "${edition}"; it has ${game.rules.editions.map((e) => `"${e.id}" (${e.name})`).join(' and ')}.`);
        }
        editionOf(game, edition);
      } catch (e) {
        if (e instanceof UsageProblem) return fail(e.message, 2);
        throw e;
      }
      // The command starts with a patient optimiser (bin/codex-conquest.js): right for a
      // build's few seconds, wrong for minutes of the same few functions. Back to V8's default.
      setFlagsFromString('--interrupt-budget=67584');
      const settings: Setup[] = counts.map((players) => ({ players, edition, length: opts.length, packs: game.packs.map((p) => p.id) }));
      const [{ runSimulation }, { buildReport }, { reportPage }, { cardPlaces }, { DEFAULT_HABITS }] = await Promise.all([
        import('../simulate/pool.js'),
        import('../balance/figures.js'),
        import('../balance/page.js'),
        import('../balance/where.js'),
        import('../simulate/watch.js'),
      ]);
      const start = performance.now();
      const bar = progressBar(process.stderr, start);
      const run = await runSimulation({
        games: { base: game, ...(packResult?.game ? { pack: packResult.game } : {}) },
        settings,
        count: opts.games,
        seed: opts.seed,
        habits: DEFAULT_HABITS,
        ...(opts.threads !== undefined ? { threads: opts.threads } : {}),
        onProgress: (done, total) => bar.update(done, total),
      });
      bar.end();
      const report = buildReport({
        game,
        ...(packResult?.game ? { packGame: packResult.game } : {}),
        run,
        seed: opts.seed,
        habits: DEFAULT_HABITS,
        where: cardPlaces(packResult?.layers ?? result.layers),
      });
      const outDir = resolve(opts.out);
      const files = { html: join(opts.out, 'report.html'), json: join(opts.out, 'report.json') };
      const command = ['codex-conquest simulate', ...process.argv.slice(3).filter((a) => a !== '--json')].join(' ');
      try {
        await writeReport(
          outDir,
          [
            ['report.json', `${JSON.stringify(report, null, 1)}\n`],
            ['report.html', reportPage(game, report, command)],
          ],
          (holder) => process.stderr.write(`  Waiting for ${describeHolder(holder)} to finish writing ${dirname(opts.out)}/…\n`),
        );
      } catch (e) {
        const problem = outputProblemText(e, dirname(opts.out), 'simulate');
        if (problem) {
          process.stderr.write(problem);
          process.exitCode = 1;
          return;
        }
        throw e;
      }
      const rate = run.games / Math.max(1e-9, run.seconds);
      if (opts.json) {
        const out: SimulateJson = { ...report, gamesPerSecond: Math.round(rate), seconds: Number(run.seconds.toFixed(2)), threads: run.threads, files };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        process.stdout.write(formatSummary(report, rate, run.threads, files));
      }
      const broken = report.byPlayers.reduce((s, p) => s + p.moneyBreaks + p.unfinished, 0);
      if (broken > 0)
        fail(`${broken} games did not finish or did not balance the bank's books: this is a bug in the tool; please report it with the command you ran.`);
    });
}

/** How long a finished simulation waits for a build writing the folder its report goes in. */
const REPORT_WAIT_MS = 30 * 60_000;

/**
 * Writes the report's files into its folder. The default, out/balance, sits inside a build's
 * folder, which a build replaces whole: there the report is written like the referee's page —
 * under the same lock as a build (waiting for one that is writing), into a copy of the folder
 * swapped in whole — so a build running meanwhile can neither lose it nor be mixed with it.
 * Anywhere else the folder is the teacher's, and each file is written whole or not at all.
 */
async function writeReport(outDir: string, files: [name: string, text: string][], onWait: (holder: LockInfo) => void): Promise<void> {
  const parent = dirname(outDir);
  if (!insideBuildFolder(parent)) {
    try {
      mkdirSync(outDir, { recursive: true });
      for (const [name, text] of files) writeWhole(join(outDir, name), text);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code) throw unwritable(shownPath(outDir), e);
      throw e;
    }
    return;
  }
  const lock = await acquireLock(parent, { command: 'simulate', waitMs: REPORT_WAIT_MS, onWait });
  try {
    Output.renewFolder(parent, lock, basename(outDir), files);
  } finally {
    lock.release();
  }
}

/** A folder a build made (or will make: out/ before the first build), which builds replace whole. */
function insideBuildFolder(dir: string): boolean {
  if (ownLinkTarget(dir)) return true;
  if (existsSync(join(dir, MARK_FILE))) return true;
  return resolve(dir) === resolve('out') && !existsSync(dir);
}
