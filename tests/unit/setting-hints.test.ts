// A setting written in the wrong form gets the form that works, and only when it is certain: the
// line a hint suggests is written into game.yaml in place of the mistake and must then validate.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';

const MINI = join(process.cwd(), 'tests', 'fixtures', 'mini-game');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** The mini game with one line of game.yaml replaced; its errors. */
function withLine(find: string, replace: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-setting-'));
  made.push(dir);
  cpSync(MINI, dir, { recursive: true });
  const file = join(dir, 'game.yaml');
  const text = readFileSync(file, 'utf8');
  if (!text.includes(find)) throw new Error(`game.yaml has no ${find}`);
  writeFileSync(file, text.replace(find, replace));
  return loadGame({ dir }).diagnostics.filter((d) => d.severity === 'error');
}

const CASES: [string, string, string][] = [
  ['players: { min: 2, max: 3 }', 'players: 3', 'players: { min: 3, max: 3 }'],
  [
    'playing_time: { short: about an hour, long: an hour and a half to two hours }',
    'playing_time: one lesson',
    'playing_time: { short: "one lesson", long: "one lesson" }',
  ],
  ['colour: "#00806a"', 'colour: orange', 'colour: "#ffa500"'],
  ['emblem: lion', 'emblem: Lion', "'lion'"],
  // Thousands marked as people write them, which YAML reads as text.
  ['starting_credits: 5', 'starting_credits: 1_000', 'starting_credits: 1000'],
  ['starting_credits: 5', 'starting_credits: "1,000"', 'starting_credits: 1000'],
];

describe('a setting in the wrong form', () => {
  for (const [find, wrong, written] of CASES) {
    it(`"${wrong}" is told to write ${written}, which validates`, () => {
      const [error] = withLine(find, wrong);
      expect(error?.hint).toContain(`write ${written}`);
      const fixed = written.startsWith("'") ? wrong.replace(/: .*/, `: ${written.slice(1, -1)}`) : written;
      expect(withLine(find, fixed)).toEqual([]);
    });
  }
  it('a range written as one number is not guessed at where it could be either end (book_values: 12)', () => {
    const [error] = withLine('book_values: { min: 1, max: 12 }', 'book_values: 12');
    expect(error?.message).toMatch(/should be a set of fields/);
    expect(error?.hint ?? '').not.toMatch(/min: 12/);
  });
});
