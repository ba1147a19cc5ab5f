// Benchmark: a 10,000-card pack (8,000 books and 2,000 chance cards over the base game's
// countries and centuries, written as a teacher's pack would be: several YAML files under 1 MB).
// Times validate, the home-print build, and the whole build (print-shop PNGs, Tabletop Simulator,
// referee), each in a new process, with its peak memory and CPU time (worker threads included),
// and how fast the machine runs at the start. Prints the measured figures; asserts nothing.
//
//   node tests/bench/scale-bench.mjs [cards] [--home-only]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePack } from './lib/big-pack.mjs';

const root = process.cwd();
const cli = join(root, 'bin', 'codex-conquest.js');
const cards = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
const homeOnly = process.argv.includes('--home-only');

// Peak memory and CPU of a child: it writes its own maxRSS (KB) and CPU time (µs of user and
// system time), worker threads included, as it exits.
const probe = `data:text/javascript,${encodeURIComponent("import{writeFileSync}from'node:fs';process.on('exit',()=>{const u=process.resourceUsage();if(process.env.RSS_FILE)writeFileSync(process.env.RSS_FILE,JSON.stringify([u.maxRSS,u.userCPUTime+u.systemCPUTime]))})")}`;

/**
 * How fast this machine runs right now: a fixed loop's best time of five, in ms. The machine is
 * shared, and its speed has been seen to change by half within minutes; a build's seconds are
 * read beside this figure (and its CPU seconds, which a busy neighbour inflates less).
 */
function speed() {
  const a = new Float64Array(4096);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    for (let n = 0; n < 2000; n++) for (let i = 0; i < 4096; i++) a[i] = a[i] * 1.0000001 + i;
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

function timed(label, args) {
  const rssFile = join(tmpdir(), `cc-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', probe, cli, ...args], {
    encoding: 'utf8',
    // Every build here paints everything: a pack made for the benchmark has nothing in the image
    // cache, and should leave nothing there either (10,000 cards' PNGs are gigabytes).
    env: { ...process.env, RSS_FILE: rssFile, CODEX_CONQUEST_NO_CACHE: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const s = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${label} failed:\n${r.stderr.slice(-3000)}`);
  const [kb, us] = existsSync(rssFile) ? JSON.parse(readFileSync(rssFile, 'utf8')) : [Number.NaN, Number.NaN];
  rmSync(rssFile, { force: true });
  const cpu = us / 1e6;
  console.log(`  ${label.padEnd(58)} ${s.toFixed(1).padStart(6)} s   peak RSS ${(kb / 1024).toFixed(0).padStart(5)} MB   CPU ${cpu.toFixed(0).padStart(4)} s`);
}

const work = mkdtempSync(join(tmpdir(), 'cc-scale-'));
try {
  const pack = join(work, 'pack');
  writePack(pack, cards);
  const out = join(work, 'out');
  console.log(`scale (${cards} pack cards on the base game; targets: under 60 s and 1.5 GB)`);
  // Read once, at the start: a rough sign, since the speed can change during the runs too. On the
  // machine the targets were worked towards it took 8.4 ms to 14.3 ms within a day, and a start at
  // 8.4 ms has still been followed by a 68 s build.
  console.log(`  machine speed now: a fixed loop in ${speed().toFixed(1)} ms (less is faster)`);
  timed('validate', ['validate', 'content', '--pack', pack]);
  timed('home print (decks on A4 + Letter, rule book, aids, game.json)', [
    'build',
    'content',
    '--pack',
    pack,
    '--out',
    out,
    '--quiet',
    '--no-press',
    '--no-tts',
    '--no-referee',
  ]);
  if (!homeOnly) timed('everything (+ print-shop PNGs, Tabletop Simulator, referee)', ['build', 'content', '--pack', pack, '--out', out, '--quiet']);
} finally {
  rmSync(work, { recursive: true, force: true });
}
