// Benchmark: the default build (every deck on A4 and US Letter, the rule book, the play aids,
// game.json — not the print-shop export, Tabletop Simulator or the referee, which are timed
// on their own) against a bare-pdfkit floor: the same number of plain-text cards, 3 × 3 per
// page, fronts and backs, built-in Helvetica, no art. Then everything `npm start` builds (decks,
// rule book, aids, print-shop files, Tabletop Simulator, referee), cold — every image painted —
// and warm — the images of an earlier build copied from the image cache. Each figure is the best
// of several runs: the machine is shared, and a run slowed by others says nothing about the
// build. The build and the floor take turns, so the ratio also comes as the median of the turns'
// own ratios, which a drift in the machine's speed between the two cannot tilt. Prints figures;
// asserts nothing.
//
//   node tests/bench/build-bench.mjs [content-dir]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const cli = join(root, 'bin', 'codex-conquest.js');
const RUNS = 5;

if (process.argv[2] === '--floor') {
  await floor(process.argv[3], process.argv[4]);
  process.exit(0);
}

// Peak memory of a child: it writes its own maxRSS (KB, worker threads included) as it exits.
const probe = `data:text/javascript,${encodeURIComponent("import{writeFileSync}from'node:fs';process.on('exit',()=>{if(process.env.RSS_FILE)writeFileSync(process.env.RSS_FILE,String(process.resourceUsage().maxRSS))})")}`;

function timed(args, label, env = {}) {
  const rssFile = join(tmpdir(), `cc-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', probe, ...args], { encoding: 'utf8', env: { ...process.env, RSS_FILE: rssFile, ...env } });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${label} failed:\n${r.stderr}`);
  const rss = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : NaN;
  rmSync(rssFile, { force: true });
  return { ms, rss };
}

function best(label, args, env = {}) {
  const runs = Array.from({ length: RUNS }, () => timed(args, label, env));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { best: ms[0], median: ms[Math.floor(RUNS / 2)], rss: Math.max(...runs.map((r) => r.rss)) };
}

function dirBytes(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
}

const requested = process.argv[2];
let content = requested ?? join(root, 'content');
if (!requested && spawnSync(process.execPath, [cli, 'validate', content], { encoding: 'utf8' }).status !== 0) {
  content = join(root, 'tests', 'fixtures', 'print-game');
  console.log(`(content/ does not validate yet; using ${content})`);
}
const work = mkdtempSync(join(tmpdir(), 'cc-bench-'));
const out = join(work, 'out');
const base = [cli, 'build', content, '--out', out, '--quiet'];
timed([...base, '--no-press', '--no-tts', '--no-referee'], 'warm-up build');

const floorArgs = [join(root, 'tests', 'bench', 'build-bench.mjs'), '--floor', join(out, 'game.json'), join(work, 'floor')];
// The build and the floor are timed in turns (build, floor, floor with the command's setting;
// again), so that a machine that slows down or speeds up during the benchmark weighs on both
// alike; each turn gives a ratio, and their median is reported beside the best-to-best one.
// The command raises V8's interrupt budget (bin/codex-conquest.js). The floor is timed both
// ways and each ratio uses the faster, so the setting cannot flatter the comparison.
const turns = Array.from({ length: RUNS }, () => {
  const b = timed([...base, '--no-press', '--no-tts', '--no-referee'], 'build');
  const plain = timed(floorArgs, 'floor');
  const tuned = timed([`--interrupt-budget=${cliBudget()}`, ...floorArgs], 'floor');
  return { build: b, plain, tuned };
});
const summary = (runs) => {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { best: ms[0], median: ms[Math.floor(runs.length / 2)], rss: Math.max(...runs.map((r) => r.rss)) };
};
const build = summary(turns.map((t) => t.build));
const floorPlain = summary(turns.map((t) => t.plain));
const floorTuned = summary(turns.map((t) => t.tuned));
const floorRun = floorPlain.best <= floorTuned.best ? floorPlain : floorTuned;
const pairRatios = turns.map((t) => t.build.ms / Math.min(t.plain.ms, t.tuned.ms)).sort((a, b) => a - b);
const game = JSON.parse(readFileSync(join(out, 'game.json'), 'utf8'));
const sizes = Object.fromEntries(['a4', 'letter'].map((p) => [p, dirBytes(join(out, 'print', p))]));
// The print-shop export and Tabletop Simulator are timed cold (every image painted), as are the
// first "everything" figures; the warm ones use a cache of this benchmark's own.
const cold = { CODEX_CONQUEST_NO_CACHE: '1' };
const press = best('build with the print-shop export', [...base, '--no-tts', '--no-referee'], cold);
const pngs = existsSync(join(out, 'press', 'png')) ? readdirSync(join(out, 'press', 'png')).length : 0;
const tts = best('build with Tabletop Simulator sheets', [...base, '--no-press', '--no-referee'], cold);
const everythingCold = best('everything, cold', base, cold);
const warmCache = { CODEX_CONQUEST_CACHE_DIR: join(work, 'cache') };
timed(base, 'everything, filling the cache', warmCache);
const everythingWarm = best('everything, warm', base, warmCache);
// npm start compiles first; with nothing changed since the last compile it only checks that.
const compileCheck = best('compile check', [join(root, 'scripts', 'compile.mjs')]);

const mb = (b) => `${(b / 1024 / 1024).toFixed(2)} MB`;
console.log(`build (${game.cards.length} cards, ${content.replace(`${root}/`, '')})`);
console.log(
  `  default build (decks on A4 + Letter, rule book, aids, game.json): best ${build.best.toFixed(0)} ms, median ${build.median.toFixed(0)} ms (${RUNS} runs; target ≤ 3000 ms)`,
);
console.log(
  `  bare-pdfkit floor (same cards as plain Helvetica text):          best ${floorPlain.best.toFixed(0)} ms, median ${floorPlain.median.toFixed(0)} ms (with the command's V8 setting: best ${floorTuned.best.toFixed(0)} ms)`,
);
console.log(
  `  ratio build / floor: ${(build.best / floorRun.best).toFixed(2)} × (best to best), ${pairRatios[Math.floor(RUNS / 2)].toFixed(2)} × (median of ${RUNS} turns; ${pairRatios[0].toFixed(2)}–${pairRatios[RUNS - 1].toFixed(2)}) (target ≤ 4 ×)`,
);
console.log(`  peak RSS: build ${build.rss.toFixed(0)} MB (target < 400 MB), floor ${floorRun.rss.toFixed(0)} MB`);
console.log(`  print PDFs: A4 ${mb(sizes.a4)}, Letter ${mb(sizes.letter)} (target < 6 MB per paper)`);
console.log(
  `  + print-shop export (press PDFs + ${pngs} PNGs, painted): ${(press.best - build.best).toFixed(0)} ms more (best ${press.best.toFixed(0)} ms in all, peak RSS ${press.rss.toFixed(0)} MB)`,
);
console.log(
  `  + Tabletop Simulator sheets (painted): ${(tts.best - build.best).toFixed(0)} ms more (best ${tts.best.toFixed(0)} ms in all, peak RSS ${tts.rss.toFixed(0)} MB)`,
);
console.log(
  `  everything npm start builds, every image painted: best ${everythingCold.best.toFixed(0)} ms, median ${everythingCold.median.toFixed(0)} ms (peak RSS ${everythingCold.rss.toFixed(0)} MB)`,
);
console.log(
  `  everything npm start builds, images from the cache: best ${everythingWarm.best.toFixed(0)} ms, median ${everythingWarm.median.toFixed(0)} ms (target < 6000 ms)`,
);
console.log(
  `  npm start's compile step when nothing changed: best ${compileCheck.best.toFixed(0)} ms; npm start ≈ ${(compileCheck.best + everythingCold.best).toFixed(0)} ms with every image painted, ${(compileCheck.best + everythingWarm.best).toFixed(0)} ms with the cache (npm's own start-up aside)`,
);
rmSync(work, { recursive: true, force: true });

/** The interrupt budget the command sets for V8, read from its entry script. */
function cliBudget() {
  const m = /--interrupt-budget=(\d+)/.exec(readFileSync(cli, 'utf8'));
  if (!m) throw new Error('bin/codex-conquest.js no longer sets --interrupt-budget: update this benchmark');
  return m[1];
}

/** The floor: every printed card of every deck as plain Helvetica text, fronts and backs, per paper. */
async function floor(gameFile, dir) {
  const { default: PDFDocument } = await import('pdfkit');
  const { createWriteStream, mkdirSync } = await import('node:fs');
  const g = JSON.parse(readFileSync(gameFile, 'utf8'));
  const decks = new Map();
  for (const c of g.cards) {
    const copies = c.type === 'reference' ? g.rules.players.max : 1;
    if (!decks.has(c.type)) decks.set(c.type, []);
    for (let i = 0; i < copies; i++) decks.get(c.type).push(c);
  }
  const mm = 72 / 25.4;
  const w = 63.5 * mm;
  const h = 88.9 * mm;
  const writes = [];
  for (const [paper, size] of [
    ['a4', [595.28, 841.89]],
    ['letter', [612, 792]],
  ]) {
    mkdirSync(join(dir, paper), { recursive: true });
    for (const [type, cards] of decks) {
      const doc = new PDFDocument({ size, autoFirstPage: false, info: { CreationDate: new Date(0) } });
      const file = createWriteStream(join(dir, paper, `${type}.pdf`));
      doc.pipe(file);
      writes.push(new Promise((r) => file.on('finish', r)));
      for (let s = 0; s < cards.length; s += 9) {
        for (const side of ['front', 'back']) {
          doc.addPage({ size, margin: 0 });
          cards.slice(s, s + 9).forEach((c, i) => {
            const x = (size[0] - 3 * w) / 2 + (side === 'front' ? i % 3 : 2 - (i % 3)) * w;
            const y = (size[1] - 3 * h) / 2 + Math.floor(i / 3) * h;
            doc.rect(x, y, w, h).stroke();
            if (side === 'back')
              return void doc
                .font('Helvetica')
                .fontSize(14)
                .text(type, x + 10, y + h / 2, { width: w - 20, align: 'center' });
            const body = Object.entries(c)
              .filter(
                ([k, v]) => !['id', 'type', 'title', 'pack', 'effects'].includes(k) && (typeof v === 'string' || typeof v === 'number' || Array.isArray(v)),
              )
              .map(([, v]) => (Array.isArray(v) ? v.join('\n') : String(v)))
              .join('\n');
            doc
              .font('Helvetica-Bold')
              .fontSize(10)
              .text(c.title, x + 8, y + 8, { width: w - 16, height: 40 });
            doc
              .font('Helvetica')
              .fontSize(6.5)
              .text(body, x + 8, y + 50, { width: w - 16, height: h - 58 });
          });
        }
      }
      doc.end();
    }
  }
  await Promise.all(writes);
}
