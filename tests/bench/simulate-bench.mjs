// Simulator benchmark (a script, not a test): complete games a second on every core, through the
// same worker pool as `codex-conquest simulate` — six-player short games of the codex edition,
// and four-player long games. Each setting is run several times, with a fresh pool (so each run
// pays its threads' start-up and warm-up), because on a shared machine one run says little.
// Usage: npm run compile && node tests/bench/simulate-bench.mjs [games per run] [runs]
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';

const root = resolve(import.meta.dirname, '..', '..');
const { loadGame } = await import(join(root, 'dist', 'generator', 'load', 'index.js'));
const { runSimulation } = await import(join(root, 'dist', 'generator', 'simulate', 'pool.js'));
const { DEFAULT_HABITS } = await import(join(root, 'dist', 'generator', 'simulate', 'watch.js'));
// As the command does: V8's default optimiser budget (bin/codex-conquest.js raises it for builds).
setFlagsFromString('--interrupt-budget=67584');

const { game } = loadGame({ dir: join(root, 'content') });
const games = Number(process.argv[2] ?? 20_000);
const runs = Number(process.argv[3] ?? 3);
const threads = availableParallelism();

async function measure(label, setup, count) {
  const rates = [];
  for (let r = 0; r < runs; r++) {
    const cpu0 = process.cpuUsage();
    const run = await runSimulation({ games: { base: game }, settings: [setup], count, seed: `bench-${r}`, habits: DEFAULT_HABITS, threads });
    const t = run.settings[0].base;
    if (t.moneyBreaks || t.unfinished || t.games !== count) throw new Error(`${label}: ${t.moneyBreaks} money breaks, ${t.unfinished} unfinished`);
    rates.push(count / run.seconds);
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `  ${label}, run ${r + 1}: ${count.toLocaleString('en')} games in ${run.seconds.toFixed(2)} s = ${Math.round(count / run.seconds).toLocaleString('en')} games/s on ${run.threads} threads (this process used ${Math.round(((cpu.user + cpu.system) / 1e6 / run.seconds) * 100)}% of one core on average; load average ${loadavg()[0].toFixed(1)})`,
    );
  }
  const sorted = [...rates].sort((a, b) => a - b);
  console.log(
    `${label}: ${Math.round(sorted[0]).toLocaleString('en')}–${Math.round(sorted[sorted.length - 1]).toLocaleString('en')} games/s (median ${Math.round(sorted[Math.floor(sorted.length / 2)]).toLocaleString('en')}) over ${runs} runs`,
  );
}

console.log(`codex-conquest simulate, ${threads} threads on ${availableParallelism()} cores`);
await measure('6 players, short', { players: 6, edition: 'codex', length: 'short', packs: [] }, games);
await measure('4 players, long', { players: 4, edition: 'codex', length: 'long', packs: [] }, Math.round(games / 2));
