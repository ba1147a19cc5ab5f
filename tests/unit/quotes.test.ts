// One quotation style everywhere: authors type straight quotes, the resolved game holds
// typographic ones (generator/load/quotes.ts), and ids, codes, picture paths and effect data are
// left as written. Then the printed decks and the rule book, read back, hold no straight quote.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { BUILT, ROOT } from '../helpers.js';
import { curlyQuotes } from '../../generator/load/quotes.js';
import { loadGame } from '../../generator/load/index.js';

describe('curlyQuotes', () => {
  it.each([
    ["don't", 'don’t'],
    ["Shakespeare's First Folio", 'Shakespeare’s First Folio'],
    ["copies of Archimedes' treatises", 'copies of Archimedes’ treatises'],
    ["'Tis the season", '’Tis the season'],
    ['"Quoted" at the start', '“Quoted” at the start'],
    ["'Single' at the start", '‘Single’ at the start'],
    ['He said "the lot \'Incunable Bibles\' goes under the hammer".', 'He said “the lot ‘Incunable Bibles’ goes under the hammer”.'],
    ['"\'Nested\' at once," she wrote', '“‘Nested’ at once,” she wrote'],
    ["the '90s", 'the ’90s'],
    ['a word—"after a dash"', 'a word—“after a dash”'],
    ['(as "here")', '(as “here”)'],
    ['*"Emphasised"*, in Markdown', '*“Emphasised”*, in Markdown'],
    ['nothing to do', 'nothing to do'],
    ['already “curly” and ’right’', 'already “curly” and ’right’'],
  ])('%s', (typed, printed) => {
    expect(curlyQuotes(typed)).toBe(printed);
  });
});

describe('the loader converts the game once', () => {
  it('prose curly; ids, codes, picture paths and effects as written', async () => {
    const pack = mkdtempSync(join(tmpdir(), 'cc-quotes-'));
    try {
      mkdirSync(join(pack, 'pictures'));
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
        .png()
        .toFile(join(pack, 'pictures', "st-john's.png"));
      writeFileSync(join(pack, 'pack.yaml'), 'id: quote-pack\nname: "A \'Quoted\' Pack"\nextends: codex-conquest\n');
      writeFileSync(
        join(pack, 'chance.yaml'),
        [
          'chance:',
          '  - id: the-printers-devil',
          `    title: "The Printer's \\"Devil\\""`,
          `    text: "'Fetch the type,' says the master; the boy's errand pays."`,
          `    note: "The apprentice who carried type was called the 'printer's devil'."`,
          '    year: 1650',
          `    image: "pictures/st-john's.png"`,
          '    effects:',
          '      - gain: 1',
          '',
        ].join('\n'),
      );
      const { game, diagnostics } = loadGame({ dir: join(ROOT, 'content'), packs: [pack] });
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const card = game!.cards.find((c) => c.id === 'the-printers-devil') as unknown as Record<string, unknown>;
      expect(card.title).toBe('The Printer’s “Devil”');
      expect(card.text).toBe('‘Fetch the type,’ says the master; the boy’s errand pays.');
      expect(card.note).toBe('The apprentice who carried type was called the ‘printer’s devil’.');
      expect(card.image).toBe("pictures/st-john's.png");
      expect(card.effects).toEqual([{ gain: 1 }]);
      expect(game!.packs.find((p) => p.id === 'quote-pack')?.name).toBe('A ‘Quoted’ Pack');
      // Every id and code of the base game is exactly what its YAML says.
      const plain = loadGame({ dir: join(ROOT, 'content') }).game!;
      for (const c of plain.cards) {
        expect(c.id).toMatch(/^[a-z0-9-]+$/);
        expect(c.code).toMatch(/^[A-Z0-9-]+$/);
      }
      // No straight quote survives in anything a card prints.
      for (const c of game!.cards) {
        const f = c as unknown as Record<string, unknown>;
        for (const key of ['title', 'gloss', 'text', 'note', 'author', 'printer', 'place']) {
          if (typeof f[key] === 'string') expect(f[key], `${c.id}.${key}`).not.toMatch(/["']/);
        }
      }
    } finally {
      rmSync(pack, { recursive: true, force: true });
    }
  });
});

describe('printed: every deck and the rule book', () => {
  const pdfs = [...readdirSync(join(BUILT, 'print', 'a4')).map((f) => join(BUILT, 'print', 'a4', f)), join(BUILT, 'rules', 'rules-a4.pdf')];
  it.each(pdfs)('%s has typographic quotes only', (pdf) => {
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    expect(text).not.toMatch(/["']/);
  });
});
