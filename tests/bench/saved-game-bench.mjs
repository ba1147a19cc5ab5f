// Saved-game benchmark (a script, not a test): how long a large saved game takes to check and to
// load — in the engine (parse + every action checked and applied, as `replay` and the page's
// import do), and on the real referee page in headless Chromium: importing the file, and opening
// the page again with the game stored on the tablet. The target: under 1 s per 10,000 entries.
// Usage: npm run compile && node tests/bench/saved-game-bench.mjs [out-dir]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..', '..');
const outDir = resolve(process.argv[2] ?? (existsSync(join(root, 'out', 'referee')) ? join(root, 'out') : join(root, 'tests', 'artifacts', 'out')));
const refereeDir = join(outDir, 'referee');
if (!existsSync(join(refereeDir, 'index.html')) || !existsSync(join(root, 'dist', 'engine', 'index.js'))) {
  console.error('Run "npm start" (or pass a build folder) and "npm run compile" first.');
  process.exit(1);
}
const engine = await import(join(root, 'dist', 'engine', 'index.js'));
const { playGame } = await import(join(root, 'dist', 'generator', 'simulate', 'play.js'));
const { serveFolder } = await import(join(root, 'dist', 'generator', 'commands', 'referee-server.js'));
const game = JSON.parse(readFileSync(join(refereeDir, 'game.json'), 'utf8'));

// A real opening played by the bots, then the banker's corrections (with undos and redos) until
// the log is as long as wanted: every entry is a legal action.
const setup = { players: 6, edition: 'codex', length: 'long', packs: [] };
const policies = Object.fromEntries(game.countries.map((c, i) => [c.id, ['collector', 'value', 'saver'][i % 3]]));
const opening = playGame(game, { setup, seed: 'bench', policies, maxActions: 200 }).log;
function save(n) {
  const log = opening.slice();
  let seq = log.length;
  while (log.length < n) {
    log.push({
      seq: ++seq,
      action: { type: 'transfer', from: 'bank', to: game.countries[log.length % 6].id, amount: 1, note: 'correction' },
      rules: engine.RULES_VERSION,
      at: '2026-11-24T14:00:00.000Z',
    });
    if (log.length % 10 === 0) {
      log.push({ seq: ++seq, action: { type: 'undo' }, rules: engine.RULES_VERSION, at: '2026-11-24T14:00:00.000Z' });
      log.push({ seq: ++seq, action: { type: 'redo' }, rules: engine.RULES_VERSION, at: '2026-11-24T14:00:00.000Z' });
    }
  }
  return JSON.stringify(engine.toSavedGame(game, engine.RULES_VERSION, setup, log.slice(0, n), '2026-11-24T15:00:00.000Z'));
}

const best = (xs) => Math.min(...xs);
const rows = [];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const server = await serveFolder(refereeDir, { host: '127.0.0.1', port: 0 });
try {
  for (const n of [10_000, 40_000]) {
    const text = save(n);
    const engineMs = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const parsed = engine.parseSavedGame(text);
      let state = engine.newGame(game, parsed.saved.setup);
      for (const entry of parsed.saved.log) {
        const r = engine.tryStep(game, state, entry.action);
        if ('refusal' in r) throw new Error(r.refusal);
        state = r.state;
      }
      engineMs.push(performance.now() - t);
    }
    const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.port}/`);
    await page.locator('codex-referee[data-ready]').waitFor();
    let t = performance.now();
    await page.locator('cc-setup input[type=file]').setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.locator('cc-turn').waitFor({ timeout: 120_000 });
    const importMs = performance.now() - t;
    t = performance.now();
    await page.reload();
    await page.locator('codex-referee[data-ready]').waitFor({ timeout: 120_000 });
    await page.locator('cc-turn').waitFor({ timeout: 120_000 });
    const reopenMs = performance.now() - t;
    await context.close();
    rows.push({ entries: n, engine: best(engineMs), import: importMs, reopen: reopenMs });
  }
} finally {
  await browser.close();
  await server.close();
}
const fmt = (x) => `${Math.round(x)} ms`;
console.log('entries   engine check + apply (best of 3)   import on the page   reopen after reload   per 10,000 (page import)');
for (const r of rows)
  console.log(
    `${String(r.entries).padEnd(9)} ${fmt(r.engine).padEnd(34)} ${fmt(r.import).padEnd(20)} ${fmt(r.reopen).padEnd(21)} ${fmt((r.import * 10_000) / r.entries)}`,
  );
