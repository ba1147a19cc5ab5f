// Compiles the referee page (Vite: referee/ and engine/ into one script and stylesheet) as part of
// npm run compile, so that `npm ci` leaves it ready. It depends on the code alone, never on the
// content (a build adds the game's data afterwards), so it belongs with the compiled command, not
// with what a build makes. Compiled here, the first `npm start` after a fresh clone no longer spends
// 3.4 s on it; a build still compiles it itself if it is missing or its sources have changed since
// (generator/build/referee-bundle.ts keeps it under .cache/referee/ by the hash of its sources).
import { refereeBundle } from '../dist/generator/build/referee-bundle.js';

const t = performance.now();
const bundle = await refereeBundle();
console.log(`compile: referee page ${bundle.fromCache ? 'unchanged' : 'compiled with Vite'} (${Math.round(performance.now() - t)} ms)`);
