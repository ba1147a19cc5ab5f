// Where cards sit on a home-print sheet: a centred grid (3 × 3 poker cards on A4 or Letter)
// with gutters where the paper leaves room, how far each card's art may run past its trim, where
// the crop marks go, and where each card's back must sit on the reverse so that, printed duplex
// and flipped on the long edge, it lands exactly behind its front.
//
// Most desktop printers cannot print within about 5 mm of the paper's edge, so nothing — bleed,
// mark or label — is placed there (`unprintable` in templates/theme.yaml). A gutter between
// cards lets each card bleed into it, so a cut a little off the line still shows the card's own
// colour, never white or the neighbour's band.
import type { Theme } from '../layout/schema.js';

export const PAPERS = {
  a4: { name: 'A4', width: 210, height: 297 },
  letter: { name: 'US Letter', width: 215.9, height: 279.4 },
} as const;

export type PaperName = keyof typeof PAPERS;

/** Crop marks along one pair of margins, for the cut lines that cross them. */
export interface MarkPlan {
  /** mm from the grid's edge to the mark's inner end. */
  from: number;
  /** mm */
  length: number;
}

/** One axis of the grid: x (columns) or y (rows). */
export interface Axis {
  /** Cards along this axis. */
  count: number;
  /** Card size along this axis, mm. */
  card: number;
  /** Space between neighbouring cards, mm (0 where the paper has no room for it). */
  gutter: number;
  /** Position of the first card's trim, mm from the paper's edge. */
  start: number;
  /** How far the fronts' art runs past the trim at the grid's two ends along this axis, mm. */
  bleedOut: number;
  /** Marks for the cut lines between these cards (x: the columns' edges, in the top and bottom margins); none where there is no room. */
  marks?: MarkPlan;
}

export interface Grid {
  paper: PaperName;
  /** Page size, mm. */
  pageW: number;
  pageH: number;
  cardW: number;
  cardH: number;
  cols: number;
  rows: number;
  /** Top-left of the grid on the front, mm. */
  left: number;
  top: number;
  x: Axis;
  y: Axis;
  /** Nothing is printed closer than this to the paper's edge, mm. */
  unprintable: number;
}

/** How many cards fit along a page, with or without gutters, and the margin left each side. */
function fitAlong(page: number, card: number, s: Theme['sheet']): { count: number; gutter: number; margin: number } {
  const count = Math.max(1, Math.floor((page - 2 * s.unprintable + 1e-6) / card));
  // A gutter only where the margins it leaves are still outside the unprintable edge.
  const gutter = count > 1 && page - count * card - (count - 1) * s.gutter >= 2 * s.unprintable - 1e-6 ? s.gutter : 0;
  return { count, gutter, margin: (page - count * card - (count - 1) * gutter) / 2 };
}

/**
 * The crop marks of one set of parallel cut lines, which go in the margins they run into, and
 * the bleed on the grid's edges along those margins (the art and the marks share that room).
 */
function marksAndBleed(margin: number, crossings: boolean, s: Theme['sheet']): { marks?: MarkPlan; bleed: number } {
  const { gap, length, min_length } = s.crop_marks;
  const room = margin - s.unprintable;
  if (room >= s.bleed + gap + min_length - 1e-6) return { bleed: s.bleed, marks: { from: s.bleed + gap, length: Math.min(length, room - s.bleed - gap) } };
  // The cut lines are marked in the white corners where the gutters cross instead.
  if (crossings) return { bleed: Math.max(0, Math.min(s.bleed, room)) };
  // Marks are the only guide here: they keep their least length and the art gives way.
  const tightGap = Math.max(0, Math.min(gap, room - min_length));
  const bleed = Math.max(0, room - tightGap - min_length);
  return room >= min_length - 1e-6 ? { bleed, marks: { from: bleed + tightGap, length: room - bleed - tightGap } } : { bleed: Math.max(0, room) };
}

export function gridFor(paper: PaperName, cardW: number, cardH: number, sheet: Theme['sheet']): Grid {
  const p = PAPERS[paper];
  const fx = fitAlong(p.width, cardW, sheet);
  const fy = fitAlong(p.height, cardH, sheet);
  const crossings = fx.gutter > 0 && fy.gutter > 0;
  // The columns' edges run into the top and bottom margins, the rows' into the side margins.
  const columnLines = marksAndBleed(fy.margin, crossings, sheet);
  const rowLines = marksAndBleed(fx.margin, crossings, sheet);
  const x: Axis = {
    count: fx.count,
    card: cardW,
    gutter: fx.gutter,
    start: fx.margin,
    bleedOut: rowLines.bleed,
    ...(columnLines.marks ? { marks: columnLines.marks } : {}),
  };
  const y: Axis = {
    count: fy.count,
    card: cardH,
    gutter: fy.gutter,
    start: fy.margin,
    bleedOut: columnLines.bleed,
    ...(rowLines.marks ? { marks: rowLines.marks } : {}),
  };
  return {
    paper,
    pageW: p.width,
    pageH: p.height,
    cardW,
    cardH,
    cols: x.count,
    rows: y.count,
    left: x.start,
    top: y.start,
    x,
    y,
    unprintable: sheet.unprintable,
  };
}

export const perPage = (g: Grid) => g.cols * g.rows;

/** The width and height the grid's cards take, gutters included, mm. */
export const gridWidth = (g: Grid, cols = g.cols) => cols * g.cardW + Math.max(0, cols - 1) * g.x.gutter;
export const gridHeight = (g: Grid, rows = g.rows) => rows * g.cardH + Math.max(0, rows - 1) * g.y.gutter;

/** Top-left of slot i on the front, mm. */
export function frontSlot(g: Grid, i: number): { x: number; y: number; col: number; row: number } {
  const col = i % g.cols;
  const row = Math.floor(i / g.cols);
  return { x: g.left + col * (g.cardW + g.x.gutter), y: g.top + row * (g.cardH + g.y.gutter), col, row };
}

/**
 * Top-left of the back of slot i, mm. Flipping a portrait sheet on its long edge mirrors it
 * left to right, so column c of the front is behind column (cols − 1 − c) of the back. The
 * offset moves the backs for printers whose duplex is not centred.
 */
export function backSlot(g: Grid, i: number, offset: { x: number; y: number }): { x: number; y: number; col: number; row: number } {
  const f = frontSlot(g, i);
  return { x: g.pageW - f.x - g.cardW + offset.x, y: f.y + offset.y, col: g.cols - 1 - f.col, row: f.row };
}

/** How far a card's art runs past each side of its trim, mm. */
export interface Bleeds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The bleed of the card in (col, row): half the gutter on sides that face a neighbour's slot, the
 * outer bleed on the grid's edges. `outer` overrides the outer bleed (the backs run further, to
 * hide duplex drift, as far as the printable area allows).
 */
export function bleedsOf(g: Grid, col: number, row: number, outer?: { x: number; y: number }): Bleeds {
  const ox = outer?.x ?? g.x.bleedOut;
  const oy = outer?.y ?? g.y.bleedOut;
  return {
    left: col === 0 ? ox : g.x.gutter / 2,
    right: col === g.cols - 1 ? ox : g.x.gutter / 2,
    top: row === 0 ? oy : g.y.gutter / 2,
    bottom: row === g.rows - 1 ? oy : g.y.gutter / 2,
  };
}

/** Where a deck's home-print file for a paper goes in out/. */
export function sheetTarget(paper: PaperName, deck: string): string {
  return `print/${paper}/${deck}.pdf`;
}
