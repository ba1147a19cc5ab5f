// A deck's backs are drawn once in each PDF, as Form XObjects (paint/pdf.ts, PdfForms), and
// placed on every page and in every cell that shows one: the home-print sheets, the print-shop
// PDF and DriveThruCards' all hold one form per distinct back, and a back page still reads as
// the back (its words are found inside the form).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { BUILT } from '../helpers.js';
import { readPages } from './pdf-pages.js';

/** The Form XObjects of the cards' backs in a PDF: forms with the box PdfForms gives (50 mm round the card). */
function backForms(file: string): number {
  const text = readFileSync(file).toString('latin1');
  return [...text.matchAll(/\/Subtype \/Form\s*\/BBox \[-50 -50 /g)].length;
}

/** The decompressed content streams of a PDF's pages, in page order. */
function contents(file: string): string[] {
  const bytes = readFileSync(file);
  const text = bytes.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/\/Contents (\d+) 0 R/g)) {
    const obj = new RegExp(`\\n${m[1]} 0 obj\\n<<[^]*?>>\\nstream\\n`).exec(text);
    if (!obj) continue;
    const start = obj.index + obj[0].length;
    const end = text.indexOf('\nendstream', start);
    out.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
  }
  return out;
}

const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as { cards: { type: string; century?: string }[] };
/** Books have one back a century. */
const bookBacks = new Set(game.cards.filter((c) => c.type === 'book').map((c) => c.century)).size;

describe('backs drawn once a PDF', () => {
  it.each(['print/a4/books.pdf', 'print/letter/books.pdf', 'press/books.pdf', 'press/dtc/books.pdf'])('%s holds one form per distinct back', (f) => {
    expect(bookBacks).toBeGreaterThan(1);
    expect(backForms(join(BUILT, f))).toBe(bookBacks);
  });

  it('a print-shop back page places its form, and reads as the back', async () => {
    const file = join(BUILT, 'press', 'books.pdf');
    const pages = contents(file);
    // Face, back, face, back…: every back page draws its back by its form.
    expect(pages.length).toBeGreaterThan(10);
    for (let i = 1; i < pages.length; i += 2) expect(pages[i], `page ${i + 1}`).toMatch(/\/Card\d+ Do/);
    const { pages: read } = await readPages(file);
    // The letters of the back's words, set with tracking, come out one by one.
    const letters = read[1]!.items
      .map((t) => t.str)
      .join('')
      .replace(/\s+/g, '')
      .toLowerCase();
    expect(letters).toContain('books');
    expect(letters).toContain('codexconquest');
  });
});
