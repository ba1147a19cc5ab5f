#!/usr/bin/env node
// Runs the compiled command (npm ci and npm start compile and bundle it into dist/cli/).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// A command runs for a second or two through a great deal of code, most of it only a few times.
// V8's optimising compiler starts on a function early, and in a run this short it spends more
// time compiling (on the other core, competing with the printing thread) than the optimised
// code gives back: a build took 2.2 s with the default and 1.7 s with a budget 15 times larger.
// Functions that really are hot (the PNG and Tabletop Simulator export) are still optimised.
setFlagsFromString('--interrupt-budget=1000000');

const compiled = new URL('../dist/cli/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(compiled))) {
  process.stderr.write('codex-conquest is not compiled yet: run "npm ci" (or "npm run compile") in the project folder first.\n');
  process.exit(2);
}
const { main } = await import(compiled.href);
await main();
