// Benchmark: the print-shop PNGs' image data. Builds the base game's print-shop export into a
// temporary folder, reads back 60 of its cards' pixels, and deflates each card whole (825 × 1125,
// the generic and The Game Crafter PNG) and cropped (822 × 1122, MakePlayingCards) three ways:
// zlib's level 1 after copying the rows out, as the build did before; deflate-rows.ts one PNG at
// a time; and both PNGs of a card together (deflateRowsPair), as the build does now. Each figure
// is the best of 15 rounds (the machine is shared), per card (both PNGs); sizes are the average
// compressed image data of a PNG. Prints figures; asserts nothing.
//
//   node tests/bench/png-bench.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

const root = process.cwd();
const { deflateRows, deflateRowsPair } = await import(join(root, 'dist', 'generator', 'print', 'raster', 'deflate-rows.js'));
const { Canvas } = await import(join(root, 'dist', 'generator', 'print', 'raster', 'canvas.js'));
const { zlibRows } = await import(join(root, 'dist', 'generator', 'print', 'raster', 'png.js'));

const work = mkdtempSync(join(tmpdir(), 'cc-png-bench-'));
try {
  const out = join(work, 'out');
  const r = spawnSync(
    process.execPath,
    [join(root, 'bin', 'codex-conquest.js'), 'build', '--out', out, '--quiet', '--no-tts', '--no-referee', '--press', 'generic'],
    {
      encoding: 'utf8',
      env: { ...process.env, CODEX_CONQUEST_NO_CACHE: '1' },
    },
  );
  if (r.status !== 0) throw new Error(`the build failed:\n${r.stderr}`);
  const dir = join(out, 'press', 'png');
  const names = readdirSync(dir).filter((f) => f.endsWith('.png'));
  const picked = names.filter((_, i) => i % Math.max(1, Math.floor(names.length / 60)) === 0).slice(0, 60);
  const canvases = [];
  for (const f of picked) {
    const { data, info } = await sharp(join(dir, f)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const c = new Canvas(info.width, info.height);
    c.pixels.set(data);
    canvases.push(c);
  }
  const whole = (c) => ({ left: 0, top: 0, width: c.width, height: c.height });
  const mpc = (c) => ({ left: 1, top: 1, width: c.width - 3, height: c.height - 3 });
  // Both give the same rows back.
  for (const c of canvases) if (!inflateSync(deflateRows(c, mpc(c))).equals(inflateSync(zlibRows(c, mpc(c))))) throw new Error('the two ways differ');
  const apart = (fn) => (c) => [fn(c, whole(c)), fn(c, mpc(c))];
  const ways = {
    'zlib level 1 (before)': apart(zlibRows),
    'deflate-rows, one by one': apart(deflateRows),
    'deflate-rows, the pair (now)': (c) => deflateRowsPair(c, whole(c), mpc(c)),
  };
  const best = {};
  const size = {};
  for (let round = 0; round < 15; round++)
    for (const [name, fn] of Object.entries(ways)) {
      let bytes = 0;
      const t = performance.now();
      for (const c of canvases) for (const z of fn(c)) bytes += z.length;
      const ms = (performance.now() - t) / canvases.length;
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, ms);
      size[name] = bytes / (2 * canvases.length) / 1024;
    }
  console.log(`PNG image data (${canvases.length} base-game cards, whole and cropped; best of 15)`);
  for (const name of Object.keys(ways))
    console.log(`  ${name.padEnd(30)} ${best[name].toFixed(2).padStart(6)} ms a card   ${size[name].toFixed(0).padStart(4)} KB a PNG`);
  const order = Object.keys(ways);
  const before = order[0];
  const now = order.at(-1);
  console.log(`  now ${(best[before] / best[now]).toFixed(2)}× as fast as before, ${((100 * size[now]) / size[before] - 100).toFixed(1)} % more bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
