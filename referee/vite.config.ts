// Vite config for the referee page. The build stage (generator/build/referee-bundle.ts) runs Vite
// with this file and caches the result, so `npm start` never needs anything else. For working on
// the page itself: `npm start` once (for the game data), then `npx vite referee` for live reload.
import { defineConfig, type Plugin } from 'vite';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** In `vite` dev mode, serves the game data the last build wrote to out/referee/. */
function builtGameData(): Plugin {
  return {
    name: 'codex-built-game-data',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.split('?')[0]?.replace(/^.*\//, '');
        if (name !== 'game.json' && name !== 'icons.json') return next();
        const file = fileURLToPath(new URL(`../out/referee/${name}`, import.meta.url));
        if (!existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json');
        createReadStream(file).pipe(res);
      });
    },
  };
}

/**
 * zod's JSON Schema writer, left out of the page. The generator turns the content schemas into
 * JSON Schema for editors; the tablet only ever checks data against them, yet every zod schema
 * imports the writer (about 8 KB of the page, gzipped). Each of the writer's exports becomes a
 * stand-in that says it is not here, so a call by mistake fails loudly instead of writing
 * nothing. Taken from zod's own files by path, which is why package.json pins zod exactly.
 */
function withoutJsonSchemaWriter(): Plugin {
  const writer = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/;
  // Factories: zod builds these methods when a schema's '~standard' is read, so they must return
  // the stand-in rather than be it.
  const factories = new Set(['createStandardJSONSchemaMethod', 'createToJSONSchemaMethod']);
  return {
    name: 'codex-without-json-schema-writer',
    apply: 'build',
    load(id) {
      if (!writer.test(id)) return null;
      // The names the real module exports, read from its syntax: every one gets its stand-in.
      const names: string[] = [];
      for (const node of this.parse(readFileSync(id, 'utf8')).body) {
        if (node.type !== 'ExportNamedDeclaration') continue;
        const d = node.declaration;
        if (d?.type === 'VariableDeclaration') for (const v of d.declarations) names.push(v.id.type === 'Identifier' ? v.id.name : '');
        else if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id) names.push(d.id.name);
        for (const s of node.specifiers) names.push(s.exported.type === 'Identifier' ? s.exported.name : String(s.exported.value));
      }
      const lines = [
        "const absent = () => { throw new Error('JSON Schema is written by the generator, not by the referee page'); };",
        ...[...new Set(names.filter(Boolean))].map((n) =>
          n === 'default' ? 'export default absent;' : `export const ${n} = ${factories.has(n) ? '() => absent' : 'absent'};`,
        ),
      ];
      return lines.join('\n');
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative URLs: the same files work served from any folder and inlined into one HTML file.
  base: './',
  // Lit's production build, always: Vite picks a package's "development" build whenever
  // NODE_ENV is not "production" — and the test runner sets it to "test", so a page compiled
  // during the tests (and kept in the bundle cache for the next npm start) carried Lit's dev
  // mode: 13 KB more, its warnings in the console, and slower taps on a tablet.
  resolve: { conditions: ['module', 'browser', 'production'] },
  publicDir: false,
  logLevel: 'warn',
  plugins: [builtGameData(), withoutJsonSchemaWriter()],
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
