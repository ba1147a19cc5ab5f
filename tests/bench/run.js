// npm run bench: runs every benchmark script in this folder in turn and prints their figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
for (const name of readdirSync(here)
  .filter((f) => f.endsWith('.mjs'))
  .sort()) {
  console.log(`\n== ${name} ==`);
  const r = spawnSync(process.execPath, [join(here, name)], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
