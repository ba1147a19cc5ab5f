// Packs layer on the base game: added countries and cards, replaced and removed cards, all by id.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { cli, ROOT } from '../helpers.js';

const content = join(ROOT, 'content');
const pack = join(ROOT, 'tests', 'fixtures', 'sample-pack');

describe('the sample pack on the base game', () => {
  const { game, diagnostics } = loadGame({ dir: content, packs: [pack] });

  it('validates cleanly', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(game).toBeDefined();
  });

  it("adds the pack's country after the base countries", () => {
    expect(game!.countries.map((c) => c.id)).toEqual(['germany', 'italy', 'spain', 'france', 'england', 'americas', 'low-countries']);
    expect(game!.rules.players.max).toBe(7);
    expect(game!.packs).toEqual([
      { id: 'low-countries', description: 'Adds the printers and libraries of the Low Countries as a seventh player.', mark: 'LC', name: 'The Low Countries' },
    ]);
  });

  it('replaces a card in place, keeping its code', () => {
    const base = loadGame({ dir: content }).game!;
    const oldCode = base.cards.find((c) => c.id === 'chance-sloane-bequest')!.code;
    expect(game!.cards.find((c) => c.id === 'chance-sloane-bequest')).toBeUndefined();
    const replacement = game!.cards.find((c) => c.id === 'chance-plantin-inventory')!;
    expect(replacement.pack).toBe('low-countries');
    expect(replacement.code).toBe(oldCode);
  });

  it('removes a card', () => {
    expect(game!.cards.find((c) => c.id === 'chance-dewey-decimal')).toBeUndefined();
  });

  it("adds the pack's books and events with codes of their own", () => {
    const books = game!.cards.filter((c) => c.type === 'book' && c.country === 'low-countries');
    expect(books.map((b) => b.code)).toEqual(['BK-LOW-16-1', 'BK-LOW-17-1']);
    expect(game!.cards.filter((c) => c.type === 'national-event' && c.country === 'low-countries')).toHaveLength(6);
  });

  it('the CLI validates content + pack with exit code 0', () => {
    const run = cli(['validate', 'content', '--pack', 'tests/fixtures/sample-pack']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('packs: low-countries');
  });
});

describe('command line usage', () => {
  it('exits 2 on an unknown option, with a pointer to --help', () => {
    const run = cli(['validate', '--frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--help');
  });
  it('exits 0 and teaches on --help, with examples', () => {
    for (const cmd of [[], ['validate'], ['build'], ['stats'], ['new-pack']]) {
      const run = cli([...cmd, '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Examples?:/);
    }
  });
  it('a content folder without game.yaml is an error with a hint, not a crash', () => {
    const run = cli(['validate', 'tests/fixtures/sample-pack']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('looks like a pack');
  });
});
