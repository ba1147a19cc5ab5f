// The debt ledger: one ruled page for the banker, with a row per debt and a legend of the
// countries' codes and emblems so the columns can be filled in quickly.
import type { Game } from '../../../engine/index.js';
import { addPaperPage, MM, PAPER_SIZE, type Paper } from '../rulebook/paper.js';
import { newDocument, finish } from '../paint/document.js';
import { drawIcon } from '../rulebook/icons.js';
import { footer, heading, put, ruledTable, type Margins, colours } from './sheet.js';
import type { AidsWords } from './words.js';

const ROW = 25;

export async function debtLedgerPdf(game: Game, words: AidsWords, paper: Paper): Promise<Buffer> {
  const w = words.debt_ledger;
  const { width, height } = PAPER_SIZE[paper];
  const doc = newDocument({ title: `${game.name}: ${w.title}`, subject: w.intro, author: `${game.name} contributors` }, true);
  addPaperPage(doc, paper);
  const m: Margins = { left: 18 * MM, right: 18 * MM, top: 16 * MM, bottom: 18 * MM };
  let y = heading(doc, m, width, w.title, w.intro);

  // Legend: code, emblem and name of every country, in seat order.
  const tableWidth = width - m.left - m.right;
  put(doc, w.legend, m.left, y, 'serif-italic', 9.5, colours().muted);
  let lx = m.left + 52;
  for (const c of game.countries) {
    drawIcon(doc, c.emblem, lx, y - 1, 11, c.colour);
    const label = `${c.code} ${c.name}`;
    put(doc, label, lx + 14, y, 'serif', 9.5, colours().ink);
    lx += 14 + doc.font('serif').fontSize(9.5).widthOfString(label) + 12;
  }
  y += 22;

  const legendBottom = height - m.bottom;
  const rows = Math.floor((legendBottom - y - 22) / ROW);
  ruledTable(
    doc,
    m.left,
    y,
    tableWidth,
    [
      { label: w.columns[0]!, share: 17 },
      { label: w.columns[1]!, share: 17 },
      { label: w.columns[2]!, share: 11, align: 'center' },
      { label: w.columns[3]!, share: 40 },
      { label: w.columns[4]!, share: 15, align: 'center' },
    ],
    rows,
    ROW,
  );
  footer(doc, m, width, height, words.footer);
  return finish(doc);
}
