// Benchmark: a 10,000-card pack (8,000 books and 2,000 chance cards over the base game's
// countries and centuries, written as a teacher's pack would be: several YAML files under 1 MB).
// Times validate, the home-print build, and the whole build (print-shop PNGs, Tabletop Simulator,
// referee), each in a new process, with its peak memory (worker threads included). Prints the
// measured figures; asserts nothing.
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

// Peak memory of a child: it writes its own maxRSS (KB, worker threads included) as it exits.
const probe = `data:text/javascript,${encodeURIComponent("import{writeFileSync}from'node:fs';process.on('exit',()=>{if(process.env.RSS_FILE)writeFileSync(process.env.RSS_FILE,String(process.resourceUsage().maxRSS))})")}`;

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
  const mb = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : Number.NaN;
  rmSync(rssFile, { force: true });
  console.log(`  ${label.padEnd(58)} ${s.toFixed(1).padStart(6)} s   peak RSS ${mb.toFixed(0).padStart(5)} MB`);
}

const work = mkdtempSync(join(tmpdir(), 'cc-scale-'));
try {
  const pack = join(work, 'pack');
  writePack(pack, cards);
  const out = join(work, 'out');
  console.log(`scale (${cards} pack cards on the base game; targets: under 60 s and 1.5 GB)`);
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
