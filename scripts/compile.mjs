// npm run compile: TypeScript → dist/ (tsc), the command bundled into dist/cli/ (bundle.mjs), the
// templates compiled ahead (precompile-templates.mjs), the referee page compiled by Vite
// (compile-referee.mjs), the raster kernels compiled to WebAssembly (compile-kernels.mjs). `npm start` and `npm test` run it
// first, and it took 2.5 s — as long as the build itself — even when nothing had changed. So it
// keeps a fingerprint of everything it reads (the sources, the scripts, the chapter templates,
// the TypeScript settings and the installed packages) in dist/, and does nothing when that is
// unchanged. A failed step writes no fingerprint, so the next run compiles again.
//
//   node scripts/compile.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.compiled-from');
const INPUTS = ['engine', 'generator', 'referee', 'scripts', 'templates', 'tsconfig.json', 'package.json', 'package-lock.json'];
// What the compiled command needs in dist/: without one of them, compile again whatever the fingerprint says.
const OUTPUTS = ['dist/cli/cli.js', 'dist/raster-kernels.wasm', 'dist/compiled-templates.json', 'dist/generator/cli.js', 'dist/engine/index.js'];

function fingerprint() {
  const h = createHash('sha256').update(process.version);
  const add = (path) => {
    const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const p = join(path, e.name);
      if (e.isDirectory()) add(p);
      else if (e.isFile()) h.update(relative(root, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  for (const input of INPUTS) {
    const p = join(root, input);
    if (!existsSync(p)) continue;
    if (input.includes('.')) h.update(input).update('\0').update(readFileSync(p)).update('\0');
    else add(p);
  }
  return h.digest('hex');
}

function step(label, args) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`compile: ${label} failed (see above); nothing else was compiled.\n`);
    process.exit(r.status ?? 1);
  }
}

const force = process.argv.includes('--force');
const now = fingerprint();
const ready = OUTPUTS.every((f) => existsSync(join(root, f)));
if (!force && ready && existsSync(stamp) && readFileSync(stamp, 'utf8') === now) {
  console.log('compile: nothing changed since the last compile (node scripts/compile.mjs --force compiles anyway)');
  process.exit(0);
}
rmSync(stamp, { force: true });
step('TypeScript', [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
step('compiling the raster kernels', ['scripts/compile-kernels.mjs']);
step('bundling the command', ['scripts/bundle.mjs']);
step('compiling the templates', ['scripts/precompile-templates.mjs']);
step('compiling the referee page', ['scripts/compile-referee.mjs']);
writeFileSync(stamp, now);
