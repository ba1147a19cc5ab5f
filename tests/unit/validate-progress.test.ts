// validate on a large pack says what it is doing while it lays every card out (seconds for
// thousands of cards), and a small game's output stays as it was: one summary line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../generator/load/index.js';
import { cli } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'cc-validate-progress-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The base game's own countries and centuries, so the pack's books are all in play.
const base = loadGame({ dir: 'content' }).game!;
const countries = base.countries.map((c) => c.id);
const centuries = base.centuries.map((c) => ({ id: c.id, year: c.from + 10 }));

describe('validate on a large pack', () => {
  it('shows the lay-out step while it runs, with the number of cards', { timeout: 120_000 }, () => {
    const pack = join(work, 'pack');
    const books = Array.from({ length: 2100 }, (_, i) => {
      const century = centuries[i % centuries.length]!;
      return `  - id: many-${i}\n    title: Volume ${i}\n    author: An Author\n    place: Leiden\n    year: ${century.year}\n    country: ${countries[Math.floor(i / centuries.length) % countries.length]}\n    century: ${century.id}\n    genre: science\n    value: ${1 + (i % 9)}\n    note: One of a long series of books.\n`;
    });
    mkdirSync(pack, { recursive: true });
    writeFileSync(join(pack, 'pack.yaml'), 'id: many\nname: Many Books\nextends: codex-conquest\n');
    writeFileSync(join(pack, 'books.yaml'), `books:\n${books.join('')}`);
    const run = cli(['validate', '--pack', pack], { timeout: 110_000, env: { CODEX_CONQUEST_FIT_CACHE_DIR: join(work, 'fit') } });
    expect(run.stderr).toMatch(/^ {2}Laying out all 2,352 cards on every card size, as a build would… done \(\d/m);
    expect(run.stderr).toMatch(/Codex Conquest: 2,352 cards/);
  });

  it('keeps a small game to its summary line', () => {
    const run = cli(['validate']);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/Laying out/);
    expect(run.stderr).toMatch(/^✓ Codex Conquest: 252 cards/m);
  });
});
