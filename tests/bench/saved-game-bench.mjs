// Saved-game benchmark (a script, not a test): how long a large saved game takes to open. The
// promise: under 1 s per 10,000 entries, importing a file and reopening the game after a reload,
// from the checkpoint in the save (not a full replay). Measured for games of 10,000, 40,000 and
// 120,000 entries of two kinds, each a real 6-player long game played by the engine with the
// table's business in between (tests/bench/lib/long-game.mjs): "mixed" (transfers, trades, undo
// and redo, undo back a few lines) and "undo-pairs" (a slip and its undo, again and again).
//
// For each game it prints:
//  - in the engine (Node): replaying the whole log, and opening the file from its checkpoint
//    (reading the file with its check codes, restoring the checkpoint, replaying what follows);
//  - on the real referee page in headless Chromium, served as `codex-conquest referee` serves it:
//    import = the file picked until the game is on screen with every action kept on the tablet;
//    reopen = a reload until the game is on screen again; "checked" = until the replay from the
//    start, done behind the scenes after either, has confirmed the game; and the import of the
//    same game from a file without a checkpoint (older files, other tools), which replays every
//    action. The machine's load average is printed with the figures: on a shared machine they vary.
// Usage: npm run compile && node tests/bench/saved-game-bench.mjs [out-dir] [--sizes 10000,40000] [--kinds mixed] [--runs 3]
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { longGame } from './lib/long-game.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const sizes = option('sizes', '10000,40000,120000').split(',').map(Number);
const kinds = option('kinds', 'mixed,undo-pairs').split(',');
const runs = Number(option('runs', '1'));

const root = resolve(import.meta.dirname, '..', '..');
const outDir = resolve(args[0] ?? (existsSync(join(root, 'out', 'referee')) ? join(root, 'out') : join(root, 'tests', 'artifacts', 'out')));
const refereeDir = join(outDir, 'referee');
if (!existsSync(join(refereeDir, 'index.html')) || !existsSync(join(root, 'dist', 'engine', 'index.js'))) {
  console.error('Run "npm start" (or pass a build folder) and "npm run compile" first.');
  process.exit(1);
}
const engine = await import(join(root, 'dist', 'engine', 'index.js'));
const { serveFolder } = await import(join(root, 'dist', 'generator', 'commands', 'referee-server.js'));
const game = JSON.parse(readFileSync(join(refereeDir, 'game.json'), 'utf8'));
const files = mkdtempSync(join(tmpdir(), 'cc-saved-game-bench-'));

const best = (xs) => Math.min(...xs);
const timed = (f) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** The engine alone: the whole log replayed, and the file opened from its checkpoint. */
function engineFigures(g, text) {
  const replayMs = [];
  const openMs = [];
  for (let i = 0; i < runs; i++) {
    replayMs.push(timed(() => engine.replay(game, g.setup, g.log)));
    openMs.push(
      timed(() => {
        const parsed = engine.parseSavedGame(text);
        if (!parsed.ok || !parsed.checkMatches) throw new Error('the bench wrote a file the engine does not read');
        const from = engine.restoreSaved(game, parsed.saved, parsed.logCodes);
        if (!from.state) throw new Error(`the checkpoint was not used: ${from.problems.join('; ')}`);
        new engine.Replay(game, parsed.saved.log, { state: from.state, done: from.done }).advance();
      }),
    );
  }
  return { replay: best(replayMs), open: best(openMs) };
}

const actionsKept = (page, n) =>
  page.waitForFunction((n) => document.querySelector('codex-referee')?.getAttribute('data-actions') === String(n), n, { timeout: 600_000, polling: 20 });
const onScreen = (page) => page.locator('cc-turn').waitFor({ timeout: 600_000 });
const checked = (page) => page.locator('codex-referee[data-verified]').waitFor({ timeout: 600_000 });

/** Import (file picked from the disk, as a banker picks one), reopen after a reload, and the replays behind the scenes. */
async function pageFigures(browser, url, path, n) {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('codex-referee[data-ready]').waitFor();
  let t = performance.now();
  await page.locator('input[type=file]').first().setInputFiles(path);
  await actionsKept(page, n);
  await onScreen(page);
  const importMs = performance.now() - t;
  await checked(page);
  const importChecked = performance.now() - t;
  t = performance.now();
  await page.reload();
  await page.locator('codex-referee[data-ready]').waitFor({ timeout: 600_000 });
  await onScreen(page);
  const reopenMs = performance.now() - t;
  await checked(page);
  const reopenChecked = performance.now() - t;
  const shown = Number(await page.locator('codex-referee').getAttribute('data-actions'));
  if (shown !== n) throw new Error(`after the reload the page shows ${shown} actions, not ${n}`);
  if ((await page.locator('.notice-problem').count()) > 0) throw new Error(`the page says: ${await page.locator('.notice-problem').innerText()}`);
  await context.close();
  return { importMs, importChecked, reopenMs, reopenChecked };
}

/** Import of a file without a checkpoint: every action replayed. */
async function importWithout(browser, url, path, n) {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('codex-referee[data-ready]').waitFor();
  const t = performance.now();
  await page.locator('input[type=file]').first().setInputFiles(path);
  await actionsKept(page, n);
  await onScreen(page);
  const ms = performance.now() - t;
  await context.close();
  return ms;
}

const rows = [];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const server = await serveFolder(refereeDir, { host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${server.port}/`;
console.log(`load average at the start: ${load()}`);
try {
  for (const kind of kinds) {
    for (const n of sizes) {
      const t = performance.now();
      const g = await longGame(root, game, n, kind);
      const made = performance.now() - t;
      const withCheckpoint = JSON.stringify(engine.toSavedGame(game, engine.RULES_VERSION, g.setup, g.log, '2026-11-24T15:00:00.000Z', g.state));
      const withPath = join(files, `${kind}-${n}.json`);
      const withoutPath = join(files, `${kind}-${n}-no-checkpoint.json`);
      writeFileSync(withPath, withCheckpoint);
      writeFileSync(withoutPath, g.saved);
      const inEngine = engineFigures(g, withCheckpoint);
      const page = [];
      const without = [];
      for (let i = 0; i < runs; i++) {
        page.push(await pageFigures(browser, url, withPath, n));
        without.push(await importWithout(browser, url, withoutPath, n));
      }
      const row = {
        kind,
        entries: n,
        made,
        ...inEngine,
        import: best(page.map((p) => p.importMs)),
        importChecked: best(page.map((p) => p.importChecked)),
        reopen: best(page.map((p) => p.reopenMs)),
        reopenChecked: best(page.map((p) => p.reopenChecked)),
        without: best(without),
        load: load(),
      };
      rows.push(row);
      console.log(
        `${kind} ${n}: import ${Math.round(row.import)} ms, reopen ${Math.round(row.reopen)} ms, without a checkpoint ${Math.round(row.without)} ms (load ${row.load})`,
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(files, { recursive: true, force: true });
}

const ms = (x) => `${Math.round(x).toLocaleString('en')} ms`;
const per10k = (x, n) => `${Math.round((x * 10_000) / n).toLocaleString('en')}`;
const cell = (x, w) => String(x).padEnd(w);
console.log(`\nbest of ${runs}; per 10k = milliseconds per 10,000 entries (the promise: under 1,000 for import and for reopen)`);
console.log(
  [
    cell('game', 18),
    cell('engine: replay all', 19),
    cell('open from checkpoint', 21),
    cell('import', 10),
    cell('per 10k', 8),
    cell('reopen', 10),
    cell('per 10k', 8),
    cell('promise', 8),
    cell('checked (import / reopen)', 26),
    cell('import, no checkpoint', 22),
    cell('per 10k', 8),
    'load average',
  ].join(' '),
);
for (const r of rows) {
  const kept = (r.import * 10_000) / r.entries < 1000 && (r.reopen * 10_000) / r.entries < 1000;
  console.log(
    [
      cell(`${r.kind} ${r.entries / 1000}k`, 18),
      cell(ms(r.replay), 19),
      cell(ms(r.open), 21),
      cell(ms(r.import), 10),
      cell(per10k(r.import, r.entries), 8),
      cell(ms(r.reopen), 10),
      cell(per10k(r.reopen, r.entries), 8),
      cell(kept ? 'kept' : 'BROKEN', 8),
      cell(`${ms(r.importChecked)} / ${ms(r.reopenChecked)}`, 26),
      cell(ms(r.without), 22),
      cell(per10k(r.without, r.entries), 8),
      r.load,
    ].join(' '),
  );
}
