// The rule book follows a pack that reshapes the game: a one-lesson pack's book says the game ends
// after the 17th century and lists only the centuries played, its three players and its starting
// credits; a pack seating the Low Countries third has them third in every table and leading the
// 17th century. Both name the pack, its author and description on the cover and in the credits.
// The one-lesson book is printed and read back from the PDF.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGame } from '../../generator/load/index.js';
import { rulebookPdf, rulebookText } from '../../generator/print/rulebook/book.js';
import { loadStyle } from '../../generator/print/rulebook/style.js';
import { figureKit } from '../../generator/print/rulebook/figures/kit.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { readPages } from './pdf-pages.js';

const PACKS = join(process.cwd(), 'tests', 'fixtures', 'packs');
const dir = mkdtempSync(join(tmpdir(), 'cc-rulebook-packs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bookOf(pack: string) {
  const { game, diagnostics } = loadGame({ dir: 'content', packs: [join(PACKS, pack)] });
  expect(diagnostics).toEqual([]);
  const text = rulebookText(game!);
  return { game: game!, text, flat: text.markdown.replace(/\s+/g, ' ') };
}

describe('the rule book of a one-lesson pack', () => {
  const { game, text, flat } = bookOf('one-lesson');

  it('ends the game after the 17th century and lists only the centuries played', () => {
    expect(flat).toContain('The game ends after the 17th century');
    expect(flat).toContain('from the 15th century to the 17th century');
    const rows = text.markdown.split('\n').filter((l) => /^\| \*\*\d+th century\*\* \|/.test(l));
    expect(rows.map((r) => r.match(/\*\*(\d+th century)\*\*/)![1])).toEqual(['15th century', '16th century', '17th century']);
    for (const later of ['18th century', '19th century', '20th century']) expect(text.markdown).not.toContain(`| **${later}**`);
  });

  it('is for three players, with the pack’s starting credits and playing time', () => {
    expect(flat).toContain('The game is played by three players');
    expect(flat).toContain('Each country takes 6 credits from the bank to start with.');
    expect(flat).toContain('one lesson of about fifty minutes');
    expect(flat).not.toContain('With fewer than');
  });

  it('counts only the cards in the game', () => {
    const books = game.cards.filter((c) => c.type === 'book').length;
    expect(books).toBe(18);
    expect(flat).toContain(`| ${books} | Books |`);
  });

  it('names the pack, its author and description on the cover and in the credits', () => {
    expect(text.cover.lines).toContain('With *One Lesson* by Ms. Okafor, Year 9 History');
    expect(flat).toContain(
      '**One Lesson**, by Ms. Okafor, Year 9 History. Three teams play the first three centuries of print in a single fifty-minute lesson.',
    );
  });

  it('says all this in the printed PDF too', { timeout: 120_000 }, async () => {
    const figures = await figureKit(game, text.view, text.figures, text.chapters, loadLooks(), new Map());
    const { pdf } = await rulebookPdf(game, text, 'a4', loadStyle(), figures);
    const file = join(dir, 'one-lesson.pdf');
    writeFileSync(file, pdf);
    const { pages } = await readPages(file, true);
    const printed = pages
      .flatMap((p) => p.items.map((i) => i.str))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(printed).toContain('ends after the 17th century');
    expect(printed).toContain('One Lesson');
    expect(printed).toContain('Ms. Okafor');
    expect(printed).not.toMatch(/\b(18th|19th|20th) century\b.*\|/);
  });
});

describe('the rule book of a pack seating the Low Countries third', () => {
  const { flat } = bookOf('low-countries-third');

  it('seats them third at every table and has them lead the 17th century', () => {
    expect(flat).toContain('the other seats go to Italy, the Low Countries, Spain, France, England and the Americas, in that order');
    expect(flat).toContain('| 3 | Germany, Italy and the Low Countries |');
    expect(flat).toMatch(/\| \*\*17th century\*\* \| 1600–1699 \| The Low Countries \| LOW · /);
  });
});
