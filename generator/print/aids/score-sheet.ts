// The score sheet: two games per page, each a table with a row for every country (from the
// game data) and a column per part of the final count, with the counting rules beneath.
import type { Game } from '../../../engine/index.js';
import { addPaperPage, MM, PAPER_SIZE, type Paper } from '../rulebook/paper.js';
import { newDocument, finish } from '../paint/document.js';
import { drawIcon } from '../rulebook/icons.js';
import { footer, heading, put, ruledTable, type Margins, colours } from './sheet.js';
import type { AidsWords } from './words.js';

export async function scoreSheetPdf(game: Game, words: AidsWords, paper: Paper): Promise<Buffer> {
  const w = words.score_sheet;
  const { width, height } = PAPER_SIZE[paper];
  const doc = newDocument({ title: `${game.name}: ${w.title}`, subject: w.steps.join(' '), author: `${game.name} contributors` }, true);
  addPaperPage(doc, paper);
  const m: Margins = { left: 18 * MM, right: 18 * MM, top: 16 * MM, bottom: 18 * MM };
  let y = heading(doc, m, width, w.title, '');
  const tableWidth = width - m.left - m.right;

  // How to count, in four short lines.
  w.steps.forEach((step, i) => {
    put(doc, `${i + 1}.`, m.left, y, 'serif-semibold', 9.5, colours().rubric);
    y += put(doc, step, m.left + 14, y, 'serif', 9.5, colours().ink, { width: tableWidth - 14, lineGap: 1 }) + 3;
  });
  y += put(doc, w.tie, m.left + 14, y, 'serif-italic', 9.5, colours().muted, { width: tableWidth - 14 }) + 10;

  const countries = game.countries;
  const header = 22;
  const games = 2;
  const gap = 26;
  const available = height - m.bottom - y - games * (header + 18) - gap;
  const row = Math.min(34, Math.floor(available / games / countries.length));
  for (let g = 0; g < games; g++) {
    put(doc, w.game, m.left, y, 'serif', 9.5, colours().muted);
    y += 18;
    const xs = ruledTable(
      doc,
      m.left,
      y,
      tableWidth,
      [
        { label: w.columns[0]!, share: 25 },
        { label: w.columns[1]!, share: 15, align: 'center' },
        { label: w.columns[2]!, share: 17, align: 'center' },
        { label: w.columns[3]!, share: 13, align: 'center' },
        { label: w.columns[4]!, share: 13, align: 'center' },
        { label: w.columns[5]!, share: 17, align: 'center' },
      ],
      countries.length,
      row,
      header,
    );
    countries.forEach((c, i) => {
      const top = y + header + i * row;
      const icon = Math.min(16, row - 8);
      drawIcon(doc, c.emblem, m.left + 5, top + (row - icon) / 2, icon, c.colour);
      put(doc, c.name, m.left + 10 + icon, top + row / 2 - 6.5, 'serif', 11, colours().ink);
    });
    // The total column is the one that matters: give it a tint edge.
    doc
      .save()
      .lineWidth(0.9)
      .strokeColor(colours().ink)
      .moveTo(xs[5]!, y)
      .lineTo(xs[5]!, y + header + countries.length * row)
      .stroke()
      .restore();
    y += header + countries.length * row + gap;
  }
  footer(doc, m, width, height, words.footer);
  return finish(doc);
}
