#!/usr/bin/env node
// Runs the compiled command (npm ci and npm start compile it into dist/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/generator/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(compiled))) {
  process.stderr.write('codex-conquest is not compiled yet: run "npm ci" (or "npm run compile") in the project folder first.\n');
  process.exit(2);
}
const { main } = await import(compiled.href);
await main();
