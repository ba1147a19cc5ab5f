// codex-conquest simulate as a teacher runs it: the same seed gives the same report to the byte
// (however many threads share the games), --json prints the figures with the documented fields,
// mistakes on the command line get a sentence and exit code 2, and --compare sees what a pack
// does — here a test pack that gives England 5 credits a century.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, cli } from '../../helpers.js';

const ROOT_CONTENT = join(ROOT, 'tests', 'fixtures', 'mini-game');
import { BalanceReport } from '../../../generator/balance/schema.js';
import type { SimulateJson } from '../../../generator/commands/simulate.js';

const WINDFALL = join('tests', 'fixtures', 'packs', 'england-windfall');
const MINI = join('tests', 'fixtures', 'mini-game');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cc-simulate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function simulate(args: string[], out: string) {
  const run = cli(['simulate', '--out', join(dir, out), ...args], { timeout: 120_000 });
  expect(run.code, run.stderr).toBe(0);
  return { run, json: readFileSync(join(dir, out, 'report.json'), 'utf8'), html: readFileSync(join(dir, out, 'report.html'), 'utf8') };
}

describe('codex-conquest simulate', () => {
  it('gives the same report.json, byte for byte, for the same seed — on two threads or on one', () => {
    const a = simulate(['--games', '60', '--seed', 'same', '--threads', '2'], 'a');
    const b = simulate(['--games', '60', '--seed', 'same', '--threads', '2'], 'b');
    const c = simulate(['--games', '60', '--seed', 'same', '--threads', '0'], 'c');
    expect(b.json).toBe(a.json);
    expect(c.json).toBe(a.json);
    const other = simulate(['--games', '60', '--seed', 'other', '--threads', '2'], 'd');
    expect(other.json).not.toBe(a.json);
    // The page is self-contained: no script, nothing fetched.
    expect(a.html).not.toMatch(/<script|<link|src="http|href="http/);
    // The terminal gets the table and the plain summary.
    expect(a.run.stdout).toMatch(/3 players .*4 players .*5 players .*6 players/);
    expect(a.run.stdout).toContain('Report: ');
  });

  it('--json prints the figures: games, players, winShare by country, gamesPerSecond, and the rest of report.json', () => {
    const { run, json } = simulate(['--games', '40', '--players', '4', '--json', '--threads', '0'], 'json');
    const out = JSON.parse(run.stdout) as SimulateJson;
    expect(out.games).toBe(40);
    expect(out.players).toEqual([4]);
    expect(Object.keys(out.winShare)).toEqual(['germany', 'italy', 'spain', 'france']);
    const total = Object.values(out.winShare).reduce((s, x) => s + x, 0);
    expect(total).toBeCloseTo(1, 3); // ties are split, so the shares add up to every game
    expect(out.gamesPerSecond).toBeGreaterThan(0);
    // Everything else is report.json itself, which reads against its schema.
    const { gamesPerSecond: _r, seconds: _s, threads: _t, files: _f, ...figures } = out;
    expect(figures).toEqual(JSON.parse(json));
    expect(BalanceReport.safeParse(JSON.parse(json)).success).toBe(true);
  });

  it('says what is wrong with a mistyped command, with exit code 2', () => {
    const players = cli(['simulate', '--players', '9', '--out', join(dir, 'x')]);
    expect(players.code).toBe(2);
    expect(players.stderr).toContain('seats 3 to 6 players');
    const edition = cli(['simulate', '--edition', 'deluxe', '--out', join(dir, 'x')]);
    expect(edition.code).toBe(2);
    expect(edition.stderr).toContain('has no edition "deluxe"');
    const games = cli(['simulate', '--games', 'many']);
    expect(games.code).toBe(2);
    expect(games.stderr).toContain('--games is a whole number');
    // A pack to compare that cannot be read: its problem, once, and no advice to run validate for what was just shown.
    const missing = cli(['simulate', '--compare', join(dir, 'no-such-pack'), '--games', '10']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('this pack folder does not exist');
    expect(missing.stderr).toContain('has the errors above, so nothing was compared');
    expect(missing.stderr).not.toContain('for the details');
    const help = cli(['simulate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('$ codex-conquest simulate --compare');
    expect(help.stdout).toContain('docs/simulate.md');
  });

  it('--compare sees a pack that gives England 5 credits a century raise its share of wins, clear of chance', () => {
    const { run } = simulate(['--games', '300', '--players', '5-6', '--compare', WINDFALL, '--json', '--threads', '2'], 'compare');
    const out = JSON.parse(run.stdout) as SimulateJson;
    expect(out.compare?.pack.ids).toEqual(['england-windfall']);
    for (const p of out.compare!.byPlayers) {
      const england = p.countries.find((c) => c.id === 'england')!;
      expect(england.difference, `${p.players} players`).toBeGreaterThan(0);
      expect(england.interval[0], `${p.players} players: the interval leaves out 0`).toBeGreaterThan(0);
      expect(england.pack).toBeGreaterThan(england.base);
    }
    expect(out.summary.join(' ')).toMatch(/England's share of \d-player games rises by \d+ points/);
  });
});

describe('where the report goes', () => {
  it('a report folder that is a file, or behind a link to nothing, gets a sentence and exit 1, not a crash', () => {
    const work = mkdtempSync(join(tmpdir(), 'cc-simulate-odd-'));
    try {
      writeFileSync(join(work, 'afile'), 'x');
      symlinkSync(join(work, 'gone'), join(work, 'dl'));
      for (const [out, words] of [
        ['afile', 'part of that path is a file, not a folder'],
        [join('dl', 'balance'), 'part of that path leads nowhere'],
      ] as const) {
        const run = cli(['simulate', '--games', '4', '--threads', '0', '--players', '3', '--out', out, ROOT_CONTENT], { cwd: work, timeout: 120_000 });
        expect(run.code, run.stderr).toBe(1);
        expect(run.stderr).toContain(words);
        expect(run.stderr).not.toContain('Something went wrong');
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("writes it when out is the build's own link to a build folder deleted by hand", () => {
    const work = mkdtempSync(join(tmpdir(), 'cc-simulate-link-'));
    try {
      // The layout a build leaves (out → .out.build-…), its folder since deleted.
      const built = '.out.build-1.1-00000000';
      symlinkSync(built, join(work, 'out'));
      const run = cli(['simulate', '--games', '8', '--threads', '0', '--players', '3'], { cwd: work, timeout: 120_000 });
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(join(work, 'out', 'balance', 'report.json'), 'utf8')).toContain('"games"');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('a game where no auction book sells', () => {
  /** The mini game with some of its files changed (each file's text → its new text), simulated: the report. */
  function noSale(name: string, change: Record<string, (text: string) => string>) {
    const content = join(dir, `${name}-content`);
    cpSync(MINI, content, { recursive: true });
    for (const [file, edit] of Object.entries(change)) writeFileSync(join(content, file), edit(readFileSync(join(content, file), 'utf8')));
    const { run, html } = simulate([content, '--games', '8', '--players', '3', '--threads', '0'], name);
    return { stdout: run.stdout, html };
  }

  // Plot drew the empty price chart's legend on a canvas, which the server has not: simulate
  // crashed (exit 3) after every game had been played, and wrote no report.
  it('still gets its report, which says that nothing sold and why', () => {
    const reserve = noSale('reserve', { 'game.yaml': (t) => t.replace('reserve: 0,', 'reserve: 10000,') });
    expect(reserve.html).toContain('No auction book sold in any game: no library bid the edition&#39;s reserve of 10,000 credits for a lot.');
    expect(reserve.stdout).toContain('No auction book sold in any game');
    const worthless = noSale('worthless', { 'game.yaml': (t) => t.replace('force_chance_cost: null', 'force_chance_cost: null\n    auction_book_value: 0') });
    expect(worthless.html).toContain('auction books are worth nothing in this edition (auction_book_value: 0)');
    // No lot at all: the lot, its book and the national event's line that released it are gone.
    const none = noSale('no-lots', {
      'others.yaml': (t) => t.replace(/^auction_lots:\n.*\nauction_books:\n.*\n/m, ''),
      'events.yaml': (t) => t.replace('      - release_lot: test-lot\n', ''),
    });
    expect(none.html).toContain('The game has no auction lots, so nothing was auctioned in any game.');
  });
});

describe('docs/simulate.md', () => {
  it('names every field of the report and of --json', () => {
    const doc = readFileSync(join('docs', 'simulate.md'), 'utf8');
    const fields = [...Object.keys(BalanceReport.shape), 'gamesPerSecond', 'seconds', 'threads', 'files'];
    for (const f of fields) expect(doc, f).toContain(`\`${f}\``);
  });
});
