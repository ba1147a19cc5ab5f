// The codex-conquest command. Exit codes: 0 all good, 1 the content or build has problems,
// 2 the command itself was mistyped. Bad content never produces a stack trace; a real crash
// says it is a bug and how to report it.
import { Command, CommanderError, Option } from 'commander';
import { join, resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import type { LoadResult } from './load/index.js';
import { printDiagnostics, formatSummary } from './load/format-diagnostic.js';
import { terminalProgress } from './progress.js';
import { startEarlyWork } from './build/early.js';
import { outputFolder, parseOutDir } from './commands/out-option.js';
import { BuildError, buildErrorText } from './build-error.js';
import { cardSources, placeOfCard } from './load/card-sources.js';
import { PRESS_PROFILES, type BuildOptions, type PressProfile } from './stage.js';
import { outputProblemText } from './commands/output-problem.js';
import { statsCommand } from './commands/stats.js';
import { newPackCommand } from './commands/new-pack.js';
import { refereeCommand } from './commands/referee.js';
import { replayCommand } from './commands/replay.js';
import { simulateCommand } from './commands/simulate.js';
import { iconsCommand } from './commands/icons.js';
import { cardsCommand } from './commands/cards.js';
import { contentFolder, contentOptions } from './commands/content-options.js';

const EXIT = { ok: 0, content: 1, usage: 2, crash: 3 } as const;

// The loader, the build and the printing code are imported when a command needs them: each
// command then starts in a fraction of the time, and the build's printing thread starts
// loading before anything else does.
export async function load(dir: string, packs: string[], strict = false, fit = false): Promise<LoadResult> {
  // validate's fit check starts its second thread now, to load the layout code and typefaces
  // while this one reads the content.
  if (fit) (await import('./print/fit/fit-start.js')).startFitEarly();
  const { loadGame } = await import('./load/index.js');
  const result = loadGame({ dir: contentFolder(dir), packs: packs.map((p) => resolve(p)) });
  // Every character a card prints must be in the typefaces its layout uses, as the build checks.
  const { checkGlyphs } = await import('./print/check-glyphs.js');
  const { DiagnosticList } = await import('./load/diagnostic.js');
  const glyphs = new DiagnosticList();
  await checkGlyphs(result.layers, glyphs);
  // Every emblem and genre icon must be in the icon set, as the build needs it.
  const { checkIcons } = await import('./print/check-icons.js');
  checkIcons(result.layers, glyphs);
  // Every card laid out as the build lays it out, on every card size, with no PDF written; and
  // each picture measured against the box it fills.
  // (Not when --strict has already turned warnings into errors: those come first.)
  const stopped = strict && result.diagnostics.some((d) => d.severity === 'warning');
  if (fit && result.game && !glyphs.hasErrors && !stopped) {
    const { checkFit } = await import('./print/check-fit.js');
    const game = result.game;
    const run = () => checkFit(game, result.layers, result.art, glyphs);
    // Most of a large pack's check, and seconds long: said while it runs, so the wait is explained.
    if (game.cards.length >= LARGE_GAME)
      await terminalProgress().step(`Laying out all ${game.cards.length.toLocaleString('en-GB')} cards on every card size, as a build would`, run);
    else await run();
  }
  result.diagnostics.push(...glyphs.items);
  // --strict: a warning (a country short of books, a replacement that moves a card) stops the run too.
  if (strict) for (const d of result.diagnostics) d.severity = 'error';
  return glyphs.hasErrors || result.diagnostics.some((d) => d.severity === 'error') ? { ...result, game: undefined } : result;
}

/** From this many cards a build's memory, not its speed, is what a computer runs short of. */
const LARGE_GAME = 2000;

/**
 * V8 lets a heap grow to several times what it holds before it collects, which on a computer with
 * memory to spare is most of a large build's peak: a 10,000-card build peaked at 1.9 GB, about
 * half of its printing thread's heap garbage. Growing by at most what is live (100 %) keeps it
 * near 1.2 GB (tests/bench/scale-bench.mjs); 60 % kept it at 1.1 GB, for about 5 % more of the
 * build's time spent collecting. The setting is read at every collection, by every thread, so it
 * takes effect from here on. A small game is left as it is: there the more frequent collections
 * cost the default build about 8 %.
 */
function holdHeapsDown(): void {
  setFlagsFromString('--heap-growing-percent=100');
}

function parseOffset(v: string): { x: number; y: number } {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v);
  if (!m) throw new CommanderError(EXIT.usage, 'offset', `--offset takes two numbers in millimetres, x and y, e.g. --offset 0.5,-1 (got "${v}")`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

export function makeProgram(): Command {
  const program = new Command();
  program
    .name('codex-conquest')
    .description('Build the Codex Conquest card game from its YAML content: check the cards, print the decks, run the referee.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help to see how to use it)')
    .exitOverride()
    .addHelpText(
      'after',
      `
Examples:
  $ codex-conquest validate                       check content/ and say what to fix
  $ codex-conquest build                          build everything into out/
  $ codex-conquest build --pack my-expansion      build with your own expansion pack
  $ codex-conquest new-pack my-expansion          start an expansion pack from a template
  $ codex-conquest referee                        serve the tablet referee on this network
  $ codex-conquest replay game.json               check a game saved from the referee against the rules
  $ codex-conquest icons windmill                 find an icon name for a country's emblem (offline)
  $ codex-conquest cards armada                   find a card's id, to replace or remove it in a pack
  $ codex-conquest simulate                       play thousands of games and report whether the game is fair

Content format: docs/content-format.md`,
    );

  contentOptions(program.command('validate'))
    .description('Check the game content (and any packs) and report every mistake with the file, line and a fix.')
    .option('--json', 'print the result as JSON (for editors and scripts)')
    .option('--strict', 'treat warnings (gaps in the deck, cards that move country or century, …) as errors')
    .addHelpText(
      'after',
      '\nExamples:\n  $ codex-conquest validate\n  $ codex-conquest validate content --pack packs/low-countries\n  $ codex-conquest validate --pack packs/low-countries --strict   (warnings fail too)\n  $ codex-conquest validate --json > report.json',
    )
    .action(async (dir: string, opts: { pack: string[]; json?: boolean; strict?: boolean }) => {
      const start = performance.now();
      const result = await load(dir, opts.pack, Boolean(opts.strict), true);
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = result.diagnostics.length - errors;
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify({ ok: errors === 0, errors, warnings, diagnostics: result.diagnostics, cards: result.game?.cards.length ?? 0 }, null, 2)}\n`,
        );
      } else {
        printDiagnostics(result);
        if (result.game) {
          const g = result.game;
          process.stderr.write(
            `${errors === 0 && warnings === 0 ? '✓' : '•'} ${g.name}: ${g.cards.length.toLocaleString('en-GB')} ${g.cards.length === 1 ? 'card' : 'cards'}, ${g.countries.length} ${g.countries.length === 1 ? 'country' : 'countries'}, ${g.centuries.length} ${g.centuries.length === 1 ? 'century' : 'centuries'}${g.packs.length ? `, packs: ${g.packs.map((p) => p.id).join(', ')}` : ''} — ${formatSummary(errors, warnings)} (${(performance.now() - start).toFixed(0)} ms)\n`,
          );
        } else {
          // Cards are checked against one another (names, counts, lots) only once every file reads
          // cleanly: said, so a teacher knows another run may find more. Not when nothing was read
          // (a folder that does not exist): no error then is in a file.
          const inFiles = result.diagnostics.some((d) => d.severity === 'error' && d.line !== undefined);
          process.stderr.write(
            `✗ ${formatSummary(errors, warnings)} — fix the errors above and run it again.${result.crossChecked || !inFiles ? '' : ' The checks between cards (the names they use, the counts, the auction lots) run once every file reads cleanly, and may find more.'}\n`,
          );
        }
      }
      process.exitCode = errors > 0 ? EXIT.content : EXIT.ok;
    });

  contentOptions(program.command('build'))
    .description(
      'Check the content, then write everything into the output folder: game.json, JSON Schemas, print PDFs, rule book, play aids and the referee page.',
    )
    .option('-o, --out <dir>', 'where to write', parseOutDir, 'out')
    .addOption(new Option('--paper <size...>', 'paper sizes for home printing').choices(['a4', 'letter']).default(['a4', 'letter']))
    .addOption(new Option('--card-size <size>', 'card size').choices(['poker', 'bridge', 'tarot', 'mini']).default('poker'))
    .option('--offset <x,y>', 'shift the backs by x,y millimetres for a printer whose duplex drifts', parseOffset, { x: 0, y: 0 })
    .option('--fronts-only', 'print fronts only, no back pages')
    .option('--no-press', 'skip the print-shop export (one card per page with bleed, PNGs)')
    .addOption(
      new Option('--press <profile...>', 'print shops to export for: generic, tgc (The Game Crafter), mpc (MakePlayingCards), dtc (DriveThruCards)')
        .choices([...PRESS_PROFILES])
        .default([...PRESS_PROFILES]),
    )
    .option('--tts-url <base>', 'the web address the Tabletop Simulator images will be uploaded to (written into the saved objects)')
    .option('--no-tts', 'skip the Tabletop Simulator sheets')
    .option('--no-referee', 'skip the referee web page')
    .option('--wait', 'if another build is writing the same folder, wait for it to finish instead of stopping')
    .option('-q, --quiet', 'print only problems and the summary')
    .option('--strict', 'treat content warnings as errors: nothing is built while any remains')
    .addHelpText(
      'after',
      '\nExamples:\n  $ codex-conquest build\n  $ codex-conquest build --paper a4 --offset 0.5,-0.3\n  $ codex-conquest build --pack packs/low-countries --out out-lowlands',
    )
    .action(
      async (
        dir: string,
        opts: {
          pack: string[];
          out: string;
          paper: ('a4' | 'letter')[];
          cardSize: BuildOptions['cardSize'];
          offset: { x: number; y: number };
          frontsOnly?: boolean;
          press: boolean | PressProfile[];
          tts: boolean;
          ttsUrl?: string;
          referee: boolean;
          quiet?: boolean;
          wait?: boolean;
          strict?: boolean;
        },
      ) => {
        const start = performance.now();
        const progress = terminalProgress(Boolean(opts.quiet));
        progress.info('Codex Conquest build');
        const options: BuildOptions = {
          contentDir: contentFolder(dir),
          packs: opts.pack.map((p) => resolve(p)),
          outDir: outputFolder(opts.out),
          papers: [...new Set(opts.paper)],
          cardSize: opts.cardSize,
          offset: opts.offset,
          frontsOnly: Boolean(opts.frontsOnly),
          press: opts.press !== false,
          pressProfiles: Array.isArray(opts.press) ? [...new Set(opts.press)] : [...PRESS_PROFILES],
          tts: opts.tts,
          ...(opts.ttsUrl ? { ttsUrl: opts.ttsUrl } : {}),
          referee: opts.referee,
          quiet: Boolean(opts.quiet),
          wait: Boolean(opts.wait),
        };
        // The printing thread starts loading now, while the content is checked.
        startEarlyWork();
        // What the build needs of the check: the game and its pictures. The rest — every file read
        // as a YAML document, each value with its place, for the messages — is let go before the
        // build starts (for a 10,000-card pack, a few hundred MB this thread would otherwise keep).
        const checked = await (async () => {
          const result = await progress.step(
            'Checking the content',
            () => load(dir, opts.pack, Boolean(opts.strict)),
            (r) => (r.game ? `(${r.game.cards.length} cards)` : '(problems found)'),
          );
          printDiagnostics(result);
          return result.game ? { game: result.game, art: result.art, sources: cardSources(result.layers) } : undefined;
        })();
        if (!checked) {
          process.stderr.write('✗ Nothing was written: fix the errors above and build again.\n');
          process.exitCode = EXIT.content;
          return;
        }
        if (checked.game.cards.length >= LARGE_GAME) holdHeapsDown();
        try {
          const { runBuild } = await import('./build/run.js');
          const built = await runBuild(checked, options, progress);
          for (const w of built.warnings) process.stderr.write(`warning: ${w}\n`);
          process.stderr.write(`✓ Wrote ${built.files.length} files to ${opts.out}/ in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
          summariseFiles(built.files, opts.out);
        } catch (e) {
          if (e instanceof BuildError) {
            // A card's problem found while printing, given where the card was written.
            const place = !e.place && e.subject ? placeOfCard(checked.sources, e.subject) : undefined;
            const located = place ? new BuildError(e.message, e.hint, e.subject, place, e.part) : e;
            process.stderr.write(`${buildErrorText(located)}✗ The build stopped; the files already in ${opts.out}/ were left as they were.\n`);
            process.exitCode = EXIT.content;
            return;
          }
          const problem = outputProblemText(e, opts.out, 'build');
          if (problem) {
            process.stderr.write(problem);
            process.exitCode = EXIT.content;
            return;
          }
          throw e;
        }
      },
    );

  statsCommand(program, load);
  newPackCommand(program);
  refereeCommand(program, load);
  replayCommand(program, load);
  simulateCommand(program, load);
  iconsCommand(program, load);
  cardsCommand(program, load);
  return program;
}

function summariseFiles(files: string[], outDir: string): void {
  const groups = new Map<string, number>();
  for (const f of files) {
    const top = f.includes('/')
      ? `${f
          .split('/')
          .slice(0, f.startsWith('print/') ? 2 : 1)
          .join('/')}/`
      : f;
    groups.set(top, (groups.get(top) ?? 0) + 1);
  }
  for (const [g, n] of groups) process.stderr.write(`    ${outDir}/${g}${n > 1 || g.endsWith('/') ? `  (${n} file${n === 1 ? '' : 's'})` : ''}\n`);
}

export async function main(argv = process.argv): Promise<void> {
  // Piping into `head` closes the pipe early; a command-line tool then stops quietly.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  const program = makeProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : EXIT.usage;
      if (e.code === 'offset') process.stderr.write(`error: ${e.message}\n`);
      return;
    }
    reportCrash(e);
  }
}

export function reportCrash(e: unknown): void {
  const err = e instanceof Error ? e : new Error(String(e));
  const file = join(tmpdir(), `codex-conquest-crash-${Date.now()}.txt`);
  try {
    writeFileSync(file, `${new Date().toISOString()}\nnode ${process.version}\nargs: ${process.argv.slice(2).join(' ')}\n\n${err.stack ?? err.message}\n`);
  } catch {
    /* the report is a courtesy; the message below still explains */
  }
  process.stderr.write(
    `Something went wrong inside codex-conquest: ${err.message}\n` +
      `This is a bug in the tool, not a mistake in your cards. Please report it to the Codex Conquest maintainers (open an issue in the project's repository) and attach ${file}, which holds the technical details.\n`,
  );
  process.exitCode = EXIT.crash;
}
