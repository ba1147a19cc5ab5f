// The rule book's pictures, read back from the built PDFs: the card anatomies with their
// callouts, the table laid out for play, and the worked examples drawn as the very cards they
// talk about — each found on its page by its words and by the drawings on it (the cards' icons
// are Form XObjects). And no page is left holding only a short tail of a chapter.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readFileSync } from 'node:fs';
import { BUILT, ROOT } from '../helpers.js';
import { readPdf, type ReadPdf } from './rulebook-pdf.js';
import { loadGame } from '../../generator/load/index.js';
import { rulebookText } from '../../generator/print/rulebook/book.js';
import { cardCodesIn } from '../../generator/print/rulebook/markdown.js';
import { loadStyle } from '../../generator/print/rulebook/style.js';
import { paginate } from '../../generator/print/rulebook/paginate.js';
import { curlyQuotes } from '../../generator/load/quotes.js';
import { pickCard } from '../../generator/print/rulebook/figures/book-cards.js';
import { loadLooks } from '../../generator/print/layout/load.js';
import { box, glue, type Item } from '../../generator/print/rulebook/items.js';

const game = loadGame({ dir: join(ROOT, 'content') }).game!;
const text = rulebookText(game);
const style = loadStyle();
const PAPERS = ['a4', 'letter'] as const;

/** Form XObjects drawn on each page (a card's icons are drawn as one each). */
async function formsPerPage(file: string): Promise<number[]> {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(file)), useSystemFonts: false, isEvalSupported: false }).promise;
  const out: number[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const ops = await (await pdf.getPage(i)).getOperatorList();
    out.push(ops.fnArray.filter((f) => f === OPS.paintFormXObjectBegin).length);
  }
  await pdf.destroy();
  return out;
}

/** A label as printed: no Markdown, typographic quotes (the book converts them as it sets them). */
const plain = (markdown: string) => curlyQuotes(markdown).replace(/\*+/g, '').replace(/\s+/g, ' ').trim();
/**
 * Whether every word of a label is on the page. A label beside a card shares its baselines with
 * the card's own text and with the labels across it, so its lines are read back interleaved.
 */
function printed(page: ReadPdf['pages'][number], label: string): string[] {
  const words = new Set(flowing(page).split(/[\s,.:;]+/));
  return plain(label)
    .split(/[\s,.:;]+/)
    .filter((w) => w && !words.has(w));
}

/** Page text with its line breaks (and the hyphens that made them) undone. */
const flowing = (page: ReadPdf['pages'][number]) =>
  page.lines
    .map((l) => l.text)
    .join(' ')
    .replace(/(\p{L})- (\p{L})/gu, '$1$2');

const books = new Map<string, { pdf: ReadPdf; forms: number[] }>();
async function book(paper: (typeof PAPERS)[number]) {
  if (!books.has(paper)) {
    const file = join(BUILT, 'rules', `rules-${paper}.pdf`);
    books.set(paper, { pdf: await readPdf(file), forms: await formsPerPage(file) });
  }
  return books.get(paper)!;
}

describe.each(PAPERS)('rule book pictures (%s)', (paper) => {
  it.each(Object.entries(text.figures.anatomy))('the %s anatomy: the card drawn, every part named beside it', async (_name, anatomy) => {
    const { pdf, forms } = await book(paper);
    const at = pdf.pages.findIndex((p) => flowing(p).includes(plain(anatomy.caption).slice(0, 40)));
    expect(at, 'the caption is printed').toBeGreaterThan(0);
    for (const c of anatomy.callouts) expect(printed(pdf.pages[at]!, c.label), `${c.part}: words missing`).toEqual([]);
    // The card itself: its code and title are printed, its icons drawn (each a Form XObject).
    const card = pickCard(game, loadLooks(), anatomy.card)!;
    expect(flowing(pdf.pages[at]!)).toContain(card.code);
    expect(printed(pdf.pages[at]!, card.title), 'the card’s title').toEqual([]);
    expect(forms[at]).toBeGreaterThanOrEqual(3);
  });

  it('the card the anatomy shows may carry its own picture: the book still builds and the callout names the picture', async () => {
    const { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { default: sharp } = await import('sharp');
    const { cli } = await import('../helpers.js');
    const dir = mkdtempSync(join(tmpdir(), 'cc-anatomy-'));
    try {
      cpSync(join(ROOT, 'content'), join(dir, 'content'), { recursive: true });
      const game = loadGame({ dir: join(dir, 'content') }).game!;
      const card = pickCard(game, loadLooks(), { type: 'book', mvb: true })!;
      await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a5a3a' } })
        .png()
        .toFile(join(dir, 'content', 'anatomy.png'));
      const files = readdirSync(join(dir, 'content'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
      const file = files.find((f) => readFileSync(join(dir, 'content', f), 'utf8').includes(`- id: ${card.id}\n`))!;
      const depth = file.split('/').length - 1;
      const text = readFileSync(join(dir, 'content', file), 'utf8');
      writeFileSync(join(dir, 'content', file), text.replace(`- id: ${card.id}\n`, `- id: ${card.id}\n    image: ${'../'.repeat(depth)}anatomy.png\n`));
      const run = cli(['build', join(dir, 'content'), '--out', join(dir, 'out'), '--no-press', '--no-tts', '--no-referee', '--paper', 'a4', '--quiet'], {
        timeout: 60_000,
      });
      expect(run.code, run.stderr).toBe(0);
      const pdf = await readPdf(join(dir, 'out', 'rules', 'rules-a4.pdf'));
      expect(pdf.pages.some((p) => flowing(p).includes('the book’s own picture'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('the table laid out: the decks’ backs and every label', async () => {
    const { pdf, forms } = await book(paper);
    const setup = text.figures.setup;
    const at = pdf.pages.findIndex((p) => flowing(p).includes(plain(setup.caption).slice(0, 40)));
    expect(at).toBeGreaterThan(0);
    for (const key of ['chance', 'lots', 'bank', 'market', 'events', 'world', 'manuscript'] as const)
      expect(printed(pdf.pages[at]!, setup[key]), `${key}: words missing`).toEqual([]);
    // Six century stacks, six piles of national events, chance, world events, three lots, the bank: each back draws icons.
    expect(forms[at]).toBeGreaterThanOrEqual(20);
  });

  it('the worked examples show their cards: every card named in [[cards:…]] is printed there, codes and all', async () => {
    const { pdf, forms } = await book(paper);
    const chapter = text.chapters.find((c) => c.file.includes('examples'))!;
    const codes = cardCodesIn(chapter.markdown);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    const start = pdf.pages.findIndex(
      (p) => /Worked examples/.test(p.lines[0]?.text ?? '') || p.lines.some((l) => l.text === 'Worked examples' && l.size > 20),
    );
    const pages = pdf.pages.slice(start, start + 6);
    const all = pages.map(flowing).join(' ');
    for (const code of codes) expect(all, code).toContain(code);
    expect(forms.slice(start, start + 6).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(codes.length * 2);
  });
});

describe('no page holds only a short tail', () => {
  const lines = style.page.min_tail_lines;

  it.each(PAPERS)('%s: every page that continues a chapter carries at least a few lines’ depth', async (paper) => {
    const { pdf } = await book(paper);
    const leading = style.text.body.leading;
    const tails: string[] = [];
    pdf.pages.forEach((p, i) => {
      if (i === 0) return; // the cover
      // The running head and the page number are not the page's content.
      const body = p.lines.filter((l) => l.top > style.page.margin_top - 20 && l.top < p.height - style.page.folio_offset - 10);
      if (body.length === 0) return;
      const opensChapter = body.some((l) => /^CHAPTER \d+$/.test(l.text)) || body[0]!.size > 20;
      if (opensChapter) return;
      const depth = body[body.length - 1]!.top - style.page.margin_top;
      // A tail is shorter than half the least the paginator allows: four lines at most.
      if (depth < (lines / 2) * leading) tails.push(`page ${i + 1}: ${body.length} lines (${body.map((l) => l.text).join(' / ')})`);
    });
    expect(tails).toEqual([]);
  });

  it('the paginator gives a chapter’s last page a proper share from the page before', () => {
    const frame = { top: 0, bottom: 600 };
    const line = () => box(16.5, [{ kind: 'dest', name: 'l', y: 0 }]);
    // 38 lines: 36 fill a page, leaving a tail of 2.
    const items: Item[] = Array.from({ length: 38 }, line);
    const greedy = paginate(items, frame);
    expect(greedy.map((p) => p.ops.length)).toEqual([36, 2]);
    const fair = paginate(items, frame, 7 * 16.5);
    expect(fair.map((p) => p.ops.length)).toEqual([31, 7]);
    // A chapter break starts a run of its own: each run is balanced by itself.
    const two = paginate([...items, { kind: 'break' }, ...Array.from({ length: 40 }, line), glue(5)], frame, 7 * 16.5);
    expect(two.map((p) => p.ops.length)).toEqual([31, 7, 33, 7]);
  });
});
