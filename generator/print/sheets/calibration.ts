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

export async function calibrationSheet(grid: Grid, theme: Theme, words: SheetWords['calibration'], offset: { x: number; y: number }, gameName: string): Promise<Buffer> {
  const about = { game: gameName, paper: PAPERS[grid.paper].name, x: fmt(offset.x), y: fmt(offset.y), example_x: fmt(offset.x + 1), example_y: fmt(offset.y - 0.5) };
  const doc = newDocument({ title: fillWords(words.title, about) });
  const size: [number, number] = [grid.pageW * MM, grid.pageH * MM];
  const ink = theme.colours.ink ?? '#000000';
  const muted = theme.colours.muted ?? '#666666';

  doc.addPage({ size, margin: 0 });
  cropMarks(doc, grid, theme);
  for (let i = 0; i < perPage(grid); i++) {
    const at = frontSlot(grid, i);
    doc.rect(at.x * MM, at.y * MM, grid.cardW * MM, grid.cardH * MM).lineWidth(0.3).dash(2, { space: 2 }).stroke(muted).undash();
    cross(doc, (at.x + grid.cardW / 2) * MM, (at.y + grid.cardH / 2) * MM, ink);
  }
  instructions(doc, grid, ink, words.front.map((w) => fillWords(w, about)));

  doc.addPage({ size, margin: 0 });
  for (let i = 0; i < perPage(grid); i++) {
    const at = backSlot(grid, i, offset);
    scales(doc, (at.x + grid.cardW / 2) * MM, (at.y + grid.cardH / 2) * MM, ink, muted);
  }
  instructions(doc, grid, ink, words.back.map((w) => fillWords(w, about)));
  return finish(doc);
}

const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

function cross(doc: Doc, x: number, y: number, colour: string): void {
  const arm = 12 * MM;
  doc.save().lineWidth(0.35).strokeColor(colour);
  doc.moveTo(x - arm, y).lineTo(x + arm, y).moveTo(x, y - arm).lineTo(x, y + arm).stroke();
  doc.circle(x, y, 1.2 * MM).stroke();
  doc.restore();
}

/** Two scales crossing at the target: ticks every 0.5 mm, numbers every millimetre, ±6 mm. */
function scales(doc: Doc, x: number, y: number, ink: string, muted: string): void {
  doc.save().lineWidth(0.3).strokeColor(ink);
  doc.moveTo(x - 6.5 * MM, y).lineTo(x + 6.5 * MM, y).moveTo(x, y - 6.5 * MM).lineTo(x, y + 6.5 * MM).stroke();
  for (let t = -12; t <= 12; t++) {
    const d = (t / 2) * MM;
    const long = t % 2 === 0 ? 1.6 : 0.9;
    doc.moveTo(x + d, y - long * MM).lineTo(x + d, y + long * MM);
    doc.moveTo(x - long * MM, y + d).lineTo(x + long * MM, y + d);
  }
  doc.stroke();
  doc.font('serif').fontSize(4.5).fillColor(muted);
  for (let t = -6; t <= 6; t += 2) {
    if (t === 0) continue;
    const label = t > 0 ? `+${t}` : `${t}`;
    const w = doc.widthOfString(label);
    doc.text(label, x + t * MM - w / 2, y - 2.2 * MM, { lineBreak: false, baseline: 'alphabetic' });
    doc.text(label, x + 2.2 * MM, y + t * MM + 1.5, { lineBreak: false, baseline: 'alphabetic' });
  }
  doc.restore();
}

function instructions(doc: Doc, g: Grid, ink: string, lines: string[]): void {
  const x = (g.left + 4) * MM;
  let y = (g.top + g.rows * g.cardH - 4) * MM - (lines.length - 1) * 11;
  doc.save().fillColor(ink);
  lines.forEach((line, i) => {
    doc.font(i === 0 ? 'serif-semibold' : 'serif').fontSize(i === 0 ? 10 : 8);
    doc.text(line, x, y, { lineBreak: false, baseline: 'alphabetic' });
    y += 11;
  });
  doc.restore();
}
