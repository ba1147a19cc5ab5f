// Where cards sit on a home-print sheet: a centred grid (3 × 3 poker cards on A4 or Letter),
// and where each card's back must sit on the reverse so that, printed duplex and flipped on
// the long edge, it lands exactly behind its front.
export const PAPERS = {
  a4: { name: 'A4', width: 210, height: 297 },
  letter: { name: 'US Letter', width: 215.9, height: 279.4 },
} as const;

export type PaperName = keyof typeof PAPERS;

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
}

export function gridFor(paper: PaperName, cardW: number, cardH: number, margin: number): Grid {
  const p = PAPERS[paper];
  const cols = Math.max(1, Math.floor((p.width - 2 * margin + 1e-6) / cardW));
  const rows = Math.max(1, Math.floor((p.height - 2 * margin + 1e-6) / cardH));
  return { paper, pageW: p.width, pageH: p.height, cardW, cardH, cols, rows, left: (p.width - cols * cardW) / 2, top: (p.height - rows * cardH) / 2 };
}

export const perPage = (g: Grid) => g.cols * g.rows;

/** Top-left of slot i on the front, mm. */
export function frontSlot(g: Grid, i: number): { x: number; y: number; col: number; row: number } {
  const col = i % g.cols;
  const row = Math.floor(i / g.cols);
  return { x: g.left + col * g.cardW, y: g.top + row * g.cardH, col, row };
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

/** Where a deck's home-print file for a paper goes in out/. */
export function sheetTarget(paper: PaperName, deck: string): string {
  return `print/${paper}/${deck}.pdf`;
}
