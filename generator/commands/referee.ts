// codex-conquest referee: builds the referee page if this game's copy is missing or out of date,
// then serves it to the tablets on this network and prints the address as text and a QR code.
import { InvalidArgumentError, type Command } from 'commander';
import { outputFolder, parseOutDir } from './out-option.js';
import { existsSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from '../load/index.js';
import type { Game } from '../../engine/index.js';
import { printDiagnostics } from '../load/format-diagnostic.js';
import { Output, recover } from '../io/output.js';
import { acquireLock, describeHolder, type HeldLock } from '../io/lock.js';
import { outputProblemText } from './output-problem.js';
import { terminalProgress } from '../progress.js';
import { BuildError, buildErrorText } from '../build-error.js';
import type { RefereeStamp } from '../build/referee-files.js';
import { folderCopy, serveFolder, type RunningServer } from './referee-server.js';
import { contentOptions } from './content-options.js';

interface RefereeOptions {
  pack: string[];
  out: string;
  port: number;
  host: string;
}

/** How long the referee waits for a build of the same folder before giving up. */
const REFEREE_WAIT_MS = 10 * 60_000;

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError(`--port takes a whole number from 1 to 65535, or 0 for any free port (got "${v}")`);
  return n;
}

function readStamp(dir: string): RefereeStamp | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8')) as RefereeStamp;
  } catch {
    return undefined;
  }
}

/** IPv4 addresses other machines on the local network can reach this one at. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}

/** A QR code of the address, drawn in the terminal (loaded only when the referee is served). */
async function qr(text: string): Promise<string> {
  const { terminalQr } = await import('./terminal-qr.js');
  return terminalQr(text);
}

export function refereeCommand(program: Command, load: (dir: string, packs: string[]) => Promise<LoadResult>): void {
  contentOptions(program.command('referee'))
    .description('Serve the tablet referee page on this computer and the local network (building it first if needed).')
    .option('-o, --out <dir>', 'the build folder; the page is served from its referee/ folder', parseOutDir, 'out')
    .option('--port <n>', 'the port to serve on (0: any free port)', parsePort, 8080)
    .option('--host <address>', 'the network address to listen on (0.0.0.0 means every network of this computer)', '0.0.0.0')
    .addHelpText('after', '\nExamples:\n  $ codex-conquest referee\n  $ codex-conquest referee --pack packs/low-countries --port 9000')
    .action(async (dir: string, opts: RefereeOptions) => {
      const result = await load(dir, opts.pack);
      printDiagnostics(result);
      if (!result.game) {
        process.stderr.write('✗ The referee needs the game to load: fix the errors above and run it again.\n');
        process.exitCode = 1;
        return;
      }
      const { prepareReferee, REFEREE_DIR } = await import('../build/referee.js');
      const outDir = outputFolder(opts.out);
      const servedDir = join(outDir, REFEREE_DIR);
      const progress = terminalProgress(false);
      const warnings: string[] = [];
      // The same lock as a build: a build writing this folder is waited for, then the page is
      // checked against what that build wrote.
      let lock: HeldLock | undefined;
      try {
        const page = await prepareReferee(result.game, progress, (w) => warnings.push(w));
        lock = await acquireLock(outDir, {
          command: 'referee',
          waitMs: REFEREE_WAIT_MS,
          onWait: (holder) => progress.notice(`  Waiting for ${describeHolder(holder)} to finish writing ${opts.out}/…`),
        });
        recover(outDir);
        const differs = printedDifference(printedGame(outDir), result.game);
        if (differs) progress.notice(`  Note: the cards in ${opts.out}/ were printed ${differs}. Build again so the cards and the referee agree.`);
        const { stamp } = page;
        const built = readStamp(servedDir);
        if (!built || built.bundle !== stamp.bundle || built.data !== stamp.data || !existsSync(join(servedDir, 'index.html'))) {
          const files = await page.files();
          const held = lock;
          // The rest of the folder is kept as the last build left it; only referee/ is new.
          await progress.step(`Writing the referee page to ${opts.out}/${REFEREE_DIR}/`, () => Output.renewFolder(outDir, held, REFEREE_DIR, files));
        } else {
          progress.info(`  The referee page in ${opts.out}/${REFEREE_DIR}/ is up to date.`);
        }
      } catch (e) {
        if (e instanceof BuildError) {
          process.stderr.write(buildErrorText(e));
          process.exitCode = 1;
          return;
        }
        const problem = outputProblemText(e, opts.out, 'referee');
        if (problem) {
          process.stderr.write(problem);
          process.exitCode = 1;
          return;
        }
        throw e;
      } finally {
        lock?.release();
      }
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);

      let running: RunningServer;
      // Phones reach the server at its network address (known once it listens).
      let port = opts.port;
      // Every network of this computer, this computer only, or the one address asked for.
      const everywhere = opts.host === '0.0.0.0' || opts.host === '::';
      const loopback = /^(localhost|127\.[\d.]+|::1)$/i.test(opts.host);
      const asked = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}`;
      const lanUrls = () => (everywhere ? lanAddresses().map((a) => `http://${a}:${port}/`) : loopback ? [] : [`${asked}:${port}/`]);
      try {
        // The page as it is now, kept in memory too: a build made meanwhile without the page
        // (--no-referee) swaps out/ for a folder without referee/, and the tablet still needs it.
        running = await serveFolder(servedDir, { host: opts.host, port: opts.port, live: { lanUrls }, kept: folderCopy(servedDir) });
        port = running.port;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        process.stderr.write(
          code === 'EADDRINUSE'
            ? `error: port ${opts.port} is already in use (is the referee already running?)\n  hint: stop the other program, or pick another port, e.g. --port ${opts.port + 1}\n`
            : `error: could not listen on ${opts.host}:${opts.port} (${(e as Error).message})\n  hint: try another port with --port, or --host 127.0.0.1 for this computer only\n`,
        );
        process.exitCode = 1;
        return;
      }
      // The banker's key rides after the #: the tablet opened at these addresses is the banker,
      // and only it can show the players' phones their QR codes (referee-live.ts).
      const banker = `#banker=${running.live?.bankerKey ?? ''}`;
      const local = `${everywhere ? 'http://localhost' : asked}:${running.port}/${banker}`;
      const lan = lanUrls().map((u) => `${u}${banker}`);
      const lines = [
        '',
        `The ${result.game.name} referee is running.`,
        `  On this computer:      ${local}`,
        ...lan.map((u, i) => `  ${i === 0 ? 'On a tablet (same Wi-Fi):' : '                         '} ${u}`),
        '',
        ...(loopback
          ? [
              `With --host ${opts.host} the referee answers this computer only: no tablet or phone can reach it.`,
              'Leave out --host to let the banker’s tablet and the players’ phones on the same Wi-Fi join.',
            ]
          : [
              'Open one of these on the banker’s tablet. Its Game tab then shows a QR code for each country:',
              'a player scans its own to follow its library on its phone. Keep these addresses to yourself.',
            ]),
        '',
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      if (lan[0]) {
        process.stdout.write(`Scan this with the banker's tablet to open the referee\n${await qr(lan[0])}\n`);
        process.stdout.write(
          'Over the network the page saves every game on the tablet, but a browser only keeps an offline copy of\n' +
            `pages from this computer itself. For play with no network at all, copy ${opts.out}/${REFEREE_DIR}/codex-referee.html\n` +
            "to the tablet (or open it from the page's Game menu) and open it there.\n\n",
        );
      }
      process.stdout.write('Press Ctrl+C to stop.\n');
      const stop = () => {
        void running.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

/** How the printed cards differ from the game the referee will play, in words, if they do. */
function printedDifference(printed: ReturnType<typeof printedGame>, game: Game): string | undefined {
  if (!printed) return undefined;
  if (printed.id !== game.id) return `for another game (${printed.id})`;
  const packs = (ids: string[]) => (ids.length ? `the pack${ids.length > 1 ? 's' : ''} ${ids.join(', ')}` : 'no pack');
  const serving = game.packs.map((p) => p.id);
  if (printed.packs.join() !== serving.join()) return `for this game with ${packs(printed.packs)}, and the referee will play it with ${packs(serving)}`;
  if (printed.cards.join() !== game.cards.map((c) => c.id).join())
    return 'from other card files than the ones the referee will play (a card added or taken out since)';
  return undefined;
}

/** The game and packs the cards in an output folder were printed for (its game.json), if it has one. */
function printedGame(outDir: string): { id: string; packs: string[]; cards: string[] } | undefined {
  try {
    const g = JSON.parse(readFileSync(join(outDir, 'game.json'), 'utf8')) as { id?: unknown; packs?: { id?: unknown }[]; cards?: { id?: unknown }[] };
    if (typeof g.id !== 'string') return undefined;
    return {
      id: g.id,
      packs: Array.isArray(g.packs) ? g.packs.map((p) => String(p.id)) : [],
      cards: Array.isArray(g.cards) ? g.cards.map((c) => String(c.id)) : [],
    };
  } catch {
    return undefined;
  }
}
