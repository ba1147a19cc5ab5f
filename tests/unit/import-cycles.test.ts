// Arrows point one way: no file loads a file that (through others) loads it back, and the
// generator's parts (load, print, build, io, commands …) depend on one another in one direction
// only, types included. The engine imports nothing of the generator or the referee.
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { cycles, importGraph } from './import-graph.js';

const { files, edges } = importGraph(ROOT, ['engine', 'generator', 'referee']);

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
