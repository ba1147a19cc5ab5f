// The duplex calibration sheet. The front carries a fine cross at the centre of every card
// slot; the back carries millimetre scales where each cross should land. Print it duplex
// (long edge), hold it against a window, and read where the crosses fall on the scales: those
// two numbers, added to the current offset, are the --offset that makes backs meet fronts.
import type { SheetWords, Theme } from '../layout/schema.js';
import { fillWords } from './words.js';
import { newDocument, finish, type Doc } from '../paint/document.js';
import { MM } from '../paint/pdf.js';
import { cropMarks } from './home-sheets.js';
import { backSlot, frontSlot, perPage, PAPERS, type Grid } from './imposition.js';

export async function calibrationSheet(
  grid: Grid,
  theme: Theme,
  words: SheetWords['calibration'],
  offset: { x: number; y: number },
  gameName: string,
): Promise<Buffer> {
  const about = {
    game: gameName,
    paper: PAPERS[grid.paper].name,
    x: fmt(offset.x),
    y: fmt(offset.y),
    example_x: fmt(offset.x + 1),
    example_y: fmt(offset.y - 0.5),
  };
  const doc = newDocument({ title: fillWords(words.title, about) });
  const size: [number, number] = [grid.pageW * MM, grid.pageH * MM];
  const ink = theme.colours.ink ?? '#000000';
  const muted = theme.colours.muted ?? '#666666';

  doc.addPage({ size, margin: 0 });
  cropMarks(doc, grid, theme);
  for (let i = 0; i < perPage(grid); i++) {
    const at = frontSlot(grid, i);
    doc
      .rect(at.x * MM, at.y * MM, grid.cardW * MM, grid.cardH * MM)
      .lineWidth(0.3)
      .dash(2, { space: 2 })
      .stroke(muted)
      .undash();
    cross(doc, (at.x + grid.cardW / 2) * MM, (at.y + grid.cardH / 2) * MM, ink);
  }
  instructions(
    doc,
    grid,
    ink,
    words.front.map((w) => fillWords(w, about)),
  );

  doc.addPage({ size, margin: 0 });
  for (let i = 0; i < perPage(grid); i++) {
    const at = backSlot(grid, i, offset);
    scales(doc, (at.x + grid.cardW / 2) * MM, (at.y + grid.cardH / 2) * MM, ink, muted);
  }
  instructions(
    doc,
    grid,
    ink,
    words.back.map((w) => fillWords(w, about)),
  );
  return finish(doc);
}

const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

function cross(doc: Doc, x: number, y: number, colour: string): void {
  const arm = 12 * MM;
  doc.save().lineWidth(0.35).strokeColor(colour);
  doc
    .moveTo(x - arm, y)
    .lineTo(x + arm, y)
    .moveTo(x, y - arm)
    .lineTo(x, y + arm)
    .stroke();
  doc.circle(x, y, 1.2 * MM).stroke();
  doc.restore();
}

/** Two scales crossing at the target: ticks every 0.5 mm, numbers every millimetre, ±6 mm. */
function scales(doc: Doc, x: number, y: number, ink: string, muted: string): void {
  doc.save().lineWidth(0.3).strokeColor(ink);
  doc
    .moveTo(x - 6.5 * MM, y)
    .lineTo(x + 6.5 * MM, y)
    .moveTo(x, y - 6.5 * MM)
    .lineTo(x, y + 6.5 * MM)
    .stroke();
  for (let t = -12; t <= 12; t++) {
    const d = (t / 2) * MM;
    const long = t % 2 === 0 ? 1.3 : 0.8;
    doc.moveTo(x + d, y - long * MM).lineTo(x + d, y + long * MM);
    doc.moveTo(x - long * MM, y + d).lineTo(x + long * MM, y + d);
  }
  doc.stroke();
  // Each quadrant holds the numbers of one half-scale only, so none collide near the centre:
  // the horizontal scale's left half above it and right half below, the vertical scale's upper
  // half to its right and lower half to its left.
  const size = 5;
  doc.font('serif').fontSize(size).fillColor(muted);
  for (let t = -6; t <= 6; t += 2) {
    if (t === 0) continue;
    const label = String(t); // right and down are +, as the instructions say
    const w = doc.widthOfString(label);
    const across = t < 0 ? y - 2.2 * MM : y + 2.2 * MM + size * 0.7;
    doc.text(label, x + t * MM - w / 2, across, { lineBreak: false, baseline: 'alphabetic' });
    const down = t < 0 ? x + 2.2 * MM : x - 2.2 * MM - w;
    doc.text(label, down, y + t * MM + size * 0.35, { lineBreak: false, baseline: 'alphabetic' });
  }
  doc.restore();
}

function instructions(doc: Doc, g: Grid, ink: string, lines: string[]): void {
  const x = (g.left + 4) * MM;
  const top = (g.top + g.rows * g.cardH - 4) * MM - (lines.length - 1) * 11;
  const face = (i: number) => (i === 0 ? { font: 'serif-semibold', size: 10 } : { font: 'serif', size: 8 });
  // The lines run across the slots' outlines: a white ground keeps those from striking through.
  const width = Math.max(...lines.map((line, i) => doc.font(face(i).font).fontSize(face(i).size).widthOfString(line)));
  const pad = 1.5 * MM;
  doc
    .save()
    .rect(x - pad, top - 10 - pad, width + 2 * pad, (lines.length - 1) * 11 + 12 + 2 * pad)
    .fill('#ffffff')
    .restore();
  doc.save().fillColor(ink);
  lines.forEach((line, i) => {
    doc.font(face(i).font).fontSize(face(i).size);
    doc.text(line, x, top + i * 11, { lineBreak: false, baseline: 'alphabetic' });
  });
  doc.restore();
}
