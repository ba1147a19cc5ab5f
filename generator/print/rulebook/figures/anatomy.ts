// A card's anatomy: the card at full size in the middle of the measure, and its parts named
// beside it, each label joined by a hairline to a dot on the part it names. The parts are found
// by their layout names on the card's own display list, so the lines land on the printed card.
import { BuildError } from '../../../build-error.js';
import type { DisplayItem, DisplayList } from '../../layout/display-list.js';
import type { InkBox } from '../../layout/preflight-face.js';
import { inkBox } from '../../layout/preflight-face.js';
import { MM } from '../../paint/pdf.js';
import { box, pushGlue, type Item } from '../items.js';
import type { Area, Layout } from '../layout.js';
import { shift, type Op } from '../ops.js';
import type { BookCards } from './book-cards.js';
import { figureText } from './figure-text.js';
import type { AnatomyWords } from './words.js';

/** Space between a label and the card, and between labels, pt. */
const GAP = 10;
const BETWEEN = 5;
const DOT_OUT = 2.5;

/** Where an item puts its ink, mm on the card. */
function extent(it: DisplayItem): InkBox | null {
  switch (it.kind) {
    case 'text':
      return inkBox(it);
    case 'icon':
      return { x0: it.x, y0: it.y, x1: it.x + it.size, y1: it.y + it.size };
    case 'rect':
    case 'image':
      return { x0: it.x, y0: it.y, x1: it.x + it.w, y1: it.y + it.h };
    case 'circle':
      return { x0: it.cx - it.r, y0: it.cy - it.r, x1: it.cx + it.r, y1: it.cy + it.r };
    case 'line':
      return { x0: Math.min(it.x1, it.x2), y0: Math.min(it.y1, it.y2), x1: Math.max(it.x1, it.x2), y1: Math.max(it.y1, it.y2) };
  }
}

/**
 * The part's extent on the card: every item drawn for that layout element. A part may name
 * alternatives ("picture mark or picture"): the first the card shows, since a card with its own
 * picture draws that instead of the genre's mark, and a teacher may give the pictured card one.
 */
function partBox(list: DisplayList, part: string, code: string): InkBox {
  const shown = (name: string) => list.items.filter((it) => it.field === name).flatMap((it) => extent(it) ?? []);
  const boxes =
    part
      .split(' or ')
      .map((name) => shown(name.trim()))
      .find((b) => b.length > 0) ?? [];
  if (boxes.length === 0)
    throw new BuildError(
      `the card anatomy in the rule book names the part “${part}”, which card ${code} does not show`,
      'name an element of the card’s layout (its `name` in templates/layouts/) in templates/rulebook/figures.yaml',
      'templates/rulebook/figures.yaml',
    );
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

export function anatomyFigure(layout: Layout, words: AnatomyWords, code: string, cards: BookCards, area: Area, items: Item[]): void {
  const f = layout.style.figure;
  const c = layout.style.colours;
  const list = cards.face(code);
  const k = MM * f.anatomy_scale;
  const cardW = list.width * k;
  const cardH = list.height * k;
  const cardX = area.x + (area.width - cardW) / 2;
  const sideW = (area.width - cardW) / 2 - GAP;
  const ops: Op[] = [{ kind: 'card', x: cardX, y: 0, scale: f.anatomy_scale, list, images: cards.images, frame: c.rule }];

  let bottom = cardH;
  for (const side of ['left', 'right'] as const) {
    const labels = words.callouts
      .filter((co) => co.side === side)
      .map((co) => {
        const b = partBox(list, co.part, code);
        // The dot sits just outside the part, on the label's side, so it covers none of it.
        const anchor = { x: cardX + (side === 'left' ? b.x0 * k - DOT_OUT : b.x1 * k + DOT_OUT), y: ((b.y0 + b.y1) / 2) * k };
        const text = figureText(layout, co.label, sideW, 'label', side === 'left' ? 'right' : 'left', `figures.yaml (${co.part})`);
        return { anchor, text, top: 0 };
      })
      .sort((a, b) => a.anchor.y - b.anchor.y);
    // Each label is centred on its part's height, pushed down past the one above it.
    let floor = 0;
    for (const l of labels) {
      l.top = Math.max(floor, l.anchor.y - l.text.height / 2);
      floor = l.top + l.text.height + BETWEEN;
    }
    // …and, should the last run below the card, the column is pulled back up as far as it can go.
    const over = floor - BETWEEN - cardH;
    if (over > 0) {
      let lift = over;
      for (let i = labels.length - 1; i >= 0 && lift > 0; i--) {
        const room = i === 0 ? labels[0]!.top : labels[i]!.top - (labels[i - 1]!.top + labels[i - 1]!.text.height + BETWEEN);
        const move = Math.min(lift, Math.max(0, room));
        for (let j = i; j < labels.length; j++) labels[j]!.top -= move;
        lift -= move;
      }
    }
    for (const l of labels) {
      const x = side === 'left' ? area.x : cardX + cardW + GAP;
      ops.push(...shift(l.text.ops, x, l.top));
      // The line leaves the label beside its first line and ends on the part, with a dot.
      const fromX = side === 'left' ? x + sideW + 2 : x - 2;
      const fromY = l.top + f.label_leading / 2;
      ops.push({ kind: 'line', x1: fromX, y1: fromY, x2: l.anchor.x, y2: l.anchor.y, width: f.line, colour: c.rubric });
      ops.push({ kind: 'dot', x: l.anchor.x, y: l.anchor.y, r: 1.6, colour: c.rubric });
      bottom = Math.max(bottom, l.top + l.text.height);
    }
  }
  const caption = figureText(layout, words.caption, area.width, 'caption', 'center', 'figures.yaml (caption)');
  ops.push(...shift(caption.ops, area.x, bottom + f.space / 2));
  pushGlue(items, f.space);
  items.push(box(bottom + f.space / 2 + caption.height, ops, { panel: area.panel, float: true }));
  pushGlue(items, f.space);
}
