// Countries are told apart at a glance: two that play with the same emblem, or with colours closer
// than ΔE 10 (CIE76, on Lab), are warned about at the later one's field.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { colourDistance } from '../../generator/load/check-settings.js';

const MINI = join(process.cwd(), 'tests', 'fixtures', 'mini-game');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** The mini game's warnings about looks, with England's colour (Italy's is #00806a) and emblem set. */
function looks(colour: string, emblem = 'rose') {
  const dir = mkdtempSync(join(tmpdir(), 'cc-looks-'));
  made.push(dir);
  cpSync(MINI, dir, { recursive: true });
  const file = join(dir, 'game.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace('colour: "#c2410c", emblem: rose', `colour: "${colour}", emblem: ${emblem}`));
  return loadGame({ dir })
    .diagnostics.filter((d) => /emblem as|looks almost the same/.test(d.message))
    .map((d) => `${d.line}:${d.col} ${d.message}`);
}

describe('countries that look alike', () => {
  it('measures colours as CIE76 ΔE', () => {
    expect(colourDistance('#ffffff', '#000000')).toBeCloseTo(100, 1);
    expect(colourDistance('#ff0000', '#00ff00')).toBeCloseTo(170.6, 0);
  });
  it('warns at the colour of a country almost the colour of another', () => {
    expect(looks('#05806c')).toEqual(["10:74 England's colour (#05806c) looks almost the same as Italy's (#00806a)"]);
  });
  it('says nothing of colours that differ clearly (ΔE above 10)', () => {
    expect(colourDistance('#00806a', '#00a080')).toBeGreaterThan(10);
    expect(looks('#00a080')).toEqual([]);
  });
  it('warns at the emblem of a country with the emblem of another', () => {
    expect(looks('#c2410c', 'lion')).toEqual(["10:93 England has the same emblem as Italy ('lion'), so players cannot tell their cards apart by emblem"]);
  });
});
