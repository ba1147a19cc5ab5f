// codex-conquest replay: checks a game saved from the referee against the rules, as an umpire
// would after the fact. Every action the rules refuse is named with its number and the reason;
// then where the game stands, the scores with their breakdown and the rule book's tie-break, and
// the bank's check (the money law). Files edited by hand or written by other tools are read too:
// a check code that does not match is a warning, not a refusal. Exit 1 when any action is illegal
// or the bank's books do not balance.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  RULES_VERSION,
  centuryName,
  checkpointFindings,
  countryName,
  finalScores,
  moneyCheck,
  parseSavedGame,
  ranking,
  replayChecked,
  savedGameNotes,
  savedGameText,
  setupProblem,
  packDifference,
  type CheckpointFinding,
  type CountryScore,
  type Game,
  type GameState,
  type MoneyReport,
  type Placing,
  type Rejection,
  type SavedGame,
} from '../../engine/index.js';
import type { LoadResult } from '../load/index.js';
import { printDiagnostics } from '../load/format-diagnostic.js';

/** What `--json` prints: documented in docs/saved-game.md. */
export interface ReplayReport {
  ok: boolean;
  file: string;
  game: { id: string; name: string };
  setup: SavedGame['setup'];
  /** The rules version the file was recorded under, and the one it was checked with. */
  rules: { recorded: string; checked: string };
  actions: number;
  checkMatches: boolean;
  warnings: string[];
  rejected: Rejection[];
  phase: GameState['phase'];
  century: string;
  /** Whose turn it is, unless the game is over. */
  current: string | null;
  over: boolean;
  credits: Record<string, number>;
  debts: { debtor: string; creditor: string; amount: number; reason: string }[];
  scores: Record<string, number>;
  breakdown: Record<
    string,
    { books: number; collections: number; credits: number; creditPoints: number; owedToIt: number; owesOthers: number; total: number; completed: string[] }
  >;
  ranking: Placing[];
  money: MoneyReport;
  /** The checkpoints the referee would read (the file's last 20), each checked against the log. */
  checkpoints: CheckpointFinding[];
}

function fail(message: string): never {
  throw new ReplayError(message);
}

class ReplayError extends Error {}

/** `text`: the file's bytes, or its text already decoded. */
export function replayReport(game: Game, file: string, text: string | Uint8Array): ReplayReport {
  if (typeof text !== 'string') text = savedGameText(text);
  const parsed = parseSavedGame(text);
  if (!parsed.ok) fail(parsed.message);
  const saved = parsed.saved;
  if (saved.game.id !== game.id)
    fail(`This game was played with “${saved.game.name}” (${saved.game.id}), not with ${game.name}. Name its content folder, and its packs with --pack.`);
  const problem = setupProblem(game, saved.setup);
  if (problem) {
    // On the command line a missing expansion is one option away.
    const { missing, extra } = packDifference(game, saved.setup);
    fail(
      missing.length
        ? `${problem} Add the folder of that pack with --pack, as when the game was built: codex-conquest replay FILE --pack PACK-FOLDER.`
        : extra.length
          ? `${problem} Leave out --pack ${extra.length > 1 ? 'for those packs' : 'for it'}.`
          : problem,
    );
  }
  const warnings: string[] = [];
  if (!parsed.checkMatches)
    warnings.push('the check code does not match: the file was changed after the referee saved it (or another tool wrote it); every action is checked anyway');
  if (saved.rules !== RULES_VERSION) {
    warnings.push(
      `it was recorded under version ${saved.rules} of the rules and is checked under version ${RULES_VERSION}: actions legal then may be refused now`,
    );
  }
  // Times and each entry's rules version change nothing the rules allow, but a file that
  // disagrees with itself was edited or written by another tool (the page says the same).
  warnings.push(...savedGameNotes(saved));
  const { state, rejected } = replayChecked(game, saved.setup, saved.log);
  // A wrong checkpoint is no reason to refuse the game (the log is the truth), but the referee
  // would open it slowly, and only find out once its own replay caught up.
  const checkpoints = checkpointFindings(game, saved, parsed.logCodes);
  for (const c of checkpoints)
    if (!c.agrees)
      warnings.push(
        `checkpoint ${c.checkpoint}${c.seq !== null ? ` (after entry ${c.seq})` : ''} is not used: ${c.problem}; the referee replays the log instead`,
      );
  const scores = finalScores(game, saved.setup.edition, state.table);
  const money = moneyCheck(game, state);
  const breakdown = Object.fromEntries(
    scores.map((s: CountryScore) => [
      s.country,
      {
        books: s.books,
        collections: s.collectionPoints,
        credits: s.credits,
        creditPoints: s.creditPoints,
        owedToIt: s.owedToIt,
        owesOthers: s.owesOthers,
        total: s.total,
        completed: s.collections.map((c) => c.label),
      },
    ]),
  );
  return {
    ok: rejected.length === 0 && money.ok,
    file,
    game: saved.game,
    setup: saved.setup,
    rules: { recorded: saved.rules, checked: RULES_VERSION },
    actions: saved.log.length,
    checkMatches: parsed.checkMatches,
    warnings,
    rejected,
    phase: state.phase,
    century: state.century,
    current: state.phase === 'over' ? null : state.current,
    over: state.phase === 'over',
    credits: { ...state.table.ledger.credits },
    debts: state.table.ledger.debts.map((d) => ({ debtor: d.debtor, creditor: d.creditor, amount: d.amount, reason: d.reason })),
    scores: Object.fromEntries(scores.map((s) => [s.country, s.total])),
    breakdown,
    ranking: ranking(scores),
    money,
    checkpoints,
  };
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

/** The report as a banker reads it. */
export function formatReplay(game: Game, r: ReplayReport, state: { edition: string }): string {
  const name = (id: string) => countryName(game, id);
  const lines: string[] = [];
  const edition = game.rules.editions.find((e) => e.id === state.edition)?.name ?? state.edition;
  lines.push(`${game.name}: ${r.file}`);
  lines.push(
    `  ${edition}, ${r.setup.players} players, ${r.setup.length} play${r.setup.end ? `, ending after the ${centuryName(game, r.setup.end)}` : ''}; ${r.actions} recorded ${r.actions === 1 ? 'action' : 'actions'}`,
  );
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  const usable = r.checkpoints.filter((c) => c.agrees).map((c) => c.seq!);
  if (usable.length)
    lines.push(
      `  The referee opens it from its checkpoint after entry ${Math.max(...usable)}, which agrees with the log${usable.length > 1 ? ` (as do ${usable.length - 1} earlier)` : ''}.`,
    );
  lines.push('');
  if (r.rejected.length === 0) lines.push('✓ Every action keeps to the rules.');
  else {
    lines.push(
      `✗ ${r.rejected.length} action${r.rejected.length === 1 ? ' breaks' : 's break'} the rules (each was skipped, and the game went on without it):`,
    );
    // A missing answer (a creditor's choice, say) refuses every action after it for the same
    // reason: one line for the run, so the first cause stands out.
    for (let i = 0; i < r.rejected.length; ) {
      const x = r.rejected[i]!;
      let j = i + 1;
      while (j < r.rejected.length && r.rejected[j]!.reason === x.reason && r.rejected[j]!.seq === r.rejected[j - 1]!.seq + 1) j++;
      if (j - i >= 3) lines.push(`  actions ${x.seq}–${r.rejected[j - 1]!.seq} (${j - i} in a row, starting with ${x.type}): ${x.reason}`);
      else for (const y of r.rejected.slice(i, j)) lines.push(`  action ${y.seq} (${y.type}): ${y.reason}`);
      i = j;
    }
  }
  lines.push('');
  lines.push(
    r.over
      ? 'The game is over.'
      : `The game stands in the ${centuryName(game, r.century)}, ${r.phase.replace('-', ' ')}, ${name(r.current ?? '')}'s turn; the scores are as if it ended now.`,
  );
  if (r.debts.length) lines.push(`Open debts: ${r.debts.map((d) => `${name(d.debtor)} owes ${name(d.creditor)} ${d.amount}`).join('; ')}.`);
  lines.push('');
  // Points, as the tablet's Scores tab names them: the books outside collections by their value.
  const head = ['place', 'country', 'loose books', 'collections', 'credits', 'debts', 'total'];
  const rows = r.ranking.flatMap((p) =>
    p.countries.map((c) => {
      const b = r.breakdown[c]!;
      const debts = b.owedToIt - b.owesOthers;
      return [
        `${p.place}${p.countries.length > 1 ? '=' : ''}`,
        name(c),
        String(b.books),
        String(b.collections),
        b.creditPoints === b.credits ? String(b.credits) : `${b.creditPoints} (of ${b.credits})`,
        debts === 0 ? '0' : debts > 0 ? `+${debts}` : `−${-debts}`,
        String(b.total),
      ];
    }),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  lines.push(head.map((h, i) => pad(h, widths[i]!, i > 1)).join('  '));
  for (const row of rows) lines.push(row.map((v, i) => pad(v, widths[i]!, i > 1)).join('  '));
  for (const c of Object.keys(r.breakdown)) {
    const done = r.breakdown[c]!.completed;
    if (done.length) lines.push(`  ${name(c)} completed: ${done.join('; ')}`);
  }
  r.ranking.forEach((p, i) => {
    const next = r.ranking[i + 1];
    if (next && next.total === p.total) lines.push(`  Equal totals: more completed collections (${p.collections} to ${next.collections}) decide the order.`);
    if (p.countries.length > 1) lines.push(`  ${p.countries.map(name).join(' and ')} are level on points and collections: they share place ${p.place}.`);
  });
  lines.push('');
  const w = r.money.worth;
  lines.push(
    r.money.ok
      ? `✓ The bank's books balance: the countries' credits, with their books at the bank's prices and less what they owe the bank, come to ${w.countries}: ${w.opening} at the start, ${w.income >= 0 ? '+' : '−'}${Math.abs(w.income)} from dice, cards and corrections, −${w.writtenOff} given up (books lost, auction prices above a book's worth).`
      : `✗ The bank's books do not balance: ${r.money.problems.join('; ')}.`,
  );
  return `${lines.join('\n')}\n`;
}

export function replayCommand(program: Command, load: (dir: string, packs: string[]) => Promise<LoadResult>): void {
  program
    .command('replay')
    .description(
      'Check a game saved from the referee against the rules: every refused action with its number and reason, where the game stands, the scores with their breakdown, and the bank check.',
    )
    .argument('<saved-game>', 'the .json file the referee exported (Game tab → Export this game)')
    .argument('[dir]', 'the content folder holding game.yaml', 'content')
    .option('-p, --pack <dir>', 'an expansion pack the game was played with (repeat for several)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--json', 'print one JSON object instead (its fields are listed in docs/saved-game.md)')
    .addHelpText(
      'after',
      `
Examples:
  $ codex-conquest replay codex-conquest-game-2026-11-24-1402.json
  $ codex-conquest replay game.json content --pack packs/low-countries
  $ codex-conquest replay game.json --json > report.json

Exit codes: 0 every action keeps to the rules and the bank balances; 1 an action breaks the rules,
the books do not balance, or the file cannot be read; 2 the command was mistyped.
The file format is described in docs/saved-game.md, so other tools can write games to check.`,
    )
    .action(async (file: string, dir: string, opts: { pack: string[]; json?: boolean }) => {
      const result = await load(dir, opts.pack);
      if (!result.game) {
        printDiagnostics(result);
        process.stderr.write('✗ The game content has errors, so nothing can be replayed; run codex-conquest validate for the details.\n');
        process.exitCode = 1;
        return;
      }
      // The bytes: the engine reads them as the page does (UTF-8, a byte-order mark, UTF-16).
      let text: Uint8Array;
      try {
        text = readFileSync(file);
      } catch {
        process.stderr.write(`✗ Cannot read ${file}: check the file name and that the file is there.\n`);
        process.exitCode = 1;
        return;
      }
      let report: ReplayReport;
      try {
        report = replayReport(result.game, file, text);
      } catch (e) {
        if (!(e instanceof ReplayError)) throw e;
        process.stderr.write(`✗ ${file}: ${e.message}\n`);
        process.exitCode = 1;
        return;
      }
      if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else process.stdout.write(formatReplay(result.game, report, { edition: report.setup.edition }));
      process.exitCode = report.ok ? 0 : 1;
    });
}
