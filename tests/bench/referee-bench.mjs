// Referee benchmark (a script, not a test): prints
//  - the gzipped size of the page's JS + CSS,
//  - cold load to interactive in headless Chromium, for a new game and for a game of 2,000 actions,
//  - one action + re-render on a 2,000-action game (tap to screen, including the strict IndexedDB
//    write), and the engine's own check + step and undo at that size.
// Usage: npm run compile && node tests/bench/referee-bench.mjs [out-dir]   (default: out, else tests/artifacts/out)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..', '..');
const outDir = resolve(process.argv[2] ?? (existsSync(join(root, 'out', 'referee')) ? join(root, 'out') : join(root, 'tests', 'artifacts', 'out')));
const refereeDir = join(outDir, 'referee');
if (!existsSync(join(refereeDir, 'index.html'))) {
  console.error(`No referee page in ${refereeDir}: run "npm start" (or pass the build folder) first.`);
  process.exit(1);
}
const dist = join(root, 'dist');
if (!existsSync(join(dist, 'engine', 'game', 'index.js'))) {
  console.error('The engine is not compiled: run "npm run compile" first.');
  process.exit(1);
}
const engine = await import(join(dist, 'engine', 'game', 'index.js'));
const read = await import(join(dist, 'engine', 'game', 'read.js'));
const { serveFolder } = await import(join(dist, 'generator', 'commands', 'referee-server.js'));

const game = JSON.parse(readFileSync(join(refereeDir, 'game.json'), 'utf8'));
const ACTIONS = 2000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

// ── 1. Size ──────────────────────────────────────────────────────────────────────────────────
const assets = readdirSync(join(refereeDir, 'assets'));
const size = (ext) => assets.filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipSync(readFileSync(join(refereeDir, 'assets', f)), { level: 9 }).length, 0);
const js = size('.js');
const css = size('.css');
const single = readFileSync(join(refereeDir, 'codex-referee.html'));

// ── 2. A 2,000-action game, played by the engine ─────────────────────────────────────────────
function nextGameAction(state) {
  const choose = state.prompts.find((p) => p.kind === 'choose-book');
  if (choose) return { type: 'choose-book', country: choose.country, cards: choose.candidates.slice(0, choose.count) };
  if (state.openAuctions.length) return { type: 'auction', lot: state.openAuctions[0], sales: [] };
  const chance = state.prompts.find((p) => p.kind === 'draw-chance');
  const deck = read.drawableChance(game, state);
  if (chance && deck.length) return { type: 'play-card', country: chance.country, code: deck[0].code };
  if (state.phase === 'national-events' && !state.eventPlayed) {
    const card = read.unplayedNationalEvents(game, state, state.current)[0];
    if (card) return { type: 'play-card', country: state.current, code: card.code };
  }
  if (state.phase === 'world-event' && !state.eventPlayed) {
    const card = read.worldEventOf(game, state)[0];
    if (card) return { type: 'play-card', country: null, code: card.code };
  }
  if (state.phase === 'market' && !state.rolled && !state.skipping) return { type: 'roll', country: state.current, face: 3 };
  return { type: 'end-turn' };
}

const setup = { players: 6, edition: game.rules.default_edition, length: 'long', packs: [] };
let state = engine.newGame(game, setup);
const log = [];
const record = (action) => {
  const why = engine.check(game, state, action);
  if (why) throw new Error(`bench log: ${JSON.stringify(action)} refused: ${why}`);
  log.push({ seq: state.nextSeq, action, rules: engine.RULES_VERSION, at: new Date(Date.UTC(2026, 0, 1, 10, 0, log.length)).toISOString() });
  state = engine.step(game, state, action);
};
// Game actions with table business in between (credits moved by hand, a few undos and redos),
// stopping mid-game so the page shows a live turn.
while (log.length < ACTIONS) {
  record(nextGameAction(state));
  for (let i = 0; i < 14 && log.length < ACTIONS; i++) {
    const c = state.table.players[i % state.table.players.length];
    if (i === 7 && log.length % 5 === 0) {
      record({ type: 'undo' });
      if (log.length < ACTIONS) record({ type: 'redo' });
    } else
      record(i % 2 ? { type: 'transfer', from: c, to: 'bank', amount: 1, note: 'bench' } : { type: 'transfer', from: 'bank', to: c, amount: 1, note: 'bench' });
  }
  if (state.phase === 'over') throw new Error('bench log: the game ended before 2,000 actions');
}
const saved = (() => {
  const body = { game: { id: game.id, name: game.name }, rules: engine.RULES_VERSION, setup, log };
  const check = createHash('sha256')
    .update(JSON.stringify([body.game.id, body.rules, body.setup, body.log]))
    .digest('hex');
  return JSON.stringify({ format: 'codex-conquest-referee-game', version: 1, ...body, saved: new Date().toISOString(), check });
})();

// The engine alone, at 2,000 actions: the part of a tap that is rules, not screen.
const timeIt = (n, f) => {
  const t = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  return median(t);
};
const probe = { type: 'transfer', from: 'bank', to: state.table.players[0], amount: 1, note: 'probe' };
const engineStep = timeIt(50, () => engine.step(game, state, probe));
const engineCheck = timeIt(50, () => engine.check(game, state, probe));
const engineUndo = timeIt(5, () => engine.step(game, state, { type: 'undo' }));
const engineReplay = timeIt(3, () => engine.replay(game, setup, log));

// ── 3. In Chromium ───────────────────────────────────────────────────────────────────────────
const server = await serveFolder(refereeDir, { host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${server.port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function coldLoad(withGame) {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  if (withGame) {
    await page.goto(url);
    await page.locator('cc-setup input[type=file]').setInputFiles({ name: 'bench.json', mimeType: 'application/json', buffer: Buffer.from(saved) });
    await page.locator('cc-turn').waitFor({ timeout: 60_000 });
    // Served from the network again, not from the offline cache: a cold start of the page.
    await page.evaluate(async () => Promise.all((await navigator.serviceWorker.getRegistrations()).map((r) => r.unregister())));
    await page.evaluate(async () => Promise.all((await caches.keys()).map((k) => caches.delete(k))));
  }
  await page.goto(url);
  await page.locator(withGame ? 'cc-turn' : 'cc-setup').waitFor({ timeout: 60_000 });
  const t = await page.evaluate(() => performance.now()); // since navigation start
  return { t, context, page };
}

const coldNew = [];
for (let i = 0; i < 5; i++) {
  const { t, context } = await coldLoad(false);
  coldNew.push(t);
  await context.close();
}
const { t: coldGame, context, page } = await coldLoad(true);

// One action + re-render, tap to screen, on the 2,000-action game.
const tap = await page.evaluate(async () => {
  const host = document.querySelector('codex-referee');
  const players = [...document.querySelectorAll('cc-balances li[data-country]')].map((li) => li.getAttribute('data-country'));
  const times = [];
  for (let i = 0; i < 30; i++) {
    const before = Number(host.getAttribute('data-actions'));
    const action =
      i % 2
        ? { type: 'transfer', from: players[0], to: 'bank', amount: 1, note: 'bench' }
        : { type: 'transfer', from: 'bank', to: players[0], amount: 1, note: 'bench' };
    const t0 = performance.now();
    const changed = new Promise((done) => {
      const mo = new MutationObserver(() => {
        if (Number(host.getAttribute('data-actions')) > before) {
          mo.disconnect();
          done();
        }
      });
      mo.observe(host, { attributes: true, attributeFilter: ['data-actions'] });
    });
    host.dispatchEvent(new CustomEvent('referee-act', { detail: action, bubbles: true }));
    await changed;
    await host.updateComplete;
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 700)); // past the double-tap window
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1] };
});
const logTab = await page.evaluate(async () => {
  const t0 = performance.now();
  document.querySelector('#tab-log').click();
  await document.querySelector('codex-referee').updateComplete;
  await document.querySelector('cc-log')?.updateComplete;
  return performance.now() - t0;
});
await context.close();
await browser.close();
await server.close();

const rows = [
  ['JS + CSS, gzipped', `${((js + css) / 1024).toFixed(1)} KB (JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB; target < 100 KB)`],
  ['one-file copy', `${(single.length / 1024).toFixed(0)} KB (${(gzipSync(single).length / 1024).toFixed(0)} KB gzipped)`],
  ['cold load to interactive, new game', `${ms(median(coldNew))} median of 5 (target < 1 s)`],
  [`cold load, resuming ${log.length} actions`, ms(coldGame)],
  [`one action + re-render at ${log.length}`, `${ms(tap.median)} median, ${ms(tap.worst)} worst of 30 (tap to screen, incl. the strict IndexedDB write)`],
  [`engine at ${log.length} actions`, `check ${ms(engineCheck)}, step ${ms(engineStep)}, undo ${ms(engineUndo)}, replay ${ms(engineReplay)}`],
  [`opening the Log tab at ${log.length}`, ms(logTab)],
];
console.log(`Referee benchmark (${refereeDir})`);
for (const [label, value] of rows) console.log(`  ${`${label}:`.padEnd(42)} ${value}`);
