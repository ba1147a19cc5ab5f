// Cuts the vertical list into pages. Greedy, with three book rules: a chain of kept boxes (a
// heading and the first lines under it) moves to the next page whole; glue vanishes at a page
// top; a table row that opens a page brings its header row with it.
import type { Anchor, Box, Item, Panel } from './items.js';
import { shift, type Op } from './ops.js';

export interface Frame {
  top: number;
  bottom: number;
}

export interface PlacedAnchor extends Anchor {
  /** 0-based index of the page within the flowed pages. */
  page: number;
  y: number;
}

export interface FlowPage {
  ops: Op[];
  anchors: PlacedAnchor[];
  /** Panel fragments on this page, drawn behind the text. */
  panels: { panel: Panel; top: number; bottom: number; first: boolean; last: boolean }[];
}

/** Height of a box and every box kept with it (and the glue between them). */
function chainHeight(items: Item[], i: number): number {
  let h = 0;
  for (let j = i; j < items.length; j++) {
    const it = items[j]!;
    if (it.kind === 'break') break;
    if (it.kind === 'glue') {
      h += it.size;
      continue;
    }
    h += it.height;
    if (!it.keep) break;
  }
  return h;
}

export function paginate(items: Item[], frame: Frame): FlowPage[] {
  const pages: FlowPage[] = [];
  let page: FlowPage | undefined;
  let y = frame.top;
  const room = frame.bottom - frame.top;
  const fresh = () => {
    page = { ops: [], anchors: [], panels: [] };
    pages.push(page);
    y = frame.top;
  };
  const empty = () => y === frame.top;
  const place = (b: Box) => {
    const p = page!;
    p.ops.push(...shift(b.ops, 0, y));
    if (b.anchor) p.anchors.push({ ...b.anchor, page: pages.length - 1, y });
    if (b.panel) {
      const frag = p.panels[p.panels.length - 1];
      if (frag && frag.panel.id === b.panel.id) {
        frag.bottom = y + b.height;
        frag.last = Boolean(b.panelEnd);
      } else p.panels.push({ panel: b.panel, top: y, bottom: y + b.height, first: Boolean(b.panelStart), last: Boolean(b.panelEnd) });
    }
    y += b.height;
  };

  fresh();
  items.forEach((it, i) => {
    if (it.kind === 'break') {
      if (!empty()) fresh();
      return;
    }
    if (it.kind === 'glue') {
      if (!empty()) y += it.size;
      if (y > frame.bottom) fresh();
      return;
    }
    const chain = chainHeight(items, i);
    const fitsChain = y + chain <= frame.bottom + 0.01;
    const fitsBox = y + it.height <= frame.bottom + 0.01;
    if (!empty() && ((!fitsChain && chain <= room) || !fitsBox)) {
      fresh();
      if (it.repeat) place(it.repeat);
    }
    place(it);
  });
  return pages.filter((p, i) => i === 0 || p.ops.length > 0 || p.anchors.length > 0);
}
