// Referee benchmark (a script, not a test). Prints measured figures and asserts nothing:
//  - the gzipped size of the page's JS + CSS and of the one-file copy;
//  - cold load to the game on screen, for a new game and for a game of 2,000 actions, at full
//    speed and with the CPU slowed 4× (Chromium's CPU throttling: a typical tablet);
//  - tap to paint on the 2,000-action game, full speed and 4× slower: a real tap on Buy and on
//    Undo, from the tap's timestamp to the first frame painted after the change. The page draws
//    the change while the tablet writes it (strict IndexedDB write, taken back if it fails), so
//    the time until the write is done is reported beside it;
//  - the browser's own floor for the same thing: a blank page whose button, tapped, writes one
//    record to IndexedDB (strict, committed at once as the referee's write is) and then changes a
//    word — no rules, no redraw of ours — once the write is done, and again changing the word as
//    the write starts, as the referee does. Chromium hands a tap to the page ~15 ms after the
//    lift and completes an IndexedDB write started from a tap only after the next frame, so a
//    page that waits for the write pays two to three frames even when it does nothing else;
//  - the engine's own check, step, undo and replay at that size.
// Usage: npm run compile && node tests/bench/referee-bench.mjs [out-dir]   (default: out, else tests/artifacts/out)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { longGame } from './lib/long-game.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const outDir = resolve(process.argv[2] ?? (existsSync(join(root, 'out', 'referee')) ? join(root, 'out') : join(root, 'tests', 'artifacts', 'out')));
const refereeDir = join(outDir, 'referee');
if (!existsSync(join(refereeDir, 'index.html'))) {
  console.error(`No referee page in ${refereeDir}: run "npm start" (or pass the build folder) first.`);
  process.exit(1);
}
if (!existsSync(join(root, 'dist', 'engine', 'index.js'))) {
  console.error('The engine is not compiled: run "npm run compile" first.');
  process.exit(1);
}
const { serveFolder } = await import(join(root, 'dist', 'generator', 'commands', 'referee-server.js'));

const game = JSON.parse(readFileSync(join(refereeDir, 'game.json'), 'utf8'));
const ACTIONS = 2000;
const SLOW = 4;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const worst = (xs) => Math.max(...xs);
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

// ── 1. Size ──────────────────────────────────────────────────────────────────────────────────
const assets = readdirSync(join(refereeDir, 'assets'));
const size = (ext) => assets.filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipSync(readFileSync(join(refereeDir, 'assets', f)), { level: 9 }).length, 0);
const js = size('.js');
const css = size('.css');
const single = readFileSync(join(refereeDir, 'codex-referee.html'));

// ── 2. A 2,000-action game, and the engine alone at that size ────────────────────────────────
const { setup, log, state, saved, engine } = await longGame(root, game, ACTIONS);
const timeIt = (n, f) => {
  const t = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  return median(t);
};
const probe = { type: 'transfer', from: 'bank', to: state.current, amount: 1, note: 'probe' };
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

async function throttle(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/** Navigation start to the game (or the setup screen) drawn: the page marks the moment itself. */
async function loadTime(page, selector) {
  await page.locator(selector).waitFor({ timeout: 120_000 });
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('codex-ready')[0];
    return mark ? mark.startTime : performance.now();
  });
}

async function freshTablet() {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 }, hasTouch: true });
  return { context, page: await context.newPage() };
}

/** Opens a tablet holding the long game, served from the network (no offline cache), at this CPU rate. */
async function tabletWithGame(rate) {
  const { context, page } = await freshTablet();
  await page.goto(url);
  await page
    .locator('cc-setup input[type=file]')
    .first()
    .setInputFiles({ name: 'bench.json', mimeType: 'application/json', buffer: Buffer.from(saved) });
  await page.locator('cc-turn').waitFor({ timeout: 120_000 });
  await page.evaluate(async () => Promise.all((await navigator.serviceWorker.getRegistrations()).map((r) => r.unregister())));
  await page.evaluate(async () => Promise.all((await caches.keys()).map((k) => caches.delete(k))));
  const cdp = await throttle(page, rate);
  await page.goto(url);
  const t = await loadTime(page, 'cc-turn');
  return { context, page, cdp, t };
}

async function coldNew(rate) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const { context, page } = await freshTablet();
    await throttle(page, rate);
    await page.goto(url);
    times.push(await loadTime(page, 'cc-setup'));
    await context.close();
  }
  return median(times);
}

/**
 * Tap to paint: from a real tap's event time — the finger's lift, the timestamp the browser gives
 * the lift (pointerup) and the click it makes of it alike — to the first frame after the page
 * shows the change.
 */
async function tapToPaint(page, locator) {
  await page.evaluate(() => {
    const host = document.querySelector('codex-referee');
    const before = host.getAttribute('data-shown');
    window.__painted = new Promise((done) => {
      let t0 = 0;
      const lifted = (e) => {
        if (!e.isTrusted) return;
        window.removeEventListener('pointerup', lifted, true);
        t0 = e.timeStamp;
        // How long the browser took to hand the lift to the page: not the page's own work.
        window.__delivered = performance.now() - t0;
      };
      // On the window, capturing, registered before the page's own listeners run for this tap.
      window.addEventListener('pointerup', lifted, true);
      const mo = new MutationObserver(async () => {
        if (host.getAttribute('data-shown') === before) return;
        mo.disconnect();
        await host.updateComplete;
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
      });
      mo.observe(host, { attributes: true, attributeFilter: ['data-shown'] });
    });
  });
  await page.locator(locator).first().tap();
  const t = await page.evaluate(() => window.__painted);
  delivered.push(await page.evaluate(() => window.__delivered));
  await page.waitForTimeout(800); // past the page's guards against a double tap
  return t;
}
/** Each tap's delivery time (the lift's timestamp to the page's first pointerup listener). */
let delivered = [];

async function taps(page, rounds) {
  const buy = [];
  const undo = [];
  await page.evaluate(() => performance.clearMeasures());
  delivered = [];
  for (let i = 0; i < rounds; i++) {
    buy.push(await tapToPaint(page, 'cc-turn button.buy:not(.cannot-afford):not([disabled])'));
    undo.push(await tapToPaint(page, 'cc-status button.undo'));
  }
  // The page's own split of each tap: the rules (codex-act), the redraw (codex-draw), and the
  // whole of it up to the write being done (codex-saved), all from the page's first sight of the tap.
  const split = await page.evaluate(() => ({
    act: performance.getEntriesByName('codex-act').map((e) => e.duration),
    draw: performance.getEntriesByName('codex-draw').map((e) => e.duration),
    saved: performance.getEntriesByName('codex-saved').map((e) => e.duration),
  }));
  return { buy, undo, split: { ...split, delivered } };
}

const rows = [];
rows.push(['JS + CSS, gzipped', `${((js + css) / 1024).toFixed(1)} KB (JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB)`]);
rows.push(['one-file copy', `${(single.length / 1024).toFixed(0)} KB (${(gzipSync(single).length / 1024).toFixed(0)} KB gzipped)`]);
rows.push([`engine at ${log.length} actions`, `check ${ms(engineCheck)}, step ${ms(engineStep)}, undo ${ms(engineUndo)}, replay ${ms(engineReplay)}`]);
/**
 * The floor: a blank page, a tap, one strict IndexedDB write, one word changed, timed as the
 * referee's taps are. `during`: the word changes as the write starts (as the referee draws);
 * otherwise only once the write is done.
 */
async function floor(rate, during) {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${url}__floor__`).catch(() => undefined); // any page of this origin: the content is replaced
  await page.setContent('<button id="b" style="width:240px;height:120px">Buy</button><p id="p">0</p>');
  await page.evaluate(
    (during) =>
      new Promise((ready) => {
        const open = indexedDB.open(`floor-${Math.random()}`, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('entries', { keyPath: ['game', 'seq'] });
        open.onsuccess = () => {
          const db = open.result;
          let n = 0;
          document.getElementById('b').addEventListener('pointerup', () => {
            const seq = ++n;
            const show = () => (document.getElementById('p').textContent = String(seq));
            const tx = db.transaction('entries', 'readwrite', { durability: 'strict' });
            tx.objectStore('entries').add({ game: 'g', seq });
            tx.commit(); // as the referee's own write does (referee/src/store/game-store.ts)
            if (during) show();
            else tx.oncomplete = show;
          });
          ready();
        };
      }),
    during,
  );
  await throttle(page, rate);
  const times = [];
  for (let i = 0; i < 8; i++) {
    await page.evaluate(() => {
      window.__painted = new Promise((done) => {
        let t0 = 0;
        window.addEventListener('pointerup', (e) => (t0 = e.timeStamp), { capture: true, once: true });
        new MutationObserver((_, mo) => {
          mo.disconnect();
          requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
        }).observe(document.getElementById('p'), { childList: true });
      });
    });
    await page.locator('#b').tap();
    times.push(await page.evaluate(() => window.__painted));
    await page.waitForTimeout(300);
  }
  await context.close();
  return times;
}

for (const rate of [1, SLOW]) {
  const label = rate === 1 ? 'full speed' : `CPU ${rate}× slower`;
  rows.push([`the browser's floor: blank page, tap → write → paint (${label})`, `${ms(median(await floor(rate, false)))} median`]);
  rows.push([`  the same, painting while it writes (${label})`, `${ms(median(await floor(rate, true)))} median`]);
  rows.push([`cold load, new game (${label})`, `${ms(await coldNew(rate))} median of 3`]);
  const { context, page, t } = await tabletWithGame(rate);
  rows.push([`cold load, ${log.length} actions (${label})`, ms(t)]);
  const { buy, undo, split } = await taps(page, 8);
  rows.push([`tap to paint, Buy (${label})`, `${ms(median(buy))} median, ${ms(worst(buy))} worst of ${buy.length}`]);
  rows.push([`tap to paint, Undo (${label})`, `${ms(median(undo))} median, ${ms(worst(undo))} worst of ${undo.length}`]);
  rows.push([`  of which rules / redraw (${label})`, `${ms(median(split.act))} / ${ms(median(split.draw))} median`]);
  rows.push([`  tap handled → write done (${label})`, `${ms(median(split.saved))} median (the page's sight of the tap to the action kept)`]);
  rows.push([`  the browser handing the tap over (${label})`, `${ms(median(split.delivered))} median (before the page sees the finger lift)`]);
  await context.close();
}
await browser.close();
await server.close();

console.log(`Referee benchmark (${refereeDir}; ${log.length}-action game, 6 players)`);
for (const [label, value] of rows) console.log(`  ${`${label}:`.padEnd(46)} ${value}`);
