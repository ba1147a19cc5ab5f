// Benchmark: how long `validate` takes on the full base game. Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../dist/generator/load/index.js';

const root = process.cwd();
const content = join(root, 'content');
const runs = [];
loadGame({ dir: content }); // warm up the module cache
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  const r = loadGame({ dir: content });
  runs.push(performance.now() - t);
  if (!r.game) throw new Error('base content does not validate');
}
runs.sort((a, b) => a - b);
// The command as a teacher runs it, fit check included (every card laid out on every card size):
// with an empty fit cache (the first run after a change to the layouts or the code, or on a new
// checkout), and with the cards remembered from the run before.
const cacheDir = mkdtempSync(join(tmpdir(), 'cc-fit-bench-'));
const run = (fresh) => {
  if (fresh) rmSync(cacheDir, { recursive: true, force: true });
  const t = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'codex-conquest.js'), 'validate', content], {
    encoding: 'utf8',
    env: { ...process.env, CODEX_CONQUEST_FIT_CACHE_DIR: cacheDir },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return performance.now() - t;
};
const cold = [];
const warm = [];
for (let i = 0; i < 5; i++) {
  cold.push(run(true));
  warm.push(run(false));
}
rmSync(cacheDir, { recursive: true, force: true });
cold.sort((a, b) => a - b);
warm.sort((a, b) => a - b);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log(`validate (base game, ${loadGame({ dir: content }).game.cards.length} cards; load average ${load} on ${availableParallelism()} cores)`);
console.log(`  in-process load+check: median ${runs[5].toFixed(0)} ms, best ${runs[0].toFixed(0)} ms (10 runs)`);
console.log(
  `  CLI, fit cache empty:  median ${cold[2].toFixed(0)} ms, best ${cold[0].toFixed(0)} ms (5 runs; every card laid out on 4 sizes; target < 1000 ms)`,
);
console.log(`  CLI, cards remembered: median ${warm[2].toFixed(0)} ms, best ${warm[0].toFixed(0)} ms (5 runs; target < 1000 ms)`);
