// Benchmark: a 10,000-card pack (8,000 books and 2,000 chance cards over the base game's
// countries and centuries, written as a teacher's pack would be: several YAML files under 1 MB).
// Times validate, the home-print build, and the whole build (print-shop PNGs, Tabletop Simulator,
// referee), each in a new process, with its peak memory (worker threads included). Prints the
// measured figures; asserts nothing.
//
//   node tests/bench/scale-bench.mjs [cards] [--home-only]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const cli = join(root, 'bin', 'codex-conquest.js');
const cards = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000);
const homeOnly = process.argv.includes('--home-only');

const COUNTRIES = ['germany', 'italy', 'spain', 'france', 'england', 'americas'];
const CENTURIES = [
  ['15th', 1450],
  ['16th', 1550],
  ['17th', 1650],
  ['18th', 1750],
  ['19th', 1850],
  ['20th', 1950],
];
const GENRES = ['religion', 'science', 'literature', 'history', 'geography', 'philosophy-law', 'art', 'reference'];

function writePack(dir, n) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pack.yaml'), 'id: big-pack\nname: A Very Large Pack\nextends: codex-conquest\n');
  const books = [];
  const chance = [];
  for (let i = 0; i < n; i++) {
    const [century, year] = CENTURIES[i % 6];
    if (i % 5 !== 4)
      books.push(
        `  - id: big-book-${i}\n    title: The Collected Works, Volume ${i}\n    author: An Author of Note\n    printer: A Printer of Renown\n    place: Somewhere\n    year: ${year}\n    country: ${COUNTRIES[Math.floor(i / 6) % 6]}\n    century: ${century}\n    genre: ${GENRES[i % 8]}\n    value: ${1 + (i % 9)}\n    note: A landmark book that many libraries wanted, number ${i} in a long series.\n`,
      );
    else
      chance.push(
        `  - id: big-chance-${i}\n    title: A Stroke of Luck, No. ${i}\n    text: A generous patron gives your library a little money for its reading room.\n    note: Number ${i} of many.\n    year: ${year}\n    effects:\n      - gain: ${1 + (i % 3)}\n`,
      );
  }
  const files = (list, key, name) => {
    for (let f = 0; f * 1500 < list.length; f++) writeFileSync(join(dir, `${name}-${f + 1}.yaml`), `${key}:\n${list.slice(f * 1500, (f + 1) * 1500).join('')}`);
  };
  files(books, 'books', 'books');
  files(chance, 'chance', 'chance');
}

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
