// The engine has one front door, engine/index.ts: the referee, the command and the simulator
// import the rules from it and never from an inner file, so the engine can be rearranged inside
// without breaking them, and what they rely on is one visible list.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = process.cwd();

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(p).isDirectory() ? files(p) : /\.(ts|mjs|js)$/.test(name) ? [p] : [];
  });
}

/** Every import of an engine file other than the front door, as "file: specifier". */
function backDoors(roots: string[]): string[] {
  const found: string[] = [];
  for (const file of roots.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const spec = m[1]!;
      if (/(^|\/)engine\//.test(spec) && !/(^|\/)engine\/index\.js$/.test(spec)) found.push(`${relative(ROOT, file)}: ${spec}`);
    }
  }
  return found;
}

describe('the engine’s front door', () => {
  it('is the only way into the engine from the command, the simulator and the referee', () => {
    expect(backDoors([join(ROOT, 'generator'), join(ROOT, 'referee', 'src'), join(ROOT, 'scripts')])).toEqual([]);
  });

  it('would catch a back door (the check itself can fail)', () => {
    const found = backDoors([join(ROOT, 'tests', 'unit', 'engine')]);
    // The engine's own unit tests may open its modules directly (the ledger test does).
    expect(found.some((f) => f.includes('engine/ledger.js'))).toBe(true);
  });
});
