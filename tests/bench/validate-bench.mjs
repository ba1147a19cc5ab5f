// Benchmark: how long `validate` takes on the full base game. Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
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
const cold = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'codex-conquest.js'), 'validate', content], { encoding: 'utf8' });
  cold.push(performance.now() - t);
  if (r.status !== 0) throw new Error(r.stderr);
}
cold.sort((a, b) => a - b);
console.log(`validate (base game, ${loadGame({ dir: content }).game.cards.length} cards)`);
console.log(`  in-process load+check: median ${runs[5].toFixed(0)} ms, best ${runs[0].toFixed(0)} ms (10 runs)`);
console.log(`  CLI, new process:      median ${cold[1].toFixed(0)} ms, best ${cold[0].toFixed(0)} ms (3 runs; target < 1000 ms)`);
