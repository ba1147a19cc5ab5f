// Home-print sheets that a desktop printer can print and a cutter cannot spoil, checked on the
// pixels poppler renders from the built PDFs at 5 px per mm:
// - nothing (mark, label, bleed) within 5 mm of the paper's edge, on fronts and backs;
// - 3 mm gutters (A4 both ways, US Letter between columns) that the fronts' art fills;
// - crop marks exactly on the cut lines, and only for rows that hold cards.
// The expected positions are worked out here from the paper and card sizes, not read from the
// code that places them.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { BUILT } from '../helpers.js';

const hasPoppler = spawnSync('pdftoppm', ['-v']).status === 0;
const PX = 5; // pixels per mm (pdftoppm -r 127)
const W = 63.5;
const H = 88.9;

interface Page {
  width: number;
  height: number;
  data: Buffer;
}

async function render(pdf: string, page: number): Promise<Page> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-geom-'));
  try {
    execFileSync('pdftoppm', ['-r', String(PX * 25.4), '-png', '-f', String(page), '-l', String(page), '-singlefile', pdf, join(dir, 'p')]);
    const { data, info } = await sharp(join(dir, 'p.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const px = (p: Page, xMm: number, yMm: number) => {
  const i = (Math.round(yMm * PX) * p.width + Math.round(xMm * PX)) * 3;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
};
const white = (c: number[]) => c.every((v) => v >= 250);
const dark = (c: number[]) => c.every((v) => v < 140);

/** The paper's layout as the print spec asks for it. */
const SHEETS = {
  // 210 × 297: three columns with two 3 mm gutters leave 6.75 mm each side; three rows 12.15 mm.
  a4: { w: 210, h: 297, left: 6.75, top: 12.15, gx: 3, gy: 3 },
  // 215.9 × 279.4: gutters between the columns only (the rows leave just 6.35 mm top and bottom).
  letter: { w: 215.9, h: 279.4, left: 9.7, top: 6.35, gx: 3, gy: 0 },
} as const;

const cols = (s: (typeof SHEETS)[keyof typeof SHEETS]) => [0, 1, 2].map((c) => s.left + c * (W + s.gx));
const rows = (s: (typeof SHEETS)[keyof typeof SHEETS]) => [0, 1, 2].map((r) => s.top + r * (H + s.gy));

describe.skipIf(!hasPoppler).each(Object.keys(SHEETS) as (keyof typeof SHEETS)[])('home-print sheets on %s', (paper) => {
  const s = SHEETS[paper];
  const books = join(BUILT, 'print', paper, 'books.pdf');

  it('prints nothing within 5 mm of the paper’s edge, fronts or backs', async () => {
    for (const file of ['books', 'national-events', 'reference']) {
      for (const n of [1, 2]) {
        const p = await render(join(BUILT, 'print', paper, `${file}.pdf`), n);
        const edge = 5 * PX - 1; // the last pixel row wholly inside the 5 mm band
        for (let y = 0; y < p.height; y++) {
          for (let x = 0; x < p.width; x++) {
            if (x >= edge && x < p.width - edge && y >= edge && y < p.height - edge) continue;
            const i = (y * p.width + x) * 3;
            if (p.data[i]! < 250 || p.data[i + 1]! < 250 || p.data[i + 2]! < 250)
              throw new Error(`${file} page ${n}: ink at ${(x / PX).toFixed(1)}, ${(y / PX).toFixed(1)} mm, inside the 5 mm edge`);
          }
        }
      }
    }
  });

  it('fills the gutters and the outer edges with each front’s own art (bleed)', async () => {
    const p = await render(books, 1);
    // Half-way across each gutter between columns, at mid-height of each row: art, not paper.
    for (const x of cols(s)
      .slice(0, 2)
      .map((c) => c + W + s.gx / 2))
      for (const y of rows(s).map((r) => r + H / 2)) expect(white(px(p, x, y)), `gutter at ${x.toFixed(1)}, ${y.toFixed(1)} mm`).toBe(false);
    if (s.gy > 0)
      for (const y of rows(s)
        .slice(0, 2)
        .map((r) => r + H + s.gy / 2))
        for (const x of cols(s).map((c) => c + W / 2)) expect(white(px(p, x, y)), `gutter at ${x.toFixed(1)}, ${y.toFixed(1)} mm`).toBe(false);
    // 0.6 mm outside the outer trim on the left and right: art.
    for (const y of rows(s).map((r) => r + H / 2)) {
      expect(white(px(p, s.left - 0.6, y)), `left edge at ${y.toFixed(1)} mm`).toBe(false);
      expect(white(px(p, s.w - s.left + 0.6, y)), `right edge at ${y.toFixed(1)} mm`).toBe(false);
    }
  });

  it('puts crop marks exactly on the cut lines', async () => {
    const p = await render(books, 1);
    if (paper === 'a4') {
      // Columns' edges: in the top margin, 3 mm above the art.
      const y = s.top - 2.8; // below the sheet's label
      const row = Array.from({ length: p.width }, (_, x) => (dark(px(p, x / PX, y)) ? 1 : 0));
      const at = row.flatMap((v, x) => (v && !row[x - 1] ? [x / PX] : []));
      const want = cols(s).flatMap((c) => [c, c + W]);
      expect(at).toHaveLength(want.length);
      at.forEach((x, i) => expect(Math.abs(x - want[i]!)).toBeLessThanOrEqual(0.3));
      // Rows' edges: the side margins are too narrow, so strokes across the gutters' white corners.
      // In the gutter's left half: its right half is the next card's dark index strip, running into its bleed.
      const gx = cols(s)[0]! + W + s.gx / 4;
      const column = Array.from({ length: p.height }, (_, yy) => (dark(px(p, gx, yy / PX)) ? 1 : 0));
      const ys = column.flatMap((v, yy) => (v && !column[yy - 1] ? [yy / PX] : []));
      const wantY = rows(s).flatMap((r) => [r, r + H]);
      expect(ys).toHaveLength(wantY.length);
      ys.forEach((yy, i) => expect(Math.abs(yy - wantY[i]!)).toBeLessThanOrEqual(0.3));
    } else {
      // Rows' edges (shared, no gutter): in the side margins (the right one: the label is on the left).
      const x = s.w - s.left + 1.5 + 1 + 1;
      const column = Array.from({ length: p.height }, (_, yy) => (dark(px(p, x, yy / PX)) ? 1 : 0));
      const ys = column.flatMap((v, yy) => (v && !column[yy - 1] ? [yy / PX] : []));
      const wantY = [s.top, s.top + H, s.top + 2 * H, s.top + 3 * H];
      expect(ys).toHaveLength(wantY.length);
      ys.forEach((yy, i) => expect(Math.abs(yy - wantY[i]!)).toBeLessThanOrEqual(0.3));
      // Columns' edges: short marks between the unprintable edge and the cards.
      const y = 5.5;
      const row = Array.from({ length: p.width }, (_, xx) => (dark(px(p, xx / PX, y)) ? 1 : 0));
      const xs = row.flatMap((v, xx) => (v && !row[xx - 1] ? [xx / PX] : []));
      const want = cols(s).flatMap((c) => [c, c + W]);
      expect(xs).toHaveLength(want.length);
      xs.forEach((xx, i) => expect(Math.abs(xx - want[i]!)).toBeLessThanOrEqual(0.3));
    }
  });

  it('marks only the rows that hold cards', async () => {
    // The reference deck prints 24 cards: its third sheet holds two rows of three.
    const file = join(BUILT, 'print', paper, 'reference.pdf');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    expect(pages).toBe(6);
    const p = await render(file, 5);
    const below = rows(s)[1]! + H + 7; // under the second row and the marks below it
    for (let y = below; y < s.h - 5; y += 0.2) {
      for (let x = 5; x < s.w - 5; x += 0.2)
        if (!white(px(p, x, y))) throw new Error(`ink at ${x.toFixed(1)}, ${y.toFixed(1)} mm, below the last row of cards`);
    }
  });
});

// Keeps the expected layout above honest: the sheet sizes are the papers the build prints.
it('the papers are A4 and US Letter', () => {
  for (const paper of Object.keys(SHEETS) as (keyof typeof SHEETS)[]) {
    const info = execFileSync('pdfinfo', [join(BUILT, 'print', paper, 'books.pdf')], { encoding: 'utf8' });
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
    expect(Number(w) / (72 / 25.4)).toBeCloseTo(SHEETS[paper].w, 0);
    expect(Number(h) / (72 / 25.4)).toBeCloseTo(SHEETS[paper].h, 0);
  }
});
