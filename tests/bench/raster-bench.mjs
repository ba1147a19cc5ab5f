// Benchmark: the raster work of a build, one thread, per card. Lays out the base game with a
// generated pack (the scale bench's cards), then on this thread, for each card: paints its
// print-shop canvas (825 × 1125 px), deflates its generic and MakePlayingCards PNGs together, and
// paints its Tabletop Simulator cell (585 × 819 px); and encodes Tabletop Simulator sheets of 34
// cards as JPEG. Each figure is the best of several rounds of CPU time of this thread alone
// (/proc/thread-self/schedstat), since the machine is shared; the JPEG figure is wall time
// (libvips encodes on threads of its own). Prints figures; asserts nothing.
//
//   node tests/bench/raster-bench.mjs [cards] [--dist <folder>]   (default 600 pack cards; dist/)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePack } from './lib/big-pack.mjs';

const root = process.cwd();
const at = process.argv.indexOf('--dist');
const dist = at > 0 ? process.argv[at + 1] : join(root, 'dist');
const cards = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 600);
const mod = (p) => import(join(dist, 'generator', p));

const { loadGame } = await mod('load/index.js');
const { loadLooks } = await mod('print/layout/load.js');
const { layOutDecks } = await mod('print/decks.js');
const { printedTypes } = await mod('print/printed-types.js');
const { paintCard } = await mod('print/raster/paint-card.js');
const { Canvas } = await mod('print/raster/canvas.js');
const { encodePngs } = await mod('print/raster/png.js');
const { SHEET_JPEG } = await mod('print/raster/tasks.js');
const sharp = (await import('sharp')).default;
sharp.cache(false);

const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;

const work = mkdtempSync(join(tmpdir(), 'cc-raster-bench-'));
try {
  writePack(join(work, 'pack'), cards);
  const { game } = loadGame({ dir: join(root, 'content'), packs: [join(work, 'pack')] });
  const looks = loadLooks(join(root, 'templates'));
  const laid = await layOutDecks(game, looks, { cardSize: 'poker', art: new Map() }, printedTypes(game, looks));
  const lists = laid.decks.flatMap((d) => d.cards.map((c) => c.face));
  const pictures = new Map();
  const tags = { dpi: 300, icc: { name: 'sRGB', deflated: new Uint8Array(0) } };
  const png = new Canvas(825, 1125);
  const pngView = (l) => ({ x: -l.bleed, y: -l.bleed, w: l.width + 2 * l.bleed, h: l.height + 2 * l.bleed });
  const whole = { left: 0, top: 0, width: 825, height: 1125 };
  const mpc = { left: 1, top: 1, width: 822, height: 1122 };
  const sheet = new Canvas(7 * 585, 5 * 819);
  const cellOf = (i) => ({ left: (i % 7) * 585, top: Math.floor(i / 7) * 819, width: 585, height: 819 });
  const best = { 'PNG paint': Infinity, 'PNG deflate (pair)': Infinity, 'TTS cell paint': Infinity, 'TTS sheet JPEG (wall)': Infinity };
  let bytes = 0;
  for (let round = 0; round < 3; round++) {
    let paint = 0;
    let deflate = 0;
    let cell = 0;
    let jpeg = 0;
    let sheets = 0;
    bytes = 0;
    for (let i = 0; i < lists.length; i++) {
      const l = lists[i];
      let t = cpu();
      paintCard(png, whole, l, pngView(l), pictures);
      paint += cpu() - t;
      t = cpu();
      for (const b of encodePngs(png, tags, [whole, mpc])) bytes += b.length;
      deflate += cpu() - t;
      t = cpu();
      paintCard(sheet, cellOf(i % 34), l, { x: 0, y: 0, w: l.width, h: l.height }, pictures);
      cell += cpu() - t;
      if (i % 34 === 33 && sheets < 4) {
        const w = performance.now();
        await sharp(sheet.pixels, { raw: { width: sheet.width, height: sheet.height, channels: 3 } })
          .jpeg(SHEET_JPEG)
          .toBuffer();
        jpeg += performance.now() - w;
        sheets++;
      }
    }
    const n = lists.length;
    best['PNG paint'] = Math.min(best['PNG paint'], paint / n);
    best['PNG deflate (pair)'] = Math.min(best['PNG deflate (pair)'], deflate / n);
    best['TTS cell paint'] = Math.min(best['TTS cell paint'], cell / n);
    if (sheets > 0) best['TTS sheet JPEG (wall)'] = Math.min(best['TTS sheet JPEG (wall)'], jpeg / sheets);
  }
  console.log(`raster work on one thread (${lists.length} cards: the base game and ${cards} pack cards; best of 3, ms of CPU)`);
  for (const [k, v] of Object.entries(best))
    console.log(`  ${k.padEnd(24)} ${v.toFixed(2).padStart(7)} ms ${k.includes('JPEG') ? 'a sheet of 34 cards' : 'a card'}`);
  const perCard = best['PNG paint'] + best['PNG deflate (pair)'] + best['TTS cell paint'] + best['TTS sheet JPEG (wall)'] / 34;
  console.log(`  ${'all of a card'.padEnd(24)} ${perCard.toFixed(2).padStart(7)} ms   (${(bytes / lists.length / 2 / 1024).toFixed(0)} KB a PNG)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
