// One deck as a home-print PDF: a page of fronts, then (unless fronts-only) the page of their
// backs, mirrored for long-edge duplex. Crop marks sit outside the grid on the fronts; the
// backs run a little past the grid's outer edge so a drifting duplex shows no white rim.
import type { LaidDeck } from '../decks.js';
import type { ProcessedImage } from '../layout/display-list.js';
import type { SheetWords, Theme } from '../layout/schema.js';
import { themeColour } from '../layout/theme-colour.js';
import { fillWords } from './words.js';
import { newDocument, finish, type Doc } from '../paint/document.js';
import { MM, paintCard, PdfImages } from '../paint/pdf.js';
import { backSlot, frontSlot, perPage, PAPERS, type Grid } from './imposition.js';

export interface SheetOptions {
  grid: Grid;
  theme: Theme;
  words: SheetWords['sheets'];
  frontsOnly: boolean;
  offset: { x: number; y: number };
  gameName: string;
  deckTitle: string;
}

export async function deckSheets(deck: LaidDeck, images: Map<string, ProcessedImage>, o: SheetOptions): Promise<Buffer> {
  const about = { game: o.gameName, deck: o.deckTitle, paper: PAPERS[o.grid.paper].name };
  const doc = newDocument({
    title: fillWords(o.words.title, about),
    subject: fillWords(o.frontsOnly ? o.words.subject_fronts_only : o.words.subject_duplex, about),
  });
  const pics = new PdfImages(doc, images);
  const n = perPage(o.grid);
  const sheets = Math.ceil(deck.printed.length / n);
  const size: [number, number] = [o.grid.pageW * MM, o.grid.pageH * MM];
  for (let s = 0; s < sheets; s++) {
    const cards = deck.printed.slice(s * n, s * n + n);
    doc.addPage({ size, margin: 0 });
    cards.forEach((c, i) => {
      const at = frontSlot(o.grid, i);
      paintCard(doc, c.face, at.x * MM, at.y * MM, { x: 0, y: 0, w: o.grid.cardW, h: o.grid.cardH }, pics);
    });
    cropMarks(doc, o.grid, o.theme);
    const sheet = { ...about, sheet: s + 1, sheets };
    label(doc, o, fillWords(o.words.label_fronts, sheet));
    if (o.frontsOnly) continue;
    doc.addPage({ size, margin: 0 });
    cards.forEach((c, i) => {
      const at = backSlot(o.grid, i, o.offset);
      paintCard(doc, c.back, at.x * MM, at.y * MM, overprint(o.grid, at.col, at.row, o.theme.sheet.back_overprint), pics);
    });
    if (o.grid.top - o.theme.sheet.back_overprint >= 4) label(doc, o, fillWords(o.words.label_backs, sheet));
  }
  return finish(doc);
}

/** The part of a back to paint: its cell, grown outward where the cell is on the grid's edge. */
function overprint(g: Grid, col: number, row: number, by: number): { x: number; y: number; w: number; h: number } {
  const l = col === 0 ? by : 0;
  const r = col === g.cols - 1 ? by : 0;
  const t = row === 0 ? by : 0;
  const b = row === g.rows - 1 ? by : 0;
  return { x: -l, y: -t, w: g.cardW + l + r, h: g.cardH + t + b };
}

export function cropMarks(doc: Doc, g: Grid, theme: Theme): void {
  const { gap, length, line, colour } = theme.sheet.crop_marks;
  const right = g.left + g.cols * g.cardW;
  const bottom = g.top + g.rows * g.cardH;
  doc.save();
  doc.lineWidth(line).strokeColor(themeColour(theme, colour));
  for (let c = 0; c <= g.cols; c++) {
    const x = (g.left + c * g.cardW) * MM;
    doc.moveTo(x, Math.max(0, g.top - gap - length) * MM).lineTo(x, (g.top - gap) * MM);
    doc.moveTo(x, (bottom + gap) * MM).lineTo(x, Math.min(g.pageH, bottom + gap + length) * MM);
  }
  for (let r = 0; r <= g.rows; r++) {
    const y = (g.top + r * g.cardH) * MM;
    doc.moveTo(Math.max(0, g.left - gap - length) * MM, y).lineTo((g.left - gap) * MM, y);
    doc.moveTo((right + gap) * MM, y).lineTo(Math.min(g.pageW, right + gap + length) * MM, y);
  }
  doc.stroke();
  doc.restore();
}

/** A small line in the top margin, between the crop marks, to keep sheets in order. */
function label(doc: Doc, o: SheetOptions, text: string): void {
  const g = o.grid;
  const room = g.top - o.theme.sheet.crop_marks.gap;
  if (room < 2.5) return;
  const style = o.theme.sheet.label;
  const size = Math.min(style.size, room * 0.9 * 2.2);
  doc.save();
  doc.font(style.font).fontSize(size).fillColor(themeColour(o.theme, style.colour));
  const width = doc.widthOfString(text);
  // Centred over the grid, whatever its number of columns.
  const x = (g.left + (g.cols * g.cardW) / 2) * MM - width / 2;
  const baseline = (g.top - room / 2) * MM + size * 0.33;
  doc.text(text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  doc.restore();
}
