// The rule book follows a pack that reshapes the game: a one-lesson pack's book says the game ends
// after the 17th century and lists only the centuries played, its three players and its starting
// credits; a pack seating the Low Countries third has them third in every table and leading the
// 17th century. Both name the pack, its author and description on the cover and in the credits.
// The one-lesson book is printed and read back from the PDF.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

function bookOf(pack?: string) {
  const { game, diagnostics } = loadGame({ dir: 'content', packs: pack ? [join(PACKS, pack)] : [] });
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

// Sentences that name countries or counts must be true for the game's shape: a choice of one
// country is an "or" list, a range whose ends meet is said once, and examples name only countries
// that play. A pack of two countries, written here, is the smallest shape.
function packBook(id: string, lines: string[]) {
  const pack = join(dir, id);
  mkdirSync(pack, { recursive: true });
  writeFileSync(join(pack, 'pack.yaml'), [`id: ${id}`, `name: ${id}`, 'extends: codex-conquest', ...lines, ''].join('\n'));
  const { game, diagnostics } = loadGame({ dir: 'content', packs: [pack] });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return rulebookText(game!).markdown.replace(/\s+/g, ' ');
}
const twoCountryBook = () => packBook('two-countries', ['remove: [spain, france, england, americas]', 'players: { min: 2, max: 2 }']);

describe('the rule book reads right for every shape', () => {
  const late = packBook('from-the-16th', ['remove: [15th]']);
  const base = bookOf();
  const one = bookOf('one-lesson');
  const low = bookOf('low-countries-third');
  const two = twoCountryBook();

  it('offers the countries as a choice, not as a list of all of them', () => {
    expect(one.flat).toContain('the national library of one country: Germany, Italy or Spain.');
    expect(base.flat).toContain('the national library of one country: Germany, Italy, Spain, France, England or the Americas.');
    expect(low.flat).toContain('one country: Germany, Italy, the Low Countries, Spain, France, England or the Americas.');
  });

  it('says a number of MVB books once when every country has the same', () => {
    expect(one.flat).toContain('six books in the game carry the MVB mark, two for each country.');
    expect(one.flat).not.toContain('between two and two');
    expect(base.flat).toContain('carry the MVB mark, between two and three for each country.');
  });

  it('gives examples with countries that are in the game, at every table size', () => {
    for (const { flat } of [base, one, low]) expect(flat).not.toMatch(/French library|English canon/);
    expect(one.flat).toContain('not only your own: a Spanish library may well build an Italian canon.');
    expect(base.flat).toContain('not only your own: a Spanish library may well build an Italian canon.');
    expect(low.flat).toContain('not only your own: a Dutch library may well build an Italian canon.');
    expect(two).toContain('not only your own: an Italian library may well build a German canon.');
  });

  it('asks about the colonies and the Americas only where the Americas play', () => {
    expect(base.flat).toContain('What did the first presses in the colonies print');
    expect(base.flat).toContain('Collectors and libraries in the Americas bought');
    expect(one.flat).not.toContain('presses in the colonies');
    expect(one.flat).not.toContain('libraries in the Americas');
    expect(one.flat).toContain('Newsletters and printed reports began to appear every week.');
  });

  it('names Spain in the 17th-century question about money trouble, whoever leads that century', () => {
    expect(low.flat).toContain('### The 17th century (1600–1699), led by the Low Countries');
    for (const { flat } of [base, one, low]) {
      expect(flat).not.toContain('from a country whose treasury');
      expect(flat).toContain("Some of the century's greatest literature came from Spain, even as its crown went bankrupt again and again.");
    }
    expect(two).not.toContain('greatest literature came from');
    expect(two).toContain('Can a country be rich in books and poor in money at the same time? Look for a library at your table');
  });

  it('seats a second country alone: the other seat, not seats in an order', () => {
    expect(two).toContain('Going clockwise from Germany, the other seat goes to Italy. Seat order');
    expect(base.flat).toContain('the other seats go to Italy, Spain, France, England and the Americas, in that order.');
  });
  it('starts the story with the first century played', () => {
    expect(late).toContain('*Codex Conquest* follows that book from the 16th century to the end of the 20th century:');
    expect(base.flat).toContain('*Codex Conquest* follows that book from its first decades to the end of the 20th century:');
  });
  it('says a used-up pile of national events is skipped, only when some country has fewer events in a century than the long game has rounds', () => {
    const short = packBook('few-events', ['remove: [germany-bible-at-frankfurt, germany-koberger-press]']);
    expect(short).toContain('each country turns over a fresh national event in every round (a country whose pile for the century is used up turns none)');
    expect(base.flat).toContain('each country turns over a fresh national event in every round, and the century');
  });

  it('leaves no blank where Germany would be named in a game without it', () => {
    const noGermany = packBook('no-germany', ['remove: [germany]']);
    expect(noGermany).toContain('“but was that really Italy?”');
    expect(noGermany).not.toMatch(/count for ,|really \?|in two cases/);
    expect(base.flat).toContain('“but was that really Germany?”');
    expect(base.flat).toContain('German-speaking towns of the Empire count for Germany');
  });

  it('counts the worked examples the game could give', () => {
    expect(base.flat).toContain('Three moments from a game, played with real cards');
    expect(one.flat).toContain('## A debt settled with books');
    expect(one.flat).not.toContain('## An auction');
    expect(one.flat).toContain('Two moments from a game, played with real cards');
  });

  it('calls the Americas’ books European reports only in a century before their first press', () => {
    expect(base.flat).toContain('## The Americas in the 15th century');
    expect(base.flat).toContain('are not American books at all');
    expect(late).not.toContain('## The Americas in the 16th century');
    expect(late).not.toContain('are not American books at all');
  });

  it('says a turn draws no more chance cards than the deck holds, only where a chance card draws chance and the deck is shuffled back', () => {
    const again =
      'chance:\n  - id: chance-again\n    title: Luck Upon Luck\n    text: One stroke of luck brings another.\n    note: A test card.\n    year: 1800\n    effects:\n      - draw_chance: 1\n';
    for (const id of ['chance-again', 'chance-again-shuffled']) {
      mkdirSync(join(dir, id), { recursive: true });
      writeFileSync(join(dir, id, 'chance.yaml'), again);
    }
    // Codex draws without putting back, as before: the classic edition, which shuffles back, says it among its differences.
    const classic = packBook('chance-again', []);
    expect(classic).toContain('so a disaster can strike again, but a turn draws no more chance cards than the deck holds (33).');
    expect(classic).not.toContain('nobody draws chance again until the next turn');
    const shuffled = packBook('chance-again-shuffled', ['editions:', '  - id: codex', '    chance_reshuffle: true']);
    expect(shuffled).toContain(
      'A turn draws no more chance cards than the deck holds (33): once that many have been drawn, nobody draws chance again until the next turn, whatever a card says.',
    );
    expect(base.flat).not.toContain('no more chance cards than the deck holds');
  });

  it('says a pack of one card carries its mark in the singular', () => {
    const pack = join(dir, 'one-card');
    mkdirSync(pack, { recursive: true });
    writeFileSync(join(pack, 'pack.yaml'), ['id: one-card', 'name: One Card', 'extends: codex-conquest', 'mark: OC', ''].join('\n'));
    writeFileSync(
      join(pack, 'books.yaml'),
      [
        'books:',
        '  - id: boke-of-st-albans',
        '    title: The Boke of Saint Albans',
        '    author: Anonymous, with a treatise on hunting in verse',
        '    printer: The Schoolmaster Printer',
        '    place: St Albans',
        '    year: 1486',
        '    country: england',
        '    century: 15th',
        '    genre: reference',
        '    value: 5',
        '    note: A book of hawking, hunting and heraldry, from the second press in England.',
        '',
      ].join('\n'),
    );
    const { game, diagnostics } = loadGame({ dir: 'content', packs: [pack] });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const flat = rulebookText(game!).markdown.replace(/\s+/g, ' ');
    expect(flat).toContain('Its one card carries the mark **OC** beside its code.');
    expect(flat).not.toMatch(/one cards/);
    expect(low.flat).toMatch(/Its [a-z0-9-]+ cards carry the mark \*\*[A-Z0-9]+\*\* beside their code\./);
  });

  it('speaks of one century and one lot in the singular', () => {
    const single = packBook('one-century', ['end_after: 15th', 'players: { min: 3, max: 3 }']);
    expect(single).toContain('The whole game is played in one century, the 15th century.');
    expect(single).toContain('Lay the pile face down in front of you.');
    expect(single).toContain('This timeline of a single century is the market.');
    expect(single).toContain('The game has one auction lot of four books:');
    expect(single).toContain('| Auction books | One themed lot of four, released by one national event and sold');
    expect(single).toContain('read, write and publish, in the 15th century;');
    expect(single).not.toMatch(/one centuries|one piles|one auction lots|one in all|from the 15th century to the 15th century/);
    expect(base.flat).toContain('The game passes through six centuries in order, from the 15th century to the 20th century.');
    expect(base.flat).toContain('The game has six auction lots of four books each:');
  });
});

// A game whose tables always seat every country it has, while some cards still name a country it
// left out (England taken out; the Americas join only after the 16th century): the rule for
// paying a missing country must still be printed, and the set-up picture, with only two piles of
// national events, must keep its labels apart.
describe('the rule book of a two-century game with England taken out', () => {
  const pack = join(dir, 'two-centuries');
  mkdirSync(pack, { recursive: true });
  writeFileSync(
    join(pack, 'pack.yaml'),
    ['id: two-centuries', 'name: Two Centuries', 'extends: codex-conquest', 'end_after: 16th', 'remove: [england]', 'players: { min: 4, max: 4 }', ''].join(
      '\n',
    ),
  );
  const { game, diagnostics } = loadGame({ dir: 'content', packs: [pack] });
  const text = rulebookText(game!);
  const flat = text.markdown.replace(/\s+/g, ' ');

  it('says the bank stands in for a country a card names but the game does not have', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(game!.countries.map((c) => c.id)).toEqual(['germany', 'italy', 'spain', 'france']);
    expect(flat).not.toContain('With fewer than');
    expect(flat).toContain(
      'Some cards name a country that is not part of this game. When one of them asks that country to pay or to be paid, the bank takes its place, and a book the card would give it goes back to the market.',
    );
    const base = rulebookText(loadGame({ dir: 'content' }).game!).markdown.replace(/\s+/g, ' ');
    expect(base).toContain(
      'When a card asks a missing country to pay or to be paid, the bank takes its place, and a book the card would give it goes back to the market.',
    );
    expect(base).not.toContain('Some cards name a country that is not part of this game.');
  });

  it('prints the set-up picture before the next chapter begins, on both papers', { timeout: 120_000 }, async () => {
    const figures = await figureKit(game!, text.view, text.figures, text.chapters, loadLooks(), new Map());
    for (const paper of ['a4', 'letter'] as const) {
      const { pdf } = await rulebookPdf(game!, text, paper, loadStyle(), figures);
      const file = join(dir, `two-centuries-${paper}.pdf`);
      writeFileSync(file, pdf);
      const { pages } = await readPages(file, true);
      const at = (match: (i: { str: string; transform: number[] }) => boolean) => {
        const page = pages.findIndex((p) => p.items.some(match));
        return { page, y: page < 0 ? 0 : pages[page]!.items.find(match)!.transform[5]! };
      };
      const caption = at((i) => i.str.includes('The table ready to play'));
      // The chapter's title, set large (the running heads name it small).
      const chapter = at((i) => i.str.includes('Playing a century') && Math.hypot(i.transform[0]!, i.transform[1]!) > 14);
      expect(caption.page, paper).toBeGreaterThanOrEqual(0);
      expect(chapter.page, paper).toBeGreaterThanOrEqual(0);
      // PDF y grows upwards: on a shared page the caption stands above the chapter's title.
      expect(
        caption.page < chapter.page || (caption.page === chapter.page && caption.y > chapter.y),
        `${paper}: the picture comes after chapter 4 begins`,
      ).toBe(true);
    }
  });

  it('keeps the labels of the set-up picture apart', { timeout: 120_000 }, async () => {
    const figures = await figureKit(game!, text.view, text.figures, text.chapters, loadLooks(), new Map());
    const { pdf } = await rulebookPdf(game!, text, 'a4', loadStyle(), figures);
    const file = join(dir, 'two-centuries.pdf');
    writeFileSync(file, pdf);
    const { pages } = await readPages(file, true);
    const page = pages.find((p) => p.items.some((i) => i.str.includes('The table ready to play')));
    expect(page, 'the set-up picture is printed').toBeDefined();
    // The picture's own words (the cards drawn small carry theirs at a point or two, and lots overlap on purpose).
    const runs = page!.items
      .filter((i) => Math.hypot(i.transform[0]!, i.transform[1]!) >= 5 && i.str.trim() !== '')
      .map((i) => ({ str: i.str, x: i.transform[4]!, y: i.transform[5]!, w: (i as { width?: number }).width ?? 0 }));
    const clashes: string[] = [];
    for (let a = 0; a < runs.length; a++)
      for (let b = a + 1; b < runs.length; b++) {
        const [p, q] = [runs[a]!, runs[b]!];
        const across = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
        if (Math.abs(p.y - q.y) < 1 && across > 0.5) clashes.push(`“${p.str}” and “${q.str}”`);
      }
    expect(clashes).toEqual([]);
  });
});
