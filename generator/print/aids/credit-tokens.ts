// Credit tokens for tables without the tablet referee: one sheet of 1-credit tokens and one of
// 5-credit tokens. Each is a grid of round tokens on square cells, cut apart along grey lines,
// with crop marks outside the grid. The grid fits both A4 and Letter, so both give the same count.
import type { Game } from '../../../engine/index.js';
import { addPaperPage, MM, PAPER_SIZE, type Doc, type Paper } from '../rulebook/paper.js';
import { newDocument, finish } from '../paint/document.js';
import { put, colours } from './sheet.js';
import type { AidsWords } from './words.js';

export const TOKEN_GRID = { columns: 7, rows: 10, cellMm: 24 } as const;
const perSheet = TOKEN_GRID.columns * TOKEN_GRID.rows;

/** What one printing of credit-tokens-*.pdf gives; the rule book quotes these numbers. */
export const CREDIT_TOKENS = { perSheet, ones: perSheet, fives: perSheet } as const;

interface Face {
  value: number;
  fill: string;
  ring: string;
  ink: string;
}

// Made when the tokens are printed: the colours come from the rule book's style file.
const faces = (): Face[] => [
  { value: 1, fill: '#ffffff', ring: colours().rubric, ink: colours().rubric },
  { value: 5, fill: '#efe5cf', ring: colours().ink, ink: colours().ink },
];

function token(doc: Doc, cx: number, cy: number, cell: number, face: Face, word: string): void {
  const r = cell / 2 - 1.8 * MM;
  doc.circle(cx, cy, r).fill(face.fill);
  doc.save().lineWidth(1.4).strokeColor(face.ring).circle(cx, cy, r).stroke();
  doc
    .lineWidth(0.4)
    .circle(cx, cy, r - 2.2)
    .stroke()
    .restore();
  const numeral = String(face.value);
  doc.font('serif-semibold').fontSize(30);
  const nw = doc.widthOfString(numeral, { features: ['lnum'] });
  doc.fillColor(face.ink).text(numeral, cx - nw / 2, cy + 4, { lineBreak: false, baseline: 'alphabetic', features: ['lnum'], height: 40 });
  const label = word.toUpperCase();
  doc.font('serif').fontSize(5.6);
  const spacing = 0.9;
  const lw = doc.widthOfString(label) + spacing * (label.length - 1);
  doc.fillColor(face.ink).text(label, cx - lw / 2, cy + 12.5, { lineBreak: false, baseline: 'alphabetic', characterSpacing: spacing, height: 10 });
}

function cropMarks(doc: Doc, x0: number, y0: number, x1: number, y1: number, xs: number[], ys: number[]): void {
  const gap = 2 * MM;
  const len = 5 * MM;
  doc.save().lineWidth(0.4).strokeColor(colours().ink);
  for (const x of xs) {
    doc
      .moveTo(x, y0 - gap)
      .lineTo(x, y0 - gap - len)
      .stroke();
    doc
      .moveTo(x, y1 + gap)
      .lineTo(x, y1 + gap + len)
      .stroke();
  }
  for (const y of ys) {
    doc
      .moveTo(x0 - gap, y)
      .lineTo(x0 - gap - len, y)
      .stroke();
    doc
      .moveTo(x1 + gap, y)
      .lineTo(x1 + gap + len, y)
      .stroke();
  }
  doc.restore();
}

export async function creditTokensPdf(game: Game, words: AidsWords, paper: Paper): Promise<Buffer> {
  const w = words.credit_tokens;
  const { width, height } = PAPER_SIZE[paper];
  const doc = newDocument({ title: `${game.name}: ${w.title}`, subject: w.intro, author: `${game.name} contributors` }, true);
  const cell = TOKEN_GRID.cellMm * MM;
  const gridW = TOKEN_GRID.columns * cell;
  const gridH = TOKEN_GRID.rows * cell;
  const x0 = (width - gridW) / 2;
  // Room above the grid for the title and the crop marks, whatever the paper.
  const y0 = Math.max((height - gridH) / 2, 24 * MM);
  const xs = Array.from({ length: TOKEN_GRID.columns + 1 }, (_, i) => x0 + i * cell);
  const ys = Array.from({ length: TOKEN_GRID.rows + 1 }, (_, i) => y0 + i * cell);
  for (const face of faces()) {
    addPaperPage(doc, paper);
    const word = face.value === 1 ? w.one : w.many;
    const title = `${w.title}: ${face.value} ${word}`;
    put(doc, title, x0, y0 - 15 * MM, 'serif-semibold', 13, colours().rubric);
    put(doc, `${w.intro} ${words.footer}`, x0, y0 + gridH + 8.5 * MM, 'serif-italic', 8.5, colours().muted, { width: gridW, align: 'center' });
    for (let r = 0; r < TOKEN_GRID.rows; r++) {
      for (let c = 0; c < TOKEN_GRID.columns; c++) token(doc, xs[c]! + cell / 2, ys[r]! + cell / 2, cell, face, word);
    }
    // Cut lines along the whole grid, then crop marks in the margin.
    doc.save().lineWidth(0.3).strokeColor(colours().rule);
    for (const x of xs)
      doc
        .moveTo(x, y0)
        .lineTo(x, y0 + gridH)
        .stroke();
    for (const y of ys)
      doc
        .moveTo(x0, y)
        .lineTo(x0 + gridW, y)
        .stroke();
    doc.restore();
    cropMarks(doc, x0, y0, x0 + gridW, y0 + gridH, xs, ys);
  }
  return finish(doc);
}
