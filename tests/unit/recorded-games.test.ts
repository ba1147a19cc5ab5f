// Recorded games (the 18xx.games pattern): whole games of the base game in the referee's own file
// format (tests/fixtures/games/*.json, recorded by scripts/record-games.mjs), each with a note
// whose final scores were worked out by hand from the rules. Every one must replay with no action
// refused, keep the money law after every action, and end with the note's scores. Then the
// `replay` command is run on them, and on copies edited to break the rules.
import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RULES_VERSION,
  bookValue,
  check,
  editionFor,
  finalScores,
  isDebtor,
  moneyCheck,
  newGame,
  ownableById,
  parseSavedGame,
  replayChecked,
  saleValue,
  step,
  type Game,
  type GameState,
  type LogEntry,
  type SavedGame,
} from '../../engine/index.js';
import { loadGame } from '../../generator/load/index.js';
import { cli } from '../helpers.js';

const DIR = join(process.cwd(), 'tests', 'fixtures', 'games');
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

let game: Game;
beforeAll(() => {
  game = loadGame({ dir: 'content' }).game!;
});

interface NoteRow {
  country: string;
  books: number;
  collections: number;
  credits: number;
  debts: number;
  total: number;
}

/** The score table of a fixture's note, worked out by hand. */
function noteScores(name: string): NoteRow[] {
  const note = readFileSync(join(DIR, `${name}.md`), 'utf8');
  const table = note.slice(note.indexOf('| Country |'));
  return table
    .split('\n')
    .slice(2)
    .filter((l) => l.startsWith('|'))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map(([, country, books, collections, credits, debts, total]) => ({
      country: country!,
      books: Number(books),
      collections: Number(collections),
      credits: Number(credits),
      debts: Number(debts!.replace('−', '-').replace('+', '')),
      total: Number(total),
    }));
}

function saved(name: string): SavedGame {
  const parsed = parseSavedGame(readFileSync(join(DIR, `${name}.json`), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  expect(parsed.checkMatches).toBe(true);
  return parsed.saved;
}

describe('recorded games', () => {
  it('cover both editions, three to six players, short and long play, and every kind of action', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    const all = names.map(saved);
    expect(new Set(all.map((s) => s.setup.edition))).toEqual(new Set(['codex', 'classic']));
    expect(new Set(all.map((s) => s.setup.players))).toEqual(new Set([3, 4, 5, 6]));
    expect(new Set(all.map((s) => s.setup.length))).toEqual(new Set(['short', 'long']));
    const types = new Set(all.flatMap((s) => s.log.map((e) => e.action.type)));
    for (const t of ['auction', 'trade', 'settle', 'take-credits', 'undo', 'force-chance', 'end-after', 'choose-book']) expect(types, t).toContain(t);
  });

  for (const name of names) {
    it(`${name}: replays with nothing refused, the money law after every action, and the hand-worked scores`, () => {
      const file = saved(name);
      expect(file.rules).toBe(RULES_VERSION);
      const { state, rejected } = replayChecked(game, file.setup, file.log);
      expect(rejected).toEqual([]);
      expect(state.phase).toBe('over');
      // step by step, as the referee records it
      let s: GameState = newGame(game, file.setup);
      for (const entry of file.log) {
        s = step(game, s, entry.action);
        const law = moneyCheck(game, s);
        expect(law.problems, `after action ${entry.seq}`).toEqual([]);
      }
      const scores = finalScores(game, file.setup.edition, state.table);
      const byName = (n: string) => scores.find((x) => game.countries.find((c) => c.id === x.country)?.name === n)!;
      const rows = noteScores(name);
      expect(rows.map((r) => r.country).sort()).toEqual(scores.map((x) => game.countries.find((c) => c.id === x.country)!.name).sort());
      for (const r of rows) {
        const x = byName(r.country);
        expect({
          country: r.country,
          books: x.books,
          collections: x.collectionPoints,
          credits: x.creditPoints,
          debts: x.owedToIt - x.owesOthers,
          total: x.total,
        }).toEqual(r);
      }
    });
  }
});

/** A copy of a saved game with its log changed, written to a temporary file (check code left as it was). */
function edited(name: string, change: (log: LogEntry[]) => LogEntry[]): string {
  const file = saved(name);
  const dir = mkdtempSync(join(tmpdir(), 'cc-replay-'));
  const path = join(dir, `${name}-edited.json`);
  writeFileSync(path, JSON.stringify({ ...file, log: change(structuredClone(file.log)) }));
  return path;
}

/** The state after the first `n` entries. */
function stateAfter(file: SavedGame, n: number): GameState {
  return file.log.slice(0, n).reduce((s, e) => step(game, s, e.action), newGame(game, file.setup));
}

/** Inserts an action after entry `at`, renumbering what follows. */
function insert(log: LogEntry[], at: number, action: LogEntry['action']): LogEntry[] {
  const entry = { seq: at + 1, action, rules: RULES_VERSION, at: log[at - 1]!.at };
  return [...log.slice(0, at), entry, ...log.slice(at).map((e) => ({ ...e, seq: e.seq + 1 }))];
}

describe('codex-conquest replay', () => {
  it('checks a recorded game: exit 0, the scores, the tie-break and the bank check', () => {
    const name = names[0]!;
    const run = cli(['replay', join(DIR, `${name}.json`)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('✓ Every action keeps to the rules.');
    expect(run.stdout).toContain('The game is over.');
    expect(run.stdout).toMatch(/✓ The bank's books balance/);
    for (const r of noteScores(name)) expect(run.stdout).toMatch(new RegExp(`${r.country}\\s.*\\s${r.total}\\n`));
  });

  it('refuses a game replayed with a pack it was not played with, and says to leave the pack out', () => {
    const run = cli(['replay', join(DIR, `${names[0]!}.json`), '--pack', join('tests', 'fixtures', 'packs', 'one-lesson')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('This game was played without the expansion one-lesson, which is loaded here. Leave out --pack for it.');
  });

  it('--json prints the documented fields', () => {
    const name = names.find((n) => n.includes('classic'))!;
    const run = cli(['replay', join(DIR, `${name}.json`), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    for (const key of ['ok', 'rejected', 'credits', 'debts', 'scores', 'breakdown', 'ranking', 'money']) expect(report, key).toHaveProperty(key);
    expect(report.rejected).toEqual([]);
    const totals = Object.fromEntries(noteScores(name).map((r) => [game.countries.find((c) => c.name === r.country)!.id, r.total]));
    expect(report.scores).toEqual(totals);
  });

  it('an edit that buys while in debt exits 1, naming the action and the reason', () => {
    // Find a moment in the market when the country at the market owes a debt.
    for (const name of names) {
      const file = saved(name);
      let s = newGame(game, file.setup);
      for (const [i, e] of file.log.entries()) {
        s = step(game, s, e.action);
        if (!((s.phase === 'market' && s.rolled) || s.phase === 'final-buying') || !isDebtor(s.table.ledger, s.current) || s.prompts.length > 0) continue;
        const at = i + 1;
        const card = s.table.owner.ids().find((id) => s.table.owner.get(id) === 'market')!;
        const path = edited(name, (log) => insert(log, at, { type: 'buy', country: s.current, card }));
        try {
          const run = cli(['replay', path]);
          expect(run.code).toBe(1);
          expect(run.stdout).toContain('warning: the check code does not match');
          expect(run.stdout).toMatch(
            new RegExp(`action ${at + 1} \\(buy\\): .* owes .*; every credit it receives goes to that first, so it cannot buy until the debt is paid\\.`),
          );
        } finally {
          rmSync(join(path, '..'), { recursive: true, force: true });
        }
        return;
      }
    }
    throw new Error('no recorded game has a debtor at the market');
  });

  it('an edit that sells an auction book back above what was paid for it exits 1', () => {
    // An auction book won cheaply, swapped for a market book of its full printed value.
    for (const name of names) {
      const file = saved(name);
      let s = newGame(game, file.setup);
      for (const [i, e] of file.log.entries()) {
        s = step(game, s, e.action);
        if (s.prompts.length > 0 || s.openAuctions.length > 0 || s.phase === 'over' || s.phase === 'final-buying') continue;
        const edition = editionFor(game, s);
        for (const [id, paid] of Object.entries(s.table.paid)) {
          const owner = s.table.owner.get(id);
          const card = ownableById(game, id)!;
          if (!owner || !s.table.players.includes(owner) || isDebtor(s.table.ledger, owner)) continue;
          const back = saleValue(game, edition, s.table.paid, card);
          const dearer = s.table.owner.ids().find((m) => s.table.owner.get(m) === 'market' && bookValue(game, edition, ownableById(game, m)!) > back);
          if (paid >= bookValue(game, edition, card) || !dearer || check(game, s, { type: 'sell', country: owner, card: id }) !== null) continue;
          const path = edited(name, (log) => insert(log, i + 1, { type: 'sell', country: owner, card: id, take: dearer }));
          try {
            const run = cli(['replay', path]);
            expect(run.code).toBe(1);
            expect(run.stdout).toMatch(
              new RegExp(`action ${i + 2} \\(sell\\): .* sells back for ${back}; .* costs \\d+\\. A swap needs a book of exactly the same price\\.`),
            );
          } finally {
            rmSync(join(path, '..'), { recursive: true, force: true });
          }
          return;
        }
      }
    }
    throw new Error('no recorded game holds an auction book bought below its value');
  });

  it('an edit that takes books far from the closest set exits 1', () => {
    for (const name of names.filter((n) => n.includes('codex'))) {
      const file = saved(name);
      const i = file.log.findIndex((e) => e.action.type === 'settle');
      if (i < 0) continue;
      const s = stateAfter(file, i);
      const a = file.log[i]!.action as Extract<LogEntry['action'], { type: 'settle' }>;
      const shelf = s.table.owner
        .ids()
        .filter((id) => s.table.owner.get(id) === a.debtor && !a.cards.includes(id) && !s.table.sets.some((x) => x.cards.includes(id)));
      const far = [...a.cards, ...shelf];
      if (far.length === a.cards.length || check(game, s, { ...a, cards: far }) === null) continue;
      const path = edited(name, (log) => log.map((e, j) => (j === i ? { ...e, action: { ...a, cards: far } } : e)));
      try {
        const run = cli(['replay', path]);
        expect(run.code).toBe(1);
        expect(run.stdout).toMatch(new RegExp(`action ${i + 1} \\(settle\\): These books are worth \\d+, \\d+ away from the debt of \\d+`));
      } finally {
        rmSync(join(path, '..'), { recursive: true, force: true });
      }
      return;
    }
    throw new Error('no recorded codex game settles a debt with books');
  });

  it('entries numbered out of order are reported, as the referee refuses them', () => {
    const name = names[0]!;
    const path = edited(name, (log) => log.map((e, i) => (i === 3 ? { ...e, seq: 40 } : i === 5 ? { ...e, seq: 5 } : e)));
    try {
      const run = cli(['replay', path]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('action 4 (');
      expect(run.stdout).toContain('this entry is numbered 40, but it is entry 4 of the file');
      expect(run.stdout).toContain('this entry is numbered 5, but it is entry 6 of the file');
    } finally {
      rmSync(join(path, '..'), { recursive: true, force: true });
    }
  });

  it('a missing answer is reported once for the run of actions it holds up, not once per action', () => {
    for (const name of names) {
      const file = saved(name);
      const i = file.log.findIndex((e) => e.action.type === 'take-credits' || e.action.type === 'settle');
      if (i < 0 || file.log.length - i < 6) continue;
      const path = edited(name, (log) => [...log.slice(0, i), ...log.slice(i + 1).map((e) => ({ ...e, seq: e.seq - 1 }))]);
      try {
        const run = cli(['replay', path]);
        expect(run.code).toBe(1);
        expect(run.stdout).toMatch(/actions \d+–\d+ \(\d+ in a row, starting with [a-z-]+\): .* must first say/);
      } finally {
        rmSync(join(path, '..'), { recursive: true, force: true });
      }
      return;
    }
    throw new Error('no recorded game answers a debt decision');
  });

  it('a book named by its printed code, and a national event with no country, get a sentence that says what to write', () => {
    const file = saved(names[0]!);
    const s = newGame(game, file.setup);
    const bible = game.cards.find((c) => c.type === 'book')!;
    expect(check(game, s, { type: 'buy', country: 'germany', card: bible.code })).toBe(
      `'${bible.code}' is the code printed on ${bible.title}; here the book is named by its id, '${bible.id}'.`,
    );
    const first = file.log[0]!.action as Extract<LogEntry['action'], { type: 'play-card' }>;
    expect(check(game, s, { ...first, country: null })).toMatch(
      /is one of Germany's national events: it is played by its own country \("country": "germany"\)\.$/,
    );
  });

  it('a file that is not a saved game, or is damaged, is one clear sentence and exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-replay-'));
    try {
      writeFileSync(join(dir, 'cut.json'), readFileSync(join(DIR, `${names[0]}.json`), 'utf8').slice(0, 500));
      const cut = cli(['replay', join(dir, 'cut.json')]);
      expect([cut.code, cut.stderr.trim()]).toEqual([
        1,
        `✗ ${join(dir, 'cut.json')}: This file could not be read as a saved game: it is damaged or cut short.`,
      ]);
      const odd = JSON.parse(readFileSync(join(DIR, `${names[0]}.json`), 'utf8')) as SavedGame;
      writeFileSync(join(dir, 'odd.json'), JSON.stringify({ ...odd, setup: { ...odd.setup, packs: 'abc' } }));
      const run = cli(['replay', join(dir, 'odd.json')]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/damaged or incomplete: the field 'setup\.packs' should be a list, not "abc"/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      const missing = cli(['replay', join(dir, 'nope.json')]);
      expect([missing.code, missing.stderr]).toEqual([1, `✗ Cannot read ${join(dir, 'nope.json')}: check the file name and that the file is there.\n`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
