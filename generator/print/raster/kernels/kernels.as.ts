// AssemblyScript: the entry of the raster kernels, compiled to dist/cli/raster-kernels.wasm by
// scripts/compile-kernels.mjs (npm run compile) and loaded by ../kernels.ts on each raster
// thread. The module keeps nothing on a heap of its own: every buffer it works on is laid out
// by ../kernels.ts above `heapBase()`, in the one memory both sides see.
export * from './deflate.as';
export * from './paint.as';

/** The first byte after the module's own data: the memory above it is the caller's. */
export function heapBase(): usize {
  return __heap_base;
}
