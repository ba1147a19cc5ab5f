// The command as it runs: tsc's output in dist/ bundled into dist/cli/ (npm run compile).
// Node's module loader spends a little time on every module it finds, reads and links, and the
// command's code and libraries are several hundred modules; as a few dozen files, every command
// starts sooner and a build's two threads each load their code in less time (a default build:
// about 0.1 s less).
//
// Left as they are: pdfkit and fontkit (pdfkit reads its font metrics from its own folder and
// must share fontkit with us), sharp (native code) and Vite (used only to rebuild the referee
// page).
import { build } from 'rolldown';

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
// code-version.txt instead of hashing 3 MB (generator/code-version.ts hashes the same way when
// the file is missing).
const { createHash } = await import('node:crypto');
const { readdirSync, readFileSync, writeFileSync } = await import('node:fs');
const h = createHash('sha256');
for (const name of readdirSync('dist/cli').sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  if (/\.[jt]s$/.test(name)) h.update(`${name}\0`).update(readFileSync(`dist/cli/${name}`));
writeFileSync('dist/cli/code-version.txt', `${h.digest('hex')}\n`);
