// The table laid out for the first century, as chapter 3 describes it: the shared cards across
// the middle — world events, chance, the auction lots set aside, the bank — and the market, a
// stack of books for each century; then one country's own place, its national events in a pile
// for each century and its manuscript. Drawn with the decks' own backs (and the manuscript's
// face), small, on a tinted table top.
import type { Game } from '../../../../engine/index.js';
import { MM } from '../../paint/pdf.js';
import { box, pushGlue, type Item } from '../items.js';
import type { Area, Layout } from '../layout.js';
import { shift, type Op } from '../ops.js';
import type { RulebookView } from '../view.js';
import type { BookCards } from './book-cards.js';
import { figureText } from './figure-text.js';
import type { FigureWords } from './words.js';

/** The cards the diagram shows, by the codes of cards whose backs (or face) it draws. */
export interface SetupCards {
  market: string[];
  events: string[];
  world?: string;
  chance?: string;
  lots?: string;
  manuscript?: string;
}

export function setupCards(game: Game, view: RulebookView): SetupCards {
  const first = (pred: (c: Game['cards'][number]) => boolean) => game.cards.find(pred)?.code;
  const field = (c: Game['cards'][number], k: string) => (c as unknown as Record<string, unknown>)[k];
  const market = view.centuries.flatMap((ce) => first((c) => c.type === 'book' && field(c, 'century') === ce.id) ?? []);
  const events = view.centuries.flatMap(
    (ce) => first((c) => c.type === 'national-event' && field(c, 'country') === view.firstCountry.id && field(c, 'century') === ce.id) ?? [],
  );
  const world = view.edition.world_events ? first((c) => c.type === 'world-event') : undefined;
  const chance = first((c) => c.type === 'chance');
  const lots = first((c) => c.type === 'auction-book');
  const manuscript = view.edition.manuscripts ? first((c) => c.type === 'manuscript' && field(c, 'country') === view.firstCountry.id) : undefined;
  return {
    market,
    events,
    ...(world ? { world } : {}),
    ...(chance ? { chance } : {}),
    ...(lots ? { lots } : {}),
    ...(manuscript ? { manuscript } : {}),
  };
}

/** The cards whose backs the diagram shows, and those whose faces it shows. */
export function setupCodes(s: SetupCards): { backs: string[]; faces: string[] } {
  return {
    backs: [...s.market, ...s.events, ...[s.world, s.chance, s.lots].filter((x): x is string => x !== undefined)],
    faces: s.manuscript ? [s.manuscript] : [],
  };
}

/** Inside the table top, and between cards, pt. */
const PAD = 12;
const GAP = 8;
/** How far each card under the top one shows, pt: a pile of three. */
const PILE = 1.6;

export function tableSetupFigure(layout: Layout, words: FigureWords['setup'], setup: SetupCards, cards: BookCards, area: Area, items: Item[]): void {
  const f = layout.style.figure;
  const c = layout.style.colours;
  const w = f.table_card_width;
  const h = w * (88.9 / 63.5);
  const ops: Op[] = [];
  const inner = { x: area.x + PAD, width: area.width - 2 * PAD };

  /** A card at (x, y): its back, or its face; `pile` cards showing beneath it. */
  const card = (x: number, y: number, code: string, side: 'back' | 'face', pile = 2) => {
    const list = side === 'back' ? cards.back(code) : cards.face(code);
    const scale = w / (list.width * MM);
    for (let i = pile; i > 0; i--) ops.push({ kind: 'rect', x: x + i * PILE, y: y + i * PILE, w, h, fill: '#ffffff', stroke: c.rule, lineWidth: 0.4 });
    ops.push({ kind: 'card', x, y, scale, list, images: cards.images, frame: c.rule });
  };
  /** A label centred under [x, x + width]: its height, and the width of its longest line. */
  const label = (text: string, x: number, width: number, y: number, where: string) => {
    const set = figureText(layout, text, width, 'label', 'center', `figures.yaml (setup ${where})`);
    ops.push(...shift(set.ops, x, y));
    return { height: set.height, width: set.width };
  };

  let y = PAD;
  // The shared cards: as many groups as this edition has, spread evenly.
  const groups: { text: string; draw: (x: number, slot: number) => void; where: string }[] = [];
  const middle = (slot: number, span: number) => (slot - span) / 2;
  if (setup.world) groups.push({ text: words.world, where: 'world', draw: (x, slot) => card(x + middle(slot, w), y, setup.world!, 'back') });
  if (setup.chance) groups.push({ text: words.chance, where: 'chance', draw: (x, slot) => card(x + middle(slot, w), y, setup.chance!, 'back') });
  if (setup.lots)
    groups.push({
      text: words.lots,
      where: 'lots',
      // Three lots side by side, overlapping.
      draw: (x, slot) => {
        const span = w + 2 * (w * 0.35);
        for (let i = 0; i < 3; i++) card(x + middle(slot, span) + i * w * 0.35, y, setup.lots!, 'back', 1);
      },
    });
  groups.push({
    text: words.bank,
    where: 'bank',
    draw: (x, slot) => {
      const size = h * 0.62;
      ops.push({ kind: 'icon', name: 'bank', x: x + middle(slot, size), y: y + (h - size) / 2, size, colour: c.ink });
    },
  });
  const slot = inner.width / groups.length;
  let below = 0;
  groups.forEach((g, i) => {
    g.draw(inner.x + i * slot, slot);
    below = Math.max(below, label(g.text, inner.x + i * slot + 3, slot - 6, y + h + 2 * PILE + 4, g.where).height);
  });
  y += h + 2 * PILE + 4 + below + 2 * GAP;

  // The market.
  const rowWidth = (n: number) => n * w + (n - 1) * GAP;
  let x = inner.x + (inner.width - rowWidth(setup.market.length)) / 2;
  for (const code of setup.market) {
    card(x, y, code, 'back');
    x += w + GAP;
  }
  y += h + 2 * PILE + 4;
  y += label(words.market, inner.x, inner.width, y, 'market').height + 2 * GAP;

  // One country's own place: its national events by century, and its manuscript.
  ops.push({ kind: 'line', x1: inner.x, y1: y - GAP, x2: inner.x + inner.width, y2: y - GAP, width: 0.5, colour: c.rule, dash: [2, 2] });
  const own = setup.events.length + (setup.manuscript ? 1 : 0);
  const extra = setup.manuscript ? GAP * 2 : 0;
  x = inner.x + (inner.width - rowWidth(own) - extra) / 2;
  const eventsLeft = x;
  for (const code of setup.events) {
    card(x, y, code, 'back');
    x += w + GAP;
  }
  const eventsWidth = x - GAP - eventsLeft;
  const events = label(words.events, eventsLeft, eventsWidth, y + h + 2 * PILE + 4, 'events');
  let under = events.height;
  if (setup.manuscript) {
    x += extra;
    card(x, y, setup.manuscript, 'face', 0);
    // Its label may use the table's edge beyond it, and reach left as far as the events' label
    // leaves room: with few centuries that label is short and the manuscript sits near the middle.
    const mid = x + w / 2;
    const right = inner.x + inner.width + PAD / 2;
    const eventsEnd = eventsLeft + eventsWidth / 2 + events.width / 2 + GAP;
    const half = Math.max(w / 2 + GAP, Math.min(right - mid, mid - eventsEnd));
    under = Math.max(under, label(words.manuscript, mid - half, 2 * half, y + h + 2 * PILE + 4, 'manuscript').height);
  }
  y += h + 2 * PILE + 4 + under + PAD;

  const top: Op = { kind: 'rect', x: area.x, y: 0, w: area.width, h: y, fill: c.panel, radius: 6 };
  const caption = figureText(layout, words.caption, area.width, 'caption', 'center', 'figures.yaml (setup caption)');
  const all: Op[] = [top, ...ops, ...shift(caption.ops, area.x, y + f.space / 2)];
  pushGlue(items, f.space);
  items.push(box(y + f.space / 2 + caption.height, all, { panel: area.panel, float: true }));
  pushGlue(items, f.space);
}
