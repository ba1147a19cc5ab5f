// The command as it runs: tsc's output in dist/ bundled into dist/cli/ (npm run compile).
// Node's module loader spends a little time on every module it finds, reads and links, and the
// command's code and libraries are several hundred modules; as a few dozen files, every command
// starts sooner and a build's two threads each load their code in less time (a default build:
// about 0.1 s less).
//
// Left as they are: pdfkit and fontkit (pdfkit reads its font metrics from its own folder and
// must share fontkit with us), sharp (native code) and Vite (used only to rebuild the referee
// page).
import { writeFileSync } from 'node:fs';
import { build } from 'rolldown';
import { CODE_VERSION_FILE, hashCode } from '../dist/generator/code-version.js';

await build({
  input: {
    cli: 'dist/generator/cli.js',
    // Started by file name as worker threads (print/share-client.ts, print/raster/raster-pool.ts, print/fit/fit-start.ts), so they keep their names.
    'share-worker': 'dist/generator/print/share-worker.js',
    'raster-worker': 'dist/generator/print/raster/raster-worker.js',
    'fit-worker': 'dist/generator/print/fit/fit-worker.js',
    // The simulator's threads (simulate/pool.ts), likewise.
    'sim-worker': 'dist/generator/simulate/sim-worker.js',
  },
  platform: 'node',
  external: [/^node:/, 'pdfkit', 'fontkit', 'sharp', 'vite'],
  logLevel: 'warn',
  output: { dir: 'dist/cli', format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js', cleanDir: true },
});

// The caches of the command's results (.cache/fit/, .cache/raster/) are kept under the hash of
// its code. It is taken here, once, as the code is written, so that a run reads it from
// code-version.txt instead of hashing 3 MB; by the project's own hashCode (tsc has just written
// it to dist/), so the file and a run without it hash alike.
writeFileSync(`dist/cli/${CODE_VERSION_FILE}`, `${hashCode('dist/cli')}\n`);
