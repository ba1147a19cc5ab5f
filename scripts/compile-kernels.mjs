// Compiles the raster kernels (generator/print/raster/kernels/*.as.ts, AssemblyScript) to
// WebAssembly, dist/raster-kernels.wasm, as part of npm run compile. The compiler is the
// assemblyscript npm package (JavaScript and WebAssembly): nothing native is needed on the machine.
// SIMD is WebAssembly's 128-bit vectors, which every Node.js from 16 runs.
import asc from 'assemblyscript/asc';

const t = performance.now();
const { error, stderr } = await asc.main([
  'generator/print/raster/kernels/kernels.as.ts',
  '--outFile',
  'dist/raster-kernels.wasm',
  '--optimizeLevel',
  '3',
  '--shrinkLevel',
  '0',
  '--runtime',
  'stub',
  '--enable',
  'simd',
  '--noAssert',
]);
if (error) {
  process.stderr.write(`${stderr.toString()}\ncompile: the raster kernels did not compile: ${error.message}\n`);
  process.exit(1);
}
console.log(`compile: raster kernels compiled (${Math.round(performance.now() - t)} ms)`);
