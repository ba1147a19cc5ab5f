// One deck as a home-print PDF: a page of fronts, then (unless fronts-only) the page of their
// backs, mirrored for long-edge duplex. Fronts and backs both bleed — into the gutters and past
// the grid's outer edge as far as the printable area allows — so a cut a little off the line
// shows the card's own colour; the backs run further, to hide a drifting duplex.
import type { LaidDeck } from '../decks.js';
import type { ProcessedImage } from '../layout/display-list.js';
import type { SheetWords, Theme } from '../layout/schema.js';
import { themeColour } from '../layout/theme-colour.js';
import { fillWords } from './words.js';
import { Breather } from '../breather.js';
import { newDocument, finish, type Doc } from '../paint/document.js';
import { MM, paintCard, PdfForms, PdfImages, type ClipRect } from '../paint/pdf.js';
import { backSlot, bleedsOf, frontSlot, gridHeight, gridWidth, perPage, PAPERS, type Grid } from './imposition.js';

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
  // A deck has few backs: each is drawn once, and placed in every cell that shows it.
  const backs = new PdfForms(doc, pics);
  const g = o.grid;
  const n = perPage(g);
  const sheets = Math.ceil(deck.printed.length / n);
  const size: [number, number] = [g.pageW * MM, g.pageH * MM];
  const backOuter = backBleed(g, o.theme, o.offset);
  const breather = new Breather();
  for (let s = 0; s < sheets; s++) {
    await breather.breathe();
    const cards = deck.printed.slice(s * n, s * n + n);
    doc.addPage({ size, margin: 0 });
    cards.forEach((c, i) => {
      const at = frontSlot(g, i);
      paintCard(doc, c.face, at.x * MM, at.y * MM, frontClip(g, at.col, at.row), pics);
    });
    cropMarks(doc, g, o.theme, cards.length);
    const sheet = { ...about, sheet: s + 1, sheets };
    label(doc, g, o.theme, fillWords(o.words.label_fronts, sheet), { x: g.x.bleedOut, y: g.y.bleedOut });
    if (o.frontsOnly) continue;
    doc.addPage({ size, margin: 0 });
    cards.forEach((c, i) => {
      const at = backSlot(g, i, o.offset);
      const b = bleedsOf(g, at.col, at.row, backOuter);
      paintCard(
        doc,
        c.back,
        at.x * MM,
        at.y * MM,
        [{ x: -b.left, y: -b.top, w: g.cardW + b.left + b.right, h: g.cardH + b.top + b.bottom }],
        pics,
        undefined,
        backs,
      );
    });
    label(doc, g, o.theme, fillWords(o.words.label_backs, sheet), { x: backOuter.x + Math.abs(o.offset.x), y: backOuter.y + Math.abs(o.offset.y) });
  }
  return finish(doc);
}

/**
 * The part of a front to paint: the trim and its bleed on every side, as a cross — the corners
 * are left out, so the squares where gutters meet stay white for the marks drawn there.
 */
function frontClip(g: Grid, col: number, row: number): ClipRect[] {
  const b = bleedsOf(g, col, row);
  return [
    { x: -b.left, y: 0, w: g.cardW + b.left + b.right, h: g.cardH },
    { x: 0, y: -b.top, w: g.cardW, h: g.cardH + b.top + b.bottom },
  ];
}

/** How far the backs run past the grid's outer edges: the overprint, kept inside the printable area wherever the offset moves them. */
function backBleed(g: Grid, theme: Theme, offset: { x: number; y: number }): { x: number; y: number } {
  const room = (margin: number, shift: number) => Math.max(0, Math.min(theme.sheet.back_overprint, margin - g.unprintable - Math.abs(shift)));
  return { x: room(g.left, offset.x), y: room(g.top, offset.y) };
}

/**
 * Crop marks for the cut lines of the cards on this sheet (only rows and columns that hold a
 * card): in the margins where there is room, and otherwise as short strokes across the white
 * corners of the gutters, each lying exactly on a cut line.
 */
export function cropMarks(doc: Doc, g: Grid, theme: Theme, cards = perPage(g)): void {
  const { line, colour } = theme.sheet.crop_marks;
  const cols = Math.min(cards, g.cols);
  const rows = Math.ceil(cards / g.cols);
  const xs = Array.from({ length: cols }, (_, c) => g.left + c * (g.cardW + g.x.gutter));
  const ys = Array.from({ length: rows }, (_, r) => g.top + r * (g.cardH + g.y.gutter));
  const xLines = [...new Set(xs.flatMap((x) => [x, x + g.cardW]).map((v) => Math.round(v * 1e4) / 1e4))];
  const yLines = [...new Set(ys.flatMap((y) => [y, y + g.cardH]).map((v) => Math.round(v * 1e4) / 1e4))];
  const right = g.left + gridWidth(g, cols);
  const bottom = g.top + gridHeight(g, rows);
  const seg = (x1: number, y1: number, x2: number, y2: number) => doc.moveTo(x1 * MM, y1 * MM).lineTo(x2 * MM, y2 * MM);
  doc.save();
  doc.lineWidth(line).strokeColor(themeColour(theme, colour));
  const mx = g.x.marks;
  if (mx) {
    for (const x of xLines) {
      seg(x, g.top - mx.from - mx.length, x, g.top - mx.from);
      seg(x, bottom + mx.from, x, bottom + mx.from + mx.length);
    }
  } else if (g.y.gutter > 0) {
    for (let r = 0; r + 1 < rows; r++) for (const x of xLines) seg(x, ys[r]! + g.cardH, x, ys[r + 1]!);
  }
  const my = g.y.marks;
  if (my) {
    for (const y of yLines) {
      seg(g.left - my.from - my.length, y, g.left - my.from, y);
      seg(right + my.from, y, right + my.from + my.length, y);
    }
  } else if (g.x.gutter > 0) {
    for (let c = 0; c + 1 < cols; c++) for (const y of yLines) seg(xs[c]! + g.cardW, y, xs[c + 1]!, y);
  }
  doc.stroke();
  doc.restore();
}

/**
 * A small line that keeps the sheets in order: above the cards when the top margin has room
 * beyond the unprintable edge, or else up the left margin beside the middle row.
 */
function label(doc: Doc, g: Grid, theme: Theme, text: string, bleed: { x: number; y: number }): void {
  const gap = theme.sheet.crop_marks.gap;
  const style = theme.sheet.label;
  // Between the crop marks of the middle column, so only the art and its gap are in the way.
  const top = g.top - bleed.y - gap - g.unprintable;
  const side = g.left - bleed.x - gap - g.unprintable;
  // A line of type takes about 1.1 of its size from descender to ascender.
  const fitSize = (band: number, room: number) => {
    doc.font(style.font).fontSize(style.size);
    const w = doc.widthOfString(text) / MM;
    return Math.min(style.size, (band / 1.1) * MM, (style.size * room) / w);
  };
  doc.save();
  doc.font(style.font).fillColor(themeColour(theme, style.colour));
  if (top >= 2.4) {
    // Centred over the middle column, between its crop marks.
    const size = fitSize(top, g.cardW - 2 * gap);
    doc.fontSize(size);
    const w = doc.widthOfString(text);
    const baseline = (g.unprintable + top / 2) * MM + size * 0.3;
    doc.text(text, (g.left + gridWidth(g) / 2) * MM - w / 2, baseline, { lineBreak: false, baseline: 'alphabetic' });
  } else if (side >= 1.6) {
    const size = fitSize(side, g.cardH - 2 * gap);
    doc.fontSize(size);
    const w = doc.widthOfString(text);
    const cx = (g.unprintable + side / 2) * MM;
    const cy = (g.top + gridHeight(g) / 2) * MM;
    doc.rotate(-90, { origin: [cx, cy] });
    doc.text(text, cx - w / 2, cy + size * 0.3, { lineBreak: false, baseline: 'alphabetic' });
  }
  doc.restore();
}
