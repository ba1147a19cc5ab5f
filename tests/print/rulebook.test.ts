// The rule book as printed: read back from the PDFs the global build wrote into
// tests/artifacts/out, and checked against the game data in the same build.
import { describe, it, expect, beforeAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT } from '../helpers.js';
import { readPdf, fontsOf, linksOn, normalise, type ReadPdf } from './rulebook-pdf.js';

interface GameJson {
  countries: { id: string; name: string }[];
  centuries: { id: string; name: string; lead: string }[];
  genres: { name: string }[];
  cards: { type: string }[];
  card_types: { type: string; plural: string }[];
  rules: { editions: { id: string; starting_credits: number }[]; default_edition: string };
}

const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as GameJson;
const markdown = readFileSync(join(BUILT, 'rules', 'rules.md'), 'utf8');

/** The plural each card type is listed under in the components table: its name in the registry. */
const LABELS: Record<string, string> = Object.fromEntries(game.card_types.map((t) => [t.type, t.plural.charAt(0).toUpperCase() + t.plural.slice(1)]));

const CHAPTERS = [
  'Overview and objective',
  'Components',
  'Setting up',
  'Playing a century',
  'Debts',
  'Auctions',
  'Trades and sales',
  'Collections and scoring',
  'Long and short play',
  'The classic edition',
  'Worked examples',
  "Designer's notes",
  'For teachers',
  'Credits and licences',
];

const SIZES = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;
/** Chapter headings are set at 25 pt; nothing else in the body is that large. */
const H1_SIZE = 20;

describe.each(['a4', 'letter'] as const)('rule book, %s', (paper) => {
  const file = join(BUILT, 'rules', `rules-${paper}.pdf`);
  let pdf: ReadPdf;
  beforeAll(async () => {
    pdf = await readPdf(file);
  });

  it('has every page at the exact paper size', () => {
    expect(pdf.pages.length).toBeGreaterThan(10);
    for (const p of pdf.pages) {
      expect(Math.abs(p.width - SIZES[paper].width)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(p.height - SIZES[paper].height)).toBeLessThanOrEqual(0.5);
    }
  });

  it('has every chapter, and every heading in its Markdown text', () => {
    const all = normalise(pdf.pages.map((p) => p.text).join('\n'));
    const headings = [...markdown.matchAll(/^#{1,3} (.+)$/gm)].map((m) => normalise(m[1]!.replace(/\[\[icon:[a-z0-9-]+\]\]/g, '').replace(/[*\\]/g, '')));
    for (const chapter of CHAPTERS) expect(headings).toContain(chapter);
    for (const h of headings) expect(all).toContain(h);
  });

  it('names every country and every genre from the game data', () => {
    const all = pdf.pages.map((p) => p.text).join('\n');
    for (const c of game.countries) expect(all).toContain(c.name);
    for (const g of game.genres) expect(all).toContain(g.name);
  });

  it('lists each component with the number of cards of that type in game.json', () => {
    const page = pdf.pages.find((p) => p.lines.some((l) => l.size > H1_SIZE && l.text === 'Components'));
    expect(page, 'the Components chapter').toBeDefined();
    const lines = pdf.pages.slice(pdf.pages.indexOf(page!), pdf.pages.indexOf(page!) + 2).flatMap((p) => p.lines.map((l) => l.text));
    const types = new Set(game.cards.map((c) => c.type));
    expect(types.size).toBeGreaterThan(3);
    for (const type of types) {
      const count = game.cards.filter((c) => c.type === type).length;
      const label = LABELS[type] ?? type;
      expect(
        lines.some((l) => l.startsWith(`${count} ${label}`)),
        `${count} ${label}`,
      ).toBe(true);
    }
  });

  it('prints the lead country of every century', () => {
    const lines = pdf.pages.flatMap((p) => p.lines.map((l) => l.text));
    for (const century of game.centuries) {
      const lead = game.countries.find((c) => c.id === century.lead)!;
      expect(
        lines.some((l) => l.startsWith(century.name) && l.includes(lead.name)),
        `${century.name} led by ${lead.name}`,
      ).toBe(true);
    }
  });

  it('quotes the default edition’s starting credits', () => {
    const edition = game.rules.editions.find((e) => e.id === game.rules.default_edition)!;
    const all = pdf.pages
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(all).toContain(`Each country takes ${edition.starting_credits} credits from the bank`);
  });

  it('embeds its fonts as subsets', () => {
    const fonts = fontsOf(file);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    for (const f of fonts) {
      expect(f.embedded, f.name).toBe(true);
      expect(f.subset, f.name).toBe(true);
      expect(f.name).toMatch(/^[A-Z]{6}\+EBGaramond/);
    }
  });

  it('has a contents list whose page numbers are where the chapters really begin', () => {
    const contents = pdf.pages.findIndex((p) => p.lines.some((l) => l.text === 'Contents' && l.size > H1_SIZE));
    expect(contents).toBe(1);
    // Contents entries: "<n> <chapter title> <page>".
    const entries = new Map<string, number>();
    for (const p of pdf.pages.slice(contents, contents + 2)) {
      for (const l of p.lines) {
        const m = /^(\d+) (.+?) (\d+)$/.exec(l.text);
        if (m && CHAPTERS.includes(normalise(m[2]!))) entries.set(normalise(m[2]!), Number(m[3]));
      }
    }
    expect([...entries.keys()].sort()).toEqual([...CHAPTERS].sort());
    for (const [title, page] of entries) {
      const where = pdf.pages.map((p, i) => (p.lines.some((l) => l.size > H1_SIZE && normalise(l.text) === title) ? i + 1 : -1)).filter((i) => i > 0);
      expect(where, title).toEqual([page]);
    }
  });

  it('links every contents entry to the page its number names', async () => {
    const printed = pdf.pages[1]!.lines.map((l) => /^(\d+) .+? (\d+)$/.exec(l.text)).filter((m): m is RegExpExecArray => m !== null);
    const links = await linksOn(file, 2);
    expect(links.length).toBe(CHAPTERS.length);
    for (const m of printed) expect(links.find((l) => l.dest === `ch-${m[1]}`)?.page, `chapter ${m[1]}`).toBe(Number(m[2]));
  });

  it('never leaves a heading alone at the foot of a page', () => {
    for (const [i, p] of pdf.pages.entries()) {
      if (i === 0) continue; // the cover
      const body = p.lines.filter((l) => l.top < p.height - 60 && l.top > 56);
      body.forEach((l, k) => {
        if (l.size < 15) return;
        const below = body.slice(k + 1).filter((b) => b.size < 15);
        expect(below.length, `page ${i + 1}: "${l.text}" has no text under it`).toBeGreaterThan(0);
      });
    }
  });

  it('numbers its pages', () => {
    pdf.pages.forEach((p, i) => {
      if (i === 0) return;
      const foot = p.lines.filter((l) => l.top > p.height - 60);
      expect(
        foot.map((l) => l.text),
        `page ${i + 1}`,
      ).toContain(String(i + 1));
    });
  });

  it('carries a fixed creation date, so the same content gives the same bytes', () => {
    const date = String(pdf.info.CreationDate ?? '');
    const epoch = process.env.SOURCE_DATE_EPOCH;
    // The same date as the card PDFs: SOURCE_DATE_EPOCH, or 1 January 2000 (generator/print/paint/document.ts).
    const expected = epoch && Number(epoch) > 0 ? new Date(Number(epoch) * 1000) : new Date(Date.UTC(2000, 0, 1));
    const stamp = `D:${expected.getUTCFullYear()}${String(expected.getUTCMonth() + 1).padStart(2, '0')}${String(expected.getUTCDate()).padStart(2, '0')}`;
    expect(date.startsWith(stamp)).toBe(true);
  });
});

describe('rule book text', () => {
  it('is written out as Markdown beside the PDFs', () => {
    expect(existsSync(join(BUILT, 'rules', 'rules.md'))).toBe(true);
    expect(markdown).not.toMatch(/\{\{|\}\}/);
    expect(markdown).not.toMatch(/undefined|\[object Object\]|NaN/);
  });

  it("reads without the PDF's marks: pictures as their captions and parts, rows of cards as codes and titles, no icon names", () => {
    expect(markdown).not.toContain('[[');
    expect(markdown).toMatch(/\*Picture: A book card\.[^*]*\* Its parts: Value: what the book costs/);
    expect(markdown).toMatch(/\*Picture: The table ready to play\.[^*]*\* It shows: World events/);
    // A worked example's cards, by code and title.
    expect(markdown).toMatch(/\b[A-Z]{2}-[A-Z]{3}-\d\d-\d \([^)]+\)/);
  });

  it('is rebuilt byte for byte from the same content', async () => {
    const dist = join(process.cwd(), 'dist', 'generator');
    const { loadGame } = (await import(join(dist, 'load', 'index.js'))) as typeof import('../../generator/load/index.js');
    const { rulebookText, rulebookPdf } = (await import(join(dist, 'print', 'rulebook', 'book.js'))) as typeof import('../../generator/print/rulebook/book.js');
    const { loadStyle } = (await import(join(dist, 'print', 'rulebook', 'style.js'))) as typeof import('../../generator/print/rulebook/style.js');
    const { figureKit } = (await import(
      join(dist, 'print', 'rulebook', 'figures', 'kit.js')
    )) as typeof import('../../generator/print/rulebook/figures/kit.js');
    const { loadLooks } = (await import(join(dist, 'print', 'layout', 'load.js'))) as typeof import('../../generator/print/layout/load.js');
    const { game: loaded, art } = loadGame({ dir: join(process.cwd(), 'content') });
    expect(loaded).toBeDefined();
    const licence = (JSON.parse(readFileSync('package.json', 'utf8')) as { license: string }).license;
    const text = rulebookText(loaded!, { licence });
    const figures = await figureKit(loaded!, text.view, text.figures, text.chapters, loadLooks(), art);
    const { pdf } = await rulebookPdf(loaded!, text, 'a4', loadStyle(), figures);
    expect(pdf.equals(readFileSync(join(BUILT, 'rules', 'rules-a4.pdf')))).toBe(true);
  });
});
