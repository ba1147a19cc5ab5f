// Cards in a row, as they lie on the table: the worked examples show the very cards they talk
// about. As many to a row as fit at the figure's card width, the rows centred; each row is a box
// of its own, so a long example may turn the page between rows.
import { MM } from '../../paint/pdf.js';
import { box, pushGlue, type Item } from '../items.js';
import type { Area, Layout } from '../layout.js';
import { shift, type Op } from '../ops.js';
import type { BookCards } from './book-cards.js';
import { figureText } from './figure-text.js';

export function cardRowFigure(layout: Layout, codes: string[], caption: string | undefined, cards: BookCards, area: Area, items: Item[]): void {
  const f = layout.style.figure;
  const c = layout.style.colours;
  const lists = codes.map((code) => cards.face(code));
  // All in one row if they are not made much smaller than the figure's card width; otherwise
  // rows of as even a length as the width allows (five cards: three and two, not four and one).
  const across = (n: number) => (area.width - (n - 1) * f.row_gap) / n;
  const fits = Math.max(1, Math.floor((area.width + f.row_gap) / (f.row_card_width + f.row_gap)));
  const oneRow = across(lists.length) >= 0.75 * f.row_card_width;
  const perRow = oneRow ? lists.length : Math.ceil(lists.length / Math.ceil(lists.length / fits));
  const width = Math.min(f.row_card_width, across(perRow));
  pushGlue(items, f.space / 2);
  for (let r = 0; r * perRow < lists.length; r++) {
    const row = lists.slice(r * perRow, (r + 1) * perRow);
    const scale = width / (row[0]!.width * MM);
    const height = Math.max(...row.map((l) => l.height * MM * scale));
    const left = area.x + (area.width - (row.length * width + (row.length - 1) * f.row_gap)) / 2;
    const ops: Op[] = row.map((list, i) => ({ kind: 'card', x: left + i * (width + f.row_gap), y: 0, scale, list, images: cards.images, frame: c.rule }));
    const last = (r + 1) * perRow >= lists.length;
    if (last && caption) {
      const set = figureText(layout, caption, area.width, 'caption', 'center', 'a [[cards:…]] caption');
      ops.push(...shift(set.ops, area.x, height + f.space / 3));
      items.push(box(height + f.space / 3 + set.height, ops, { panel: area.panel }));
    } else items.push(box(height, ops, { panel: area.panel, keep: !last }));
    if (!last) pushGlue(items, f.row_gap);
  }
  pushGlue(items, f.space / 2);
}
