// Vite config for the referee page. The build stage (generator/build/referee-bundle.ts) runs Vite
// with this file and caches the result, so `npx vite build referee` and `npm start` agree.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative URLs: the same files work served from any folder and inlined into one HTML file.
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    target: 'es2022',
    outDir: fileURLToPath(new URL('../.cache/referee/dev', import.meta.url)),
    emptyOutDir: true,
    // One JS file and one CSS file: the offline single-file copy inlines exactly these two.
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    manifest: true,
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/referee-[hash].js',
        assetFileNames: 'assets/referee-[hash][extname]',
      },
    },
  },
});
