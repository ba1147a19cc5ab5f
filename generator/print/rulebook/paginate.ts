// Cuts the vertical list into pages. Greedy, with four book rules: a chain of kept boxes (a
// heading and the first lines under it) moves to the next page whole; glue vanishes at a page
// top; a table row that opens a page brings its header row with it; a figure that does not fit
// floats to the top of the next page while the text after it fills this one.
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

/** Space below a figure that floated to the top of a page, pt. */
const FLOAT_SPACE = 12;

interface Cut {
  pages: FlowPage[];
  /** How far down each page the last box reaches, pt. */
  used: number[];
}

/**
 * Cuts the list into pages: every run between forced breaks (a chapter, usually) on pages of its
 * own. A run whose last page would hold less than `minTail` pt of text — a few lines left over
 * after a page break — is cut again with its page before ending earlier, so that the last page
 * holds a proper share: a page a few lines short reads better than a page of three lines.
 */
export function paginate(items: Item[], frame: Frame, minTail = 0): FlowPage[] {
  const runs: Item[][] = [[]];
  for (const it of items) {
    if (it.kind === 'break') runs.push([]);
    else runs[runs.length - 1]!.push(it);
  }
  const pages: FlowPage[] = [];
  for (const run of runs) {
    if (!run.some((it) => it.kind === 'box')) continue;
    let cut = cutRun(run, frame, [], pages.length);
    const bottoms: number[] = [];
    for (let tries = 0; tries < 6 && cut.pages.length >= 2; tries++) {
      const last = cut.pages.length - 1;
      const tail = cut.used[last]! - frame.top;
      if (tail >= minTail) break;
      // Give the last page what it lacks from the page before (the cut finds the nearest break above).
      bottoms[last - 1] = Math.min(bottoms[last - 1] ?? frame.bottom, cut.used[last - 1]!) - (minTail - tail);
      const again = cutRun(run, frame, bottoms, pages.length);
      if (again.pages.length !== cut.pages.length) break;
      cut = again;
    }
    pages.push(...cut.pages);
  }
  return pages.filter((p, i) => i === 0 || p.ops.length > 0 || p.anchors.length > 0);
}

/** Greedy cut of one run into pages; page i ends at bottoms[i] when given, else at the frame's bottom. */
function cutRun(items: Item[], frame: Frame, bottoms: number[], firstPage: number): Cut {
  const pages: FlowPage[] = [];
  const used: number[] = [];
  let page: FlowPage | undefined;
  let y = frame.top;
  let bottom = frame.bottom;
  const room = frame.bottom - frame.top;
  const fresh = () => {
    page = { ops: [], anchors: [], panels: [] };
    pages.push(page);
    used.push(frame.top);
    bottom = bottoms[pages.length - 1] ?? frame.bottom;
    y = frame.top;
  };
  const empty = () => y === frame.top;
  const place = (b: Box) => {
    const p = page!;
    p.ops.push(...shift(b.ops, 0, y));
    if (b.anchor) p.anchors.push({ ...b.anchor, page: firstPage + pages.length - 1, y });
    if (b.panel) {
      const frag = p.panels[p.panels.length - 1];
      if (frag && frag.panel.id === b.panel.id) {
        frag.bottom = y + b.height;
        frag.last = Boolean(b.panelEnd);
      } else p.panels.push({ panel: b.panel, top: y, bottom: y + b.height, first: Boolean(b.panelStart), last: Boolean(b.panelEnd) });
    }
    y += b.height;
    used[used.length - 1] = y;
  };

  // Figures waiting for the next page, in order.
  const floats: Box[] = [];
  const next = () => {
    fresh();
    while (floats.length > 0 && (empty() || y + floats[0]!.height <= bottom + 0.01)) {
      place(floats.shift()!);
      y += FLOAT_SPACE;
    }
  };

  // The space after a figure that floated away: the space before it already stands in its place.
  let spaceTaken = false;
  fresh();
  items.forEach((it, i) => {
    if (it.kind === 'break') return; // runs hold none
    if (it.kind === 'glue') {
      if (!empty() && !spaceTaken) y += it.size;
      spaceTaken = false;
      if (y > bottom) next();
      return;
    }
    spaceTaken = false;
    // A figure still waiting when its chapter ends is placed before the next chapter begins, not
    // inside that chapter's first paragraphs (a pack's shorter set-up page sent its picture there).
    if (it.anchor?.level === 1 && floats.length > 0) next();
    const chain = chainHeight(items, i);
    const fitsChain = y + chain <= bottom + 0.01;
    const fitsBox = y + it.height <= bottom + 0.01;
    if (it.float && (floats.length > 0 || (!empty() && !fitsBox))) {
      floats.push(it);
      spaceTaken = items[i - 1]?.kind === 'glue';
      return;
    }
    if (!empty() && ((!fitsChain && chain <= room) || !fitsBox)) {
      next();
      if (it.repeat) place(it.repeat);
    }
    place(it);
  });
  while (floats.length > 0) next();
  return { pages, used };
}
