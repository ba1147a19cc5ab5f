// The play aids as printed: debt ledger, score sheet and credit tokens, for both papers.
import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT } from '../helpers.js';
import { readPdf, fontsOf } from './rulebook-pdf.js';

interface GameJson {
  countries: { name: string; code: string }[];
}
const game = JSON.parse(readFileSync(join(BUILT, 'game.json'), 'utf8')) as GameJson;

const SIZES = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;
const AIDS = ['debt-ledger', 'score-sheet', 'credit-tokens'] as const;

describe.each(['a4', 'letter'] as const)('play aids, %s', (paper) => {
  it.each(AIDS)('%s exists at the exact paper size with embedded subset fonts', async (aid) => {
    const file = join(BUILT, 'aids', `${aid}-${paper}.pdf`);
    expect(existsSync(file)).toBe(true);
    const pdf = await readPdf(file);
    expect(pdf.pages.length).toBeGreaterThan(0);
    for (const p of pdf.pages) {
      expect(Math.abs(p.width - SIZES[paper].width)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(p.height - SIZES[paper].height)).toBeLessThanOrEqual(0.5);
    }
    for (const f of fontsOf(file)) expect(f.embedded && f.subset, f.name).toBe(true);
  });

  it('score sheet has a row for every country, in each of its tables', async () => {
    const pdf = await readPdf(join(BUILT, 'aids', `score-sheet-${paper}.pdf`));
    const lines = pdf.pages.flatMap((p) => p.lines.map((l) => l.text));
    for (const c of game.countries) expect(lines.filter((l) => l === c.name).length, c.name).toBe(2);
    for (const column of ['Loose books', 'Credits', 'Total']) expect(lines.some((l) => l.includes(column))).toBe(true);
  });

  it('debt ledger has the five columns and a legend of country codes', async () => {
    const pdf = await readPdf(join(BUILT, 'aids', `debt-ledger-${paper}.pdf`));
    const text = pdf.pages.map((p) => p.text).join('\n');
    for (const column of ['Debtor', 'Creditor', 'Amount', 'Reason', 'Settled']) expect(text).toContain(column);
    for (const c of game.countries) expect(text).toContain(`${c.code} ${c.name}`);
  });

  it('the score sheet and debt ledger of each edition state that edition’s rules', async () => {
    const text = async (file: string) =>
      (await readPdf(join(BUILT, 'aids', file))).pages
        .map((p) => p.text)
        .join(' ')
        .replace(/\s+/g, ' ');
    const codexSheet = await text(`score-sheet-${paper}.pdf`);
    expect(codexSheet).toContain('Codex Conquest');
    expect(codexSheet).toContain('Credits: one point for each credit left in the purse.');
    const classicSheet = await text(`score-sheet-classic-${paper}.pdf`);
    expect(classicSheet).toContain('The History of the Book');
    expect(classicSheet).toContain('Credits: score nothing; before the count, leftover credits buy market books, the most valuable library first');
    expect(classicSheet).toContain('(an auction book counts 1)');
    expect(await text(`debt-ledger-${paper}.pdf`)).toContain('books now, closest in value to the debt, which settle it in full; or credits later');
    expect(await text(`debt-ledger-classic-${paper}.pdf`)).toContain('may ask for books worth at least the debt, giving change');
    expect(existsSync(join(BUILT, 'aids', `credit-tokens-classic-${paper}.pdf`))).toBe(false);
  });

  it('credit tokens give one full sheet of 1s and one of 5s', async () => {
    const pdf = await readPdf(join(BUILT, 'aids', `credit-tokens-${paper}.pdf`));
    expect(pdf.pages.length).toBe(2);
    // Each token's numeral is set large; nothing else on the sheet is.
    const numerals = (page: number) => pdf.pages[page]!.lines.filter((l) => l.size > 20).flatMap((l) => l.text.split(' '));
    const ones = numerals(0).filter((w) => w === '1').length;
    expect(ones).toBeGreaterThanOrEqual(60);
    expect(numerals(0).every((w) => w === '1')).toBe(true);
    expect(numerals(1).filter((w) => w === '5').length).toBe(ones);
    // The rule book promises exactly this many.
    const rules = readFileSync(join(BUILT, 'rules', 'rules.md'), 'utf8');
    expect(rules).toContain(`${ones} one-credit and ${ones} five-credit tokens`);
  });
});

describe('play aids are reproducible', () => {
  it('builds the same bytes twice', async () => {
    const dist = join(process.cwd(), 'dist', 'generator');
    const { loadGame } = (await import(join(dist, 'load', 'index.js'))) as typeof import('../../generator/load/index.js');
    const { aidsWords } = (await import(join(dist, 'print', 'aids', 'words.js'))) as typeof import('../../generator/print/aids/words.js');
    const { scoreSheetPdf } = (await import(join(dist, 'print', 'aids', 'score-sheet.js'))) as typeof import('../../generator/print/aids/score-sheet.js');
    const { game: loaded } = loadGame({ dir: join(process.cwd(), 'content') });
    const words = aidsWords(loaded!);
    const again = await scoreSheetPdf(loaded!, words, 'letter');
    expect(again.equals(readFileSync(join(BUILT, 'aids', 'score-sheet-letter.pdf')))).toBe(true);
  });
});
