// Arrows point one way: no file loads a file that (through others) loads it back, and the
// generator's parts (load, print, build, io, commands …) depend on one another in one direction
// only, types included. The engine imports nothing of the generator or the referee.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { compiledImports, cycles, importGraph } from './import-graph.js';

const { files, edges, unfollowed } = importGraph(ROOT, ['engine', 'generator', 'referee']);

/** generator/print/layout/fit.ts → "print"; generator/stage.ts → "stage.ts". */
function area(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'generator' ? parts[1] : undefined;
}

describe('imports', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(150);
    // A few edges known to exist, so a reader that found nothing cannot pass.
    expect(edges).toContainEqual({ from: 'generator/build/run.ts', to: 'generator/io/output.ts', typeOnly: false });
    expect(edges).toContainEqual({ from: 'generator/build/stages.ts', to: 'generator/print/stage-sheets.ts', typeOnly: false });
    expect(edges).toContainEqual({ from: 'generator/stage.ts', to: 'generator/io/output.ts', typeOnly: true });
  });

  it('follows every import: each file parses, and every import() names its file in plain text', () => {
    expect(unfollowed).toEqual([]);
  });

  it('counts as loaded every import the compiler keeps', () => {
    const runtime = new Set(edges.filter((e) => !e.typeOnly).map((e) => `${e.from} → ${e.to}`));
    const kept = compiledImports(ROOT, files);
    expect(kept.length).toBeGreaterThan(300);
    expect(kept.map((e) => `${e.from} → ${e.to}`).filter((e) => !runtime.has(e))).toEqual([]);
  });

  it('finds a cycle however its imports are spelt, and none through types alone', () => {
    // Each pair of files loads the other at run time; the spellings a regular expression missed
    // come first. The last pair imports only types both ways: no cycle.
    const pairs: [string, string, string][] = [
      ['import() with backticks', 'export const a = async () => (await import(`./cyc-b.js`)).b;', "import { a } from './cyc-a.js';\nexport const b = a;"],
      ['an import with no space after "import"', "import'./cyc-b.js';\nexport const a = 1;", "import'./cyc-a.js';\nexport const b = 1;"],
      ['import {} from (the module is still loaded)', "import {} from './cyc-b.js';\nexport const a = 1;", "import {} from './cyc-a.js';\nexport const b = 1;"],
      [
        'an import after a string holding //',
        "const u = 'see //x'; import { b } from './cyc-b.js';\nexport const a = () => [u, b];",
        "import { a } from './cyc-a.js';\nexport const b = () => a;",
      ],
      [
        'an import after a regular expression holding /*',
        "const r = /a\\/*/; import { b } from './cyc-b.js';\nexport const a = () => [r, b];",
        "import { a } from './cyc-a.js';\nexport const b = () => a;",
      ],
      ['static imports both ways', "import { b } from './cyc-b.js';\nexport const a = () => b;", "import { a } from './cyc-a.js';\nexport const b = () => a;"],
      ['re-exports both ways', "export { b } from './cyc-b.js';\nexport const a = 1;", "export * from './cyc-a.js';\nexport const b = 1;"],
      [
        'a default import beside a type',
        "import b, { type B } from './cyc-b.js';\nexport const a = () => b as B;",
        "import { a } from './cyc-a.js';\nexport type B = unknown;\nexport default () => a;",
      ],
      ['import x = require()', "import b = require('./cyc-b.js');\nexport const a = () => b;", "import { a } from './cyc-a.js';\nexport const b = () => a;"],
      ['import() across lines', "export const a = () =>\n  import(\n    './cyc-b.js'\n  );", "import { a } from './cyc-a.js';\nexport const b = a;"],
      ['types only both ways', "import type { B } from './cyc-b.js';\nexport type A = B;", "import { type A } from './cyc-a.js';\nexport type B = A | 1;"],
    ];
    const root = mkdtempSync(join(tmpdir(), 'cc-cycles-'));
    try {
      const found = pairs.map(([what, a, b]) => {
        const dir = join(root, what.replace(/\W+/g, '-'));
        mkdirSync(join(dir, 'engine'), { recursive: true });
        writeFileSync(join(dir, 'engine', 'cyc-a.ts'), a);
        writeFileSync(join(dir, 'engine', 'cyc-b.ts'), b);
        const g = importGraph(dir, ['engine']);
        expect(g.unfollowed, what).toEqual([]);
        return [
          what,
          cycles(
            g.files,
            g.edges.filter((e) => !e.typeOnly),
          ).length > 0,
        ];
      });
      expect(found).toEqual(pairs.map(([what]) => [what, what !== 'types only both ways']));
      // An import() of a name made at run time cannot be followed, and is said to be.
      const dir = join(root, 'computed');
      mkdirSync(join(dir, 'engine'), { recursive: true });
      writeFileSync(join(dir, 'engine', 'cyc-a.ts'), "const name = 'b';\nexport const a = () => import('./cyc-' + name + '.js');\n");
      expect(importGraph(dir, ['engine']).unfollowed).toEqual([{ file: 'engine/cyc-a.ts', line: 2, what: "import('./cyc-' + name + '.js')" }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a cycle when there is one', () => {
    expect(
      cycles(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'c' },
          { from: 'c', to: 'a' },
        ],
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(cycles(['a', 'b'], [{ from: 'a', to: 'b' }])).toEqual([]);
  });

  it('no file loads itself back through its imports', () => {
    expect(
      cycles(
        files,
        edges.filter((e) => !e.typeOnly),
      ),
    ).toEqual([]);
  });

  it("the generator's parts depend on one another one way only, types included", () => {
    const areas = [...new Set(files.map(area).filter((a): a is string => a !== undefined))];
    const between = edges
      .map((e) => ({ from: area(e.from), to: area(e.to) }))
      .filter((e): e is { from: string; to: string } => e.from !== undefined && e.to !== undefined && e.from !== e.to);
    expect(cycles(areas, between)).toEqual([]);
  });

  it('the engine imports nothing of the generator or the referee; the generator nothing of the referee page', () => {
    expect(edges.filter((e) => e.from.startsWith('engine/') && !e.to.startsWith('engine/'))).toEqual([]);
    expect(edges.filter((e) => e.from.startsWith('generator/') && e.to.startsWith('referee/'))).toEqual([]);
  });
});
