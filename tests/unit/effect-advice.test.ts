// An effect that loads but would not do what its card says gets a warning at the field to change:
// a cap ("max") without "per" (the amount never changes, so the card's "+5 (at most 3)" always
// means 3), and a cap below one book's amount (the count of books never matters).
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';

const MINI = join(process.cwd(), 'tests', 'fixtures', 'mini-game');
const LINE = '      - gain: 2\n'; // the first effect of germany-press in events.yaml

/** The warnings and errors of the mini game with the first effect of germany-press written as `effect`. */
function diagnosticsWith(effect: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cc-advice-'));
  try {
    cpSync(MINI, dir, { recursive: true });
    const file = join(dir, 'events.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(LINE, `      - ${effect}\n`));
    const line = text.slice(0, text.indexOf(LINE)).split('\n').length;
    return { line, diagnostics: loadGame({ dir }).diagnostics };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a cap that does nothing the card suggests', () => {
  it.each([
    ['{ gain: 5, max: 3 }', 'a cap only matters with "per": without it the amount is always 3', 'write the amount as 3 and leave "max" out'],
    ['{ pay: 2, max: 4 }', 'a cap only matters with "per": without it the amount is always 2', 'leave "max" out, or add "per" to count books'],
    [
      '{ pay: 3, per: { genre: science }, max: 2 }',
      'the cap of 2 is below the 3 for a single book, so the count of books never matters',
      'raise "max" to 3 or more',
    ],
  ])('%s: a warning at its max, with what to write', (effect, message, fix) => {
    const { line, diagnostics } = diagnosticsWith(effect);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const warning = diagnostics.find((d) => d.severity === 'warning' && d.message === message);
    expect(warning, JSON.stringify(diagnostics, null, 1)).toBeDefined();
    expect(warning!.hint).toContain(fix);
    expect([warning!.file?.endsWith('/events.yaml'), warning!.line]).toEqual([true, line]);
  });

  it.each(['{ gain: 1, per: { genre: science }, max: 3 }', '{ pay: 2, per: { genre: religion }, max: 2 }', '{ gain: 2 }'])('%s: no warning', (effect) => {
    const { diagnostics } = diagnosticsWith(effect);
    expect(diagnostics.filter((d) => /cap/.test(d.message))).toEqual([]);
  });
});
